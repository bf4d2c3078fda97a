import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditLogs } from "@/db/schema";
import { ALL_PERMISSIONS } from "@/lib/auth/permissions";
import { api } from "@/test/api";
import {
  createTestBusinessUnit,
  createTestCompany,
  createTestUser,
  expectAuditRow,
  signInAs,
  uniqueEmail,
  type SignedIn,
} from "@/test/fixtures";
import { CLIENTE_PERMISSIONS, EVERY_PERMISSION, VENDEDOR_PERMISSIONS } from "@/test/contract-permissions";
import { expectUnauthorized, loginViaApi, me, refreshViaApi } from "./helpers";

type Role = { id: string; name: string; level: number; permissions: string[] };

let admin: SignedIn;
let roles: Role[];
const roleId = (name: string) => roles.find((role) => role.name === name)!.id;

beforeAll(async () => {
  admin = await signInAs("ADMIN");
  roles = (await api("GET", "/api/v1/auth/roles", { token: admin.token })).body;
});

describe("GET /api/v1/auth/me", () => {
  it("returns the full profile with roles [{id, name, level}] and the computed permissions", async () => {
    const caller = await signInAs("VENDEDOR", { fullName: "Vera Vendedora" });
    const res = await me(caller.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: caller.user.id,
      email: caller.user.email,
      full_name: "Vera Vendedora",
      // Created by an administrator, who vouches for the address (trust.md section 1).
      is_verified: true,
      company_id: caller.user.company_id,
      business_unit_id: null,
      roles: [{ id: roleId("VENDEDOR"), name: "VENDEDOR", level: 50 }],
    });
    expect(Object.keys(res.body.roles[0]).sort()).toEqual(["id", "level", "name"]);
    expect([...res.body.permissions].sort()).toEqual(VENDEDOR_PERMISSIONS);
  });

  it("adds up the permissions of several roles, highest level first", async () => {
    const caller = await signInAs(["CLIENTE", "VENDEDOR"]);
    const res = await me(caller.token);
    expect(res.body.roles.map((role: Role) => role.name)).toEqual(["VENDEDOR", "CLIENTE"]);
    expect([...res.body.permissions].sort()).toEqual(
      [...new Set([...VENDEDOR_PERMISSIONS, ...CLIENTE_PERMISSIONS])].sort(),
    );
  });

  it("shows the business unit of a user placed in one", async () => {
    const company = await createTestCompany();
    const unit = await createTestBusinessUnit(company.id);
    const caller = await signInAs("VENDEDOR", { companyId: company.id, businessUnitId: unit.id });
    expect((await me(caller.token)).body).toMatchObject({ company_id: company.id, business_unit_id: unit.id });
  });

  it("refuses an API key caller (403): a key is not a user", async () => {
    const key = await api("POST", "/api/v1/auth/api-keys", {
      token: admin.token,
      body: { name: "crm", permissions: ["geography:read"] },
    });
    const res = await api("GET", "/api/v1/auth/me", { apiKey: key.body.key });
    expect(res.status).toBe(403);
  });
});

