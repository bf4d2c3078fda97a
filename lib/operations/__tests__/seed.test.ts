import { asc, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { companies, countries, permissions, rolePermissions, roles, userRoles, users } from "@/db/schema";
import { seedDatabase } from "@/db/seed";
import { api } from "@/test/api";
import { CLIENTE_PERMISSIONS, EVERY_PERMISSION, VENDEDOR_PERMISSIONS } from "@/test/contract-permissions";

// The state every installation starts from (contract sections 3 and 12). The test database is a copy
// of a template that seedDatabase has already run on once.

afterEach(() => {
  vi.unstubAllEnvs();
});

async function seededState() {
  const db = await getDb();
  const roleRows = await db
    .select({ id: roles.id, name: roles.name, level: roles.level })
    .from(roles)
    .orderBy(asc(roles.name));
  const grants = await db
    .select({ role: roles.name, permission: rolePermissions.permission })
    .from(rolePermissions)
    .innerJoin(roles, eq(roles.id, rolePermissions.roleId));
  const byRole = Object.fromEntries(
    roleRows.map((role) => [
      role.name,
      grants
        .filter((grant) => grant.role === role.name)
        .map((grant) => grant.permission)
        .sort(),
    ]),
  );
  return {
    roles: roleRows,
    byRole,
    permissions: (await db.select({ name: permissions.name }).from(permissions)).map((row) => row.name).sort(),
    countries: await db
      .select({ id: countries.id, iso: countries.isoCode })
      .from(countries)
      .orderBy(asc(countries.isoCode)),
    companies: await db
      .select({ id: companies.id, name: companies.name, isDefault: companies.isDefault })
      .from(companies)
      .orderBy(asc(companies.id)),
    users: (await db.select({ count: sql<number>`count(*)::int` }).from(users))[0].count,
  };
}

describe("seedDatabase", () => {
  it("creates the three roles with their levels", async () => {
    const { roles: seeded } = await seededState();
    expect(seeded.map(({ name, level }) => ({ name, level }))).toEqual([
      { name: "ADMIN", level: 100 },
      { name: "CLIENTE", level: 10 },
      { name: "VENDEDOR", level: 50 },
    ]);
  });

  it("writes the whole permission catalogue and grants each role its permissions", async () => {
    const state = await seededState();
    expect(state.permissions).toEqual(EVERY_PERMISSION);
    expect(state.byRole.ADMIN).toEqual(EVERY_PERMISSION);
    expect(state.byRole.VENDEDOR).toEqual(VENDEDOR_PERMISSIONS);
    expect(state.byRole.CLIENTE).toEqual(CLIENTE_PERMISSIONS);
  });

  it("creates one default company, named Default company", async () => {
    const { companies: seeded } = await seededState();
    expect(seeded.filter((company) => company.isDefault).map((company) => company.name)).toEqual(["Default company"]);
  });

  it("loads the 249 ISO 3166-1 countries", async () => {
    const { countries: seeded } = await seededState();
    expect(seeded).toHaveLength(249);
    expect(seeded.map((country) => country.iso)).toEqual(expect.arrayContaining(["MX", "ES", "US", "AR", "ZA"]));
  });

  it("changes nothing when it runs again, twice", async () => {
    const before = await seededState();
    await seedDatabase(await getDb());
    await seedDatabase(await getDb());
    expect(await seededState()).toEqual(before);
  });

  it("creates an ADMIN user from BOOTSTRAP_ADMIN_EMAIL and BOOTSTRAP_ADMIN_PASSWORD, once", async () => {
    const db = await getDb();
    vi.stubEnv("BOOTSTRAP_ADMIN_EMAIL", "Boss@Example.com");
    vi.stubEnv("BOOTSTRAP_ADMIN_PASSWORD", "bootstrap-password-123");
    const before = (await seededState()).users;
    await seedDatabase(db);
    await seedDatabase(db);
    expect((await seededState()).users).toBe(before + 1);

    const [user] = await db.select().from(users).where(eq(users.email, "boss@example.com"));
    expect(user).toMatchObject({ isActive: true, isVerified: true });
    const [defaultCompany] = await db.select().from(companies).where(eq(companies.isDefault, true));
    expect(user.companyId).toBe(defaultCompany.id);
    const granted = await db
      .select({ name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, user.id));
    expect(granted.map((role) => role.name)).toEqual(["ADMIN"]);

    // The administrator can sign in and use an ADMIN-only endpoint.
    const login = await api("POST", "/api/v1/auth/login", {
      body: { email: "boss@example.com", password: "bootstrap-password-123" },
    });
    expect(login.status).toBe(200);
    expect((await api("GET", "/api/v1/audit/", { token: login.body.access_token })).status).toBe(200);
  });

  it("creates no user when only one of the two bootstrap settings is set", async () => {
    vi.stubEnv("BOOTSTRAP_ADMIN_EMAIL", "half@example.com");
    vi.stubEnv("BOOTSTRAP_ADMIN_PASSWORD", undefined);
    const before = (await seededState()).users;
    await seedDatabase(await getDb());
    expect((await seededState()).users).toBe(before);
  });
});
