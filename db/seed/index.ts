import { continents, countries as countryList } from "countries-list";
import { eq, sql } from "drizzle-orm";
import type { Database, DbOrTx } from "@/db";
import { companies, countries, permissions, rolePermissions, roles } from "@/db/schema";
import { DEFAULT_ROLES, PERMISSIONS } from "@/lib/auth/permissions";
import { chunksForInsert } from "../chunks";
import { seedDemoData } from "./demo";
import { ensureUser } from "./users";

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

async function seedBootstrapAdmin(db: DbOrTx) {
  const email = process.env.BOOTSTRAP_ADMIN_EMAIL;
  const password = process.env.BOOTSTRAP_ADMIN_PASSWORD;
  if (!email || !password) return;
  await ensureUser(db, { email, password, fullName: "Administrator", roles: ["ADMIN"] });
}