describe("GET /api/v1/auth/roles", () => {
  it("lists ADMIN (100), VENDEDOR (50) and CLIENTE (10) with the contract's permissions", async () => {
    const res = await api("GET", "/api/v1/auth/roles", { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.map((role: Role) => [role.name, role.level])).toEqual([
      ["ADMIN", 100],
      ["VENDEDOR", 50],
      ["CLIENTE", 10],
    ]);
    const byName = Object.fromEntries(res.body.map((role: Role) => [role.name, [...role.permissions].sort()]));
    expect(byName.ADMIN).toEqual(EVERY_PERMISSION);
    expect(byName.ADMIN).toEqual([...ALL_PERMISSIONS].sort());
    expect(byName.VENDEDOR).toEqual(VENDEDOR_PERMISSIONS);
    expect(byName.CLIENTE).toEqual(CLIENTE_PERMISSIONS);
    // A few memberships spelled out.
    expect(byName.VENDEDOR).toContain("emission:write");
    expect(byName.VENDEDOR).not.toContain("users:manage");
    expect(byName.VENDEDOR).not.toContain("portal:read");
    expect(byName.CLIENTE).toContain("portal:read");
    expect(byName.CLIENTE).not.toContain("emission:write");
    expect(byName.CLIENTE).not.toContain("leads:read");
  });

  it.each(["VENDEDOR", "CLIENTE"] as const)("refuses %s (403)", async (role) => {
    const caller = await signInAs(role);
    expect((await api("GET", "/api/v1/auth/roles", { token: caller.token })).status).toBe(403);
  });
});

describe("POST /api/v1/auth/roles/assign", () => {
  it("gives a user a role (200, the user as in /auth/me) and audits ROLE_ASSIGNED once; again is a 200 no-op", async () => {
    const user = await createTestUser({ roles: ["CLIENTE"] });
    const res = await api("POST", "/api/v1/auth/roles/assign", {
      token: admin.token,
      body: { user_id: user.id, role_id: roleId("VENDEDOR") },
    });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(user.id);
    expect(res.body.roles.map((role: Role) => role.name)).toEqual(["VENDEDOR", "CLIENTE"]);
    expect(res.body.permissions).toContain("emission:write");
    await expectAuditRow("ROLE_ASSIGNED", user.id);

    const again = await api("POST", "/api/v1/auth/roles/assign", {
      token: admin.token,
      body: { user_id: user.id, role_id: roleId("VENDEDOR") },
    });
    expect(again.status).toBe(200);
    expect(again.body.roles).toEqual(res.body.roles);
    const db = await getDb();
    const rows = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "ROLE_ASSIGNED"), eq(auditLogs.entityId, user.id)));
    expect(rows).toHaveLength(1);
  });

  it("takes effect on the user's next request, with the token it already holds", async () => {
    const caller = await signInAs("CLIENTE");
    expect((await api("GET", "/api/v1/auth/users", { token: caller.token })).status).toBe(403);
    const res = await api("POST", "/api/v1/auth/roles/assign", {
      token: admin.token,
      body: { user_id: caller.user.id, role_id: roleId("ADMIN") },
    });
    expect(res.status).toBe(200);
    expect((await api("GET", "/api/v1/auth/users", { token: caller.token })).status).toBe(200);
    expect((await me(caller.token)).body.permissions).toContain("users:manage");
  });

  it("answers 404 for an unknown user or an unknown role", async () => {
    const user = await createTestUser();
    const unknownUser = await api("POST", "/api/v1/auth/roles/assign", {
      token: admin.token,
      body: { user_id: randomUUID(), role_id: roleId("VENDEDOR") },
    });
    expect(unknownUser.status).toBe(404);
    expect(unknownUser.body.detail).toMatch(/user/);
    const unknownRole = await api("POST", "/api/v1/auth/roles/assign", {
      token: admin.token,
      body: { user_id: user.id, role_id: randomUUID() },
    });
    expect(unknownRole.status).toBe(404);
    expect(unknownRole.body.detail).toMatch(/role/);
  });

  it.each([
    ["user_id", () => ({ user_id: "not-a-uuid", role_id: roleId("VENDEDOR") })],
    ["role_id", (userId: string) => ({ user_id: userId, role_id: "12345" })],
  ])("answers 422 for a malformed %s", async (field, body) => {
    const user = await createTestUser();
    const res = await api("POST", "/api/v1/auth/roles/assign", { token: admin.token, body: body(user.id) });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((error: { path: string }) => error.path)).toContain(field);
  });

  it.each(["VENDEDOR", "CLIENTE"] as const)("refuses %s (403) and changes nothing", async (role) => {
    const caller = await signInAs(role);
    const res = await api("POST", "/api/v1/auth/roles/assign", {
      token: caller.token,
      body: { user_id: caller.user.id, role_id: roleId("ADMIN") },
    });
    expect(res.status).toBe(403);
    expect((await me(caller.token)).body.roles.map((r: Role) => r.name)).toEqual([role]);
  });
});

