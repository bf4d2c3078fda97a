import { asc, eq, inArray } from "drizzle-orm";
import { countries, zoneCountries, zones, type Zone } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { ConflictError, isUniqueViolation, NotFoundError } from "@/lib/errors";
import type { DbOrTx } from "@/db";
import { inCatalogTransaction } from "@/lib/catalog/catalog-transaction";
import { writeAudit } from "./audit";
import type { CreateZoneInput } from "./schemas";

// Alphabetical as people read it: a database with the C collation orders by bytes, "Türkiye" after "Tuvalu".
const byName = new Intl.Collator("en").compare;

export async function listCountries({ ctx }: { ctx: ServiceContext }) {
  assertCan(ctx.actor, "geography:read");
  const rows = await ctx.db.select().from(countries);
  return rows
    .sort((a, b) => byName(a.name, b.name))
    .map((country) => ({
      id: country.id,
      iso_code: country.isoCode,
      name: country.name,
      continent: country.continent,
    }));
}

async function toZoneResponses(db: DbOrTx, list: Zone[]) {
  const links = list.length
    ? await db
        .select({ zoneId: zoneCountries.zoneId, id: countries.id, iso_code: countries.isoCode, name: countries.name })
        .from(zoneCountries)
        .innerJoin(countries, eq(countries.id, zoneCountries.countryId))
        .where(
          inArray(
            zoneCountries.zoneId,
            list.map((zone) => zone.id),
          ),
        )
        .orderBy(asc(countries.name))
    : [];
  return list.map((zone) => ({
    id: zone.id,
    name: zone.name,
    description: zone.description,
    countries: links
      .filter((link) => link.zoneId === zone.id)
      .map(({ id, iso_code, name }) => ({ id, iso_code, name })),
  }));
}

export async function listZones({ ctx }: { ctx: ServiceContext }) {
  assertCan(ctx.actor, "geography:read");
  return toZoneResponses(ctx.db, await ctx.db.select().from(zones).orderBy(asc(zones.name)));
}

const ZONE_NAME_TAKEN = "a zone with this name already exists";

export async function createZone({ ctx, input }: { ctx: ServiceContext; input: CreateZoneInput }) {
  assertCan(ctx.actor, "geography:manage");
  try {
    return await inCatalogTransaction(ctx, async (tx) => {
      const [taken] = await tx.db.select({ id: zones.id }).from(zones).where(eq(zones.name, input.name));
      if (taken) throw new ConflictError(ZONE_NAME_TAKEN);
      const [zone] = await tx.db
        .insert(zones)
        .values({ name: input.name, description: input.description ?? null })
        .returning();
      await writeAudit(tx, {
        action: "ZONE_CREATED",
        entity: "zones",
        entityId: zone.id,
        companyId: null,
        details: { name: zone.name },
      });
      return (await toZoneResponses(tx.db, [zone]))[0];
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(ZONE_NAME_TAKEN);
    throw error;
  }
}

/** Links a country (by UUID or ISO code) to a zone; linking it twice changes nothing. */
export async function linkCountryToZone({
  ctx,
  zoneId,
  country,
}: {
  ctx: ServiceContext;
  zoneId: string;
  country: string;
}) {
  assertCan(ctx.actor, "geography:manage");
  // A plan available in this zone is now available in the country too.
  return inCatalogTransaction(ctx, async (tx) => {
    const [zone] = await tx.db.select().from(zones).where(eq(zones.id, zoneId));
    if (!zone) throw new NotFoundError("zone");
    const byCode = /^[A-Z]{2}$/.test(country);
    const [found] = await tx.db
      .select()
      .from(countries)
      .where(byCode ? eq(countries.isoCode, country) : eq(countries.id, country));
    if (!found) throw new NotFoundError("country");
    const inserted = await tx.db
      .insert(zoneCountries)
      .values({ zoneId: zone.id, countryId: found.id })
      .onConflictDoNothing()
      .returning();
    if (inserted.length > 0) {
      await writeAudit(tx, {
        action: "ZONE_COUNTRY_LINKED",
        entity: "zones",
        entityId: zone.id,
        companyId: null,
        details: { country: found.isoCode },
      });
    }
    return (await toZoneResponses(tx.db, [zone]))[0];
  });
}
