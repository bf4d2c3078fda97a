import { continents, countries as countryList } from "countries-list";
import { eq, sql } from "drizzle-orm";
import type { Database, DbOrTx } from "@/db";
import { companies, countries, permissions, rolePermissions, roles } from "@/db/schema";
import { hashPassword } from "@/lib/auth/passwords";
import { DEFAULT_ROLES, PERMISSIONS, type RoleName } from "@/lib/auth/permissions";
import { findRolesByName, findUserByEmail, getDefaultCompanyId, insertUser } from "@/lib/identity/internal";
import { chunksForInsert } from "../chunks";
import { seedDemoData } from "./demo";

export const DEFAULT_COMPANY_NAME = "Default company";

// countries-list also carries codes outside ISO 3166-1's assigned set: Ascension and Tristan da Cunha
// (exceptionally reserved) and Kosovo (user-assigned).
const NOT_ISO_3166_1 = new Set(["AC", "TA", "XK"]);

/**
 * Brings a database to the state every installation starts from; safe to run at every start-up.
 * The permission catalogue and the default roles are re-applied, so a release that adds a permission
 * reaches existing installations.
 */
export async function seedDatabase(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    // One seeder at a time when several server processes start together.
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    await seedCountries(tx);
    await seedRoles(tx);
    await seedDefaultCompany(tx);
    await seedBootstrapAdmin(tx);
    if (process.env.SEED_DEMO === "1") await seedDemoData(tx);
  });
}

async function seedCountries(db: DbOrTx) {
  const rows = Object.entries(countryList)
    .filter(([code]) => !NOT_ISO_3166_1.has(code))
    .map(([isoCode, country]) => ({ isoCode, name: country.name, continent: continents[country.continent] }));
  for (const chunk of chunksForInsert(rows))
    await db.insert(countries).values(chunk).onConflictDoNothing({ target: countries.isoCode });
}

async function seedRoles(db: DbOrTx) {
  await db
    .insert(permissions)
    .values(Object.entries(PERMISSIONS).map(([name, description]) => ({ name, description })))
    .onConflictDoUpdate({ target: permissions.name, set: { description: sql`excluded.description` } });
  for (const role of DEFAULT_ROLES) {
    const [row] = await db
      .insert(roles)
      .values({ name: role.name, level: role.level, description: role.description })
      .onConflictDoUpdate({ target: roles.name, set: { level: role.level } })
      .returning({ id: roles.id });
    await db
      .insert(rolePermissions)
      .values(role.permissions.map((permission) => ({ roleId: row.id, permission })))
      .onConflictDoNothing();
  }
}

async function seedDefaultCompany(db: DbOrTx) {
  const [existing] = await db.select({ id: companies.id }).from(companies).where(eq(companies.isDefault, true));
  if (!existing) await db.insert(companies).values({ name: DEFAULT_COMPANY_NAME, isDefault: true });
}

/** Creates a user with roles unless the e-mail exists; returns the user's id either way. */
export async function ensureUser(
  db: DbOrTx,
  input: { email: string; password: string; fullName: string; roles: RoleName[]; companyId?: string },
): Promise<string> {
  const existing = await findUserByEmail(db, input.email);
  if (existing) return existing.id;
  const user = await insertUser(db, {
    email: input.email,
    passwordHash: await hashPassword(input.password),
    fullName: input.fullName,
    companyId: input.companyId ?? (await getDefaultCompanyId(db)),
    isVerified: true,
    roleIds: (await findRolesByName(db, input.roles)).map((role) => role.id),
  });
  return user.id;
}

async function seedBootstrapAdmin(db: DbOrTx) {
  const email = process.env.BOOTSTRAP_ADMIN_EMAIL;
  const password = process.env.BOOTSTRAP_ADMIN_PASSWORD;
  if (!email || !password) return;
  await ensureUser(db, { email, password, fullName: "Administrator", roles: ["ADMIN"] });
}