describe("GET /api/v1/auth/users", () => {
  it("pages through users with the company filter, newest first", async () => {
    const company = await createTestCompany();
    const created = [];
    for (let i = 0; i < 3; i++) created.push(await createTestUser({ companyId: company.id }));
    const page1 = await api("GET", `/api/v1/auth/users?company_id=${company.id}&page_size=2`, { token: admin.token });
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(page1.body.items).toHaveLength(2);
    const page2 = await api("GET", `/api/v1/auth/users?company_id=${company.id}&page_size=2&page=2`, {
      token: admin.token,
    });
    expect(page2.body).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(page2.body.items).toHaveLength(1);
    const listed = [...page1.body.items, ...page2.body.items].map((user: { id: string }) => user.id);
    expect(listed).toEqual(created.map((user) => user.id).reverse());
    // Items are full user responses.
    expect(page1.body.items[0]).toMatchObject({
      company_id: company.id,
      roles: [{ name: "CLIENTE", level: 10 }],
      permissions: expect.any(Array),
    });
  });

  it("filters by e-mail, as a case-insensitive substring", async () => {
    const marker = randomUUID().slice(0, 8);
    const one = await createTestUser({ email: `first-${marker}@example.com` });
    const two = await createTestUser({ email: `second-${marker}@example.com` });
    await createTestUser();
    const res = await api("GET", `/api/v1/auth/users?email=${marker.toUpperCase()}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.items.map((user: { id: string }) => user.id).sort()).toEqual([one.id, two.id].sort());
    const exact = await api("GET", `/api/v1/auth/users?email=${encodeURIComponent(one.email)}`, { token: admin.token });
    expect(exact.body.items.map((user: { id: string }) => user.id)).toEqual([one.id]);
  });

  it("treats % and _ in the e-mail filter as plain characters", async () => {
    const res = await api("GET", `/api/v1/auth/users?email=${encodeURIComponent("%")}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(0);
  });

  it("defaults to page 1 of 50, accepts 200 and refuses 201 (422)", async () => {
    const byDefault = await api("GET", "/api/v1/auth/users", { token: admin.token });
    expect(byDefault.status).toBe(200);
    expect(byDefault.body).toMatchObject({ page: 1, page_size: 50 });
    expect(byDefault.body.items.length).toBe(Math.min(byDefault.body.total, 50));
    expect((await api("GET", "/api/v1/auth/users?page_size=200", { token: admin.token })).body.page_size).toBe(200);
    expect((await api("GET", "/api/v1/auth/users?page_size=201", { token: admin.token })).status).toBe(422);
    expect((await api("GET", "/api/v1/auth/users?page_size=0", { token: admin.token })).status).toBe(422);
    expect((await api("GET", "/api/v1/auth/users?page=0", { token: admin.token })).status).toBe(422);
    expect((await api("GET", "/api/v1/auth/users?company_id=nope", { token: admin.token })).status).toBe(422);
  });
});

describe("POST /api/v1/auth/users", () => {
  it("creates a user with roles by name (201), in the admin's company by default", async () => {
    const email = uniqueEmail("seller");
    const res = await api("POST", "/api/v1/auth/users", {
      token: admin.token,
      body: { email: email.toUpperCase(), password: "a-good-password", full_name: "Sam Seller", roles: ["VENDEDOR"] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email,
      full_name: "Sam Seller",
      company_id: admin.user.company_id,
      business_unit_id: null,
      roles: [{ id: roleId("VENDEDOR"), name: "VENDEDOR", level: 50 }],
    });
    expect([...res.body.permissions].sort()).toEqual(VENDEDOR_PERMISSIONS);
    expect((await loginViaApi(email, "a-good-password")).status).toBe(200);
    await expectAuditRow("USER_CREATED", res.body.id);
  });

  it("defaults to the CLIENTE role", async () => {
    const res = await api("POST", "/api/v1/auth/users", {
      token: admin.token,
      body: { email: uniqueEmail(), password: "a-good-password" },
    });
    expect(res.status).toBe(201);
    expect(res.body.roles.map((role: Role) => role.name)).toEqual(["CLIENTE"]);
  });

  it("places the user in the given company and business unit", async () => {
    const company = await createTestCompany();
    const unit = await createTestBusinessUnit(company.id);
    const res = await api("POST", "/api/v1/auth/users", {
      token: admin.token,
      body: { email: uniqueEmail(), password: "a-good-password", company_id: company.id, business_unit_id: unit.id },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ company_id: company.id, business_unit_id: unit.id });
  });

  it("refuses an e-mail already taken in another letter case (409)", async () => {
    const existing = await createTestUser();
    const res = await api("POST", "/api/v1/auth/users", {
      token: admin.token,
      body: { email: existing.email.toUpperCase(), password: "a-good-password" },
    });
    expect(res.status).toBe(409);
  });

  it("answers 404 for an unknown company, an unknown business unit, or a unit of another company", async () => {
    const company = await createTestCompany();
    const otherUnit = await createTestBusinessUnit((await createTestCompany()).id);
    const cases = [
      { company_id: randomUUID() },
      { company_id: company.id, business_unit_id: randomUUID() },
      { company_id: company.id, business_unit_id: otherUnit.id },
    ];
    for (const placement of cases) {
      const res = await api("POST", "/api/v1/auth/users", {
        token: admin.token,
        body: { email: uniqueEmail(), password: "a-good-password", ...placement },
      });
      expect(res.status, JSON.stringify(placement)).toBe(404);
    }
  });

  it("refuses an unknown role name (422)", async () => {
    const email = uniqueEmail();
    const res = await api("POST", "/api/v1/auth/users", {
      token: admin.token,
      body: { email, password: "a-good-password", roles: ["VENDEDOR", "SUPERUSER"] },
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toMatch(/SUPERUSER/);
    expect((await api("GET", `/api/v1/auth/users?email=${email}`, { token: admin.token })).body.total).toBe(0);
  });

  it("refuses a weak password and a malformed e-mail (422)", async () => {
    expect(
      (
        await api("POST", "/api/v1/auth/users", {
          token: admin.token,
          body: { email: uniqueEmail(), password: "short" },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await api("POST", "/api/v1/auth/users", {
          token: admin.token,
          body: { email: "nope", password: "a-good-password" },
        })
      ).status,
    ).toBe(422);
  });
});

describe("PATCH /api/v1/auth/users/{id}", () => {
  it("edits the name, company and unit (200, the user as in /auth/me)", async () => {
    const user = await createTestUser({ fullName: "Old Name" });
    const company = await createTestCompany();
    const unit = await createTestBusinessUnit(company.id);
    const res = await api("PATCH", `/api/v1/auth/users/${user.id}`, {
      token: admin.token,
      body: { full_name: "New Name", company_id: company.id, business_unit_id: unit.id },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: user.id,
      full_name: "New Name",
      company_id: company.id,
      business_unit_id: unit.id,
      is_active: true,
    });
    expect(res.body.roles.map((role: Role) => role.name)).toEqual(["CLIENTE"]);
  });

  it("deactivating revokes every session of the user at once", async () => {
    const caller = await signInAs("VENDEDOR");
    const second = await loginViaApi(caller.user.email, caller.user.password);
    const res = await api("PATCH", `/api/v1/auth/users/${caller.user.id}`, {
      token: admin.token,
      body: { is_active: false },
    });
    expect(res.status).toBe(200);
    expect(res.body.is_active).toBe(false);
    expectUnauthorized(await me(caller.token));
    expectUnauthorized(await me(second.body.access_token));
    expectUnauthorized(await refreshViaApi(caller.refreshToken));
    expectUnauthorized(await refreshViaApi(second.body.refresh_token));

    // Reactivating lets the user sign in again; the old sessions stay ended.
    const back = await api("PATCH", `/api/v1/auth/users/${caller.user.id}`, {
      token: admin.token,
      body: { is_active: true },
    });
    expect(back.body.is_active).toBe(true);
    expectUnauthorized(await me(caller.token));
    expect((await loginViaApi(caller.user.email, caller.user.password)).status).toBe(200);
  });

  it("answers 404 for an unknown user, company or unit, and 422 for a malformed id", async () => {
    const user = await createTestUser();
    expect(
      (await api("PATCH", `/api/v1/auth/users/${randomUUID()}`, { token: admin.token, body: { full_name: "X" } }))
        .status,
    ).toBe(404);
    expect(
      (await api("PATCH", `/api/v1/auth/users/${user.id}`, { token: admin.token, body: { company_id: randomUUID() } }))
        .status,
    ).toBe(404);
    expect(
      (
        await api("PATCH", `/api/v1/auth/users/${user.id}`, {
          token: admin.token,
          body: { business_unit_id: randomUUID() },
        })
      ).status,
    ).toBe(404);
    const malformed = await api("PATCH", "/api/v1/auth/users/not-a-uuid", {
      token: admin.token,
      body: { full_name: "X" },
    });
    expect(malformed.status).toBe(422);
  });
});
