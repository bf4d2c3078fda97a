import { and, eq, sql } from "drizzle-orm";
import type { Connection, DbOrTx } from "@/db";
import {
  ageSurcharges,
  countries,
  plans,
  planVersionCountries,
  planVersions,
  planVersionZones,
  products,
  zoneCountries,
} from "@/db/schema";
import { scopeOf, type Actor } from "@/lib/auth/actor";
import {
  calculatePrice,
  unitPriceOf,
  type CountryAvailability,
  type PriceQuote,
  type PriceRequest,
  type PricingVersion,
  type SurchargeBand,
  type UnitPrice,
} from "./pricing";

/** Everything the pricing engine needs about one version, read once and cached. */
export type PricingConfig = {
  version: PricingVersion;
  planCompanyId: string | null;
  productCompanyId: string | null;
  explicitCountries: Map<string, { isAvailable: boolean; price: string | null }>;
  zoneCountries: Set<string>;
  bands: SurchargeBand[];
};

// Prices are read far more often than the catalog changes, so configs are cached per process. Every
// catalog write (and every zone change) bumps the generation after its commit (inCatalogTransaction in
// catalog-transaction.ts does it); a read that began before a bump does not store what it read, so a
// stale config never outlives the write.
type CacheState = { generation: number; configs: Map<string, PricingConfig> };
const holder = globalThis as typeof globalThis & { __coverPricingCache?: CacheState };
const cache: CacheState = (holder.__coverPricingCache ??= { generation: 0, configs: new Map() });

/** Drops this process's configs. A catalog write does not call it: inCatalogTransaction does. */
export function invalidatePricingCache(): void {
  cache.generation++;
  cache.configs.clear();
}

// A catalog has few distinct (base price, surcharge percentage) pairs and every quote needs one: its unit
// price is worked out once and kept, keyed by the two amounts' own text, so a kept value is exactly what
// the arithmetic gives (Decimal values are immutable). Only the multiplication by the quantity is per quote.
// The currency is part of the key: it decides the rounding. A kept value depends on nothing in the
// database, so a catalog change leaves it valid.
const UNIT_PRICES_KEPT = 1000;
const unitPrices = new Map<string, UnitPrice>();

function keptUnitPriceOf(basePrice: string, percentageText: string, currency: string): UnitPrice {
  const key = `${basePrice}|${percentageText}|${currency}`;
  let kept = unitPrices.get(key);
  if (!kept) {
    kept = unitPriceOf(basePrice, percentageText, currency);
    if (unitPrices.size >= UNIT_PRICES_KEPT) unitPrices.clear();
    unitPrices.set(key, kept);
  }
  return kept;
}

/** Prices a request with the pricing engine against a (cached) config, its unit prices kept between quotes. */
export function quotePrice(config: PricingConfig, request: PriceRequest): PriceQuote {
  return calculatePrice(
    config.version,
    availabilityIn(config, request.countryCode),
    config.bands,
    request,
    keptUnitPriceOf,
  );
}

// Other server processes keep caches of their own: a catalog write announces itself on this channel
// inside its transaction (PostgreSQL delivers a NOTIFY only when the transaction commits), and every
// process listening drops its cache.
const CATALOG_CHANGED = "catalog_changed";

export async function announceCatalogChange(db: DbOrTx): Promise<void> {
  await db.execute(sql`select pg_notify(${CATALOG_CHANGED}, '')`);
}

/** Drops this process's cache whenever any process changes the catalog (and when listening restarts). */
export function listenForCatalogChanges(connection: Pick<Connection, "listen">): Promise<() => Promise<void>> {
  return connection.listen(CATALOG_CHANGED, invalidatePricingCache, invalidatePricingCache);
}

/**
 * Whether the caller may price and sell the version: ADMIN and the system always; anyone else when its
 * plan and its product are shared or its own company's (trust.md section 3). Read from the cached config,
 * so the check costs no query.
 */
export function isSoldTo(config: PricingConfig, actor: Actor): boolean {
  const scope = scopeOf(actor);
  return (
    !scope ||
    [config.planCompanyId, config.productCompanyId].every((owner) => owner === null || owner === scope.companyId)
  );
}

export function availabilityIn(config: PricingConfig, countryCode: string): CountryAvailability {
  return {
    explicit: config.explicitCountries.get(countryCode) ?? null,
    availableThroughZone: config.zoneCountries.has(countryCode),
  };
}

/** The version's pricing config, or null when the version does not exist. */
export async function getPricingConfig(db: DbOrTx, versionId: string): Promise<PricingConfig | null> {
  const cached = cache.configs.get(versionId);
  if (cached) return cached;
  const generation = cache.generation;
  const config = await readPricingConfig(db, versionId);
  if (config && generation === cache.generation) cache.configs.set(versionId, config);
  return config;
}

async function readPricingConfig(db: DbOrTx, versionId: string): Promise<PricingConfig | null> {
  const [row] = await db
    .select({
      version: planVersions,
      planCompanyId: plans.companyId,
      productCompanyId: products.companyId,
      productIsActive: products.isActive,
    })
    .from(planVersions)
    .innerJoin(plans, eq(plans.id, planVersions.planId))
    .innerJoin(products, eq(products.id, plans.productId))
    .where(eq(planVersions.id, versionId));
  if (!row) return null;
  const [countryRows, zoneRows, bandRows] = await Promise.all([
    db.select().from(planVersionCountries).where(eq(planVersionCountries.planVersionId, versionId)),
    db
      .selectDistinct({ code: countries.isoCode })
      .from(planVersionZones)
      .innerJoin(zoneCountries, eq(zoneCountries.zoneId, planVersionZones.zoneId))
      .innerJoin(countries, eq(countries.id, zoneCountries.countryId))
      .where(and(eq(planVersionZones.planVersionId, versionId), eq(planVersionZones.isAvailable, true))),
    db.select().from(ageSurcharges).where(eq(ageSurcharges.planVersionId, versionId)),
  ]);
  const { version } = row;
  return {
    // A deactivated product stops selling: its versions price as inactive.
    version: {
      id: version.id,
      isActive: version.isActive && row.productIsActive,
      publicPrice: version.publicPrice,
      currency: version.currency,
      maxEntryAge: version.maxEntryAge,
    },
    planCompanyId: row.planCompanyId,
    productCompanyId: row.productCompanyId,
    explicitCountries: new Map(
      countryRows.map((rule) => [rule.countryCode, { isAvailable: rule.isAvailable, price: rule.price }]),
    ),
    zoneCountries: new Set(zoneRows.map((zoneRow) => zoneRow.code)),
    bands: bandRows.map((band) => ({ minAge: band.minAge, maxAge: band.maxAge, percentage: band.percentage })),
  };
}
