import { eq } from "drizzle-orm";
import { countries, zoneCountries, zones } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { NotFoundError } from "@/lib/errors";
import { inCatalogTransaction } from "@/lib/catalog/catalog-transaction";
import { writeAudit } from "./audit";
import { toZoneResponses } from "./internal";

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
