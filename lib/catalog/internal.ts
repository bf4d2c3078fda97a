import { and, asc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import {
  ageSurcharges,
  companies,
  countries,
  coverages,
  plans,
  planVersionCountries,
  planVersions,
  planVersionZones,
  policies,
  products,
  zoneCountries,
  zones,
  type Plan,
  type PlanVersion,
  type Product,
} from "@/db/schema";
import { can, scopeOf, type Actor } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { ForbiddenError, NotFoundError, ValidationError, type FieldError } from "@/lib/errors";
import { availableCountryCodes } from "./pricing";
import type {
  CreatePlanInput,
  CreateVersionInput,
  PlanResponse,
  ProductResponse,
  UpdateVersionInput,
  VersionResponse,
} from "./schemas";

/** Plans a caller may see: every plan for ADMIN, else the shared plans and its own company's. */
export function visiblePlans(actor: Actor): SQL | undefined {
  const scope = scopeOf(actor);
  return scope ? or(isNull(plans.companyId), eq(plans.companyId, scope.companyId)) : undefined;
}

/** Products a caller may see (trust.md section 3): every product for ADMIN, else the shared ones and its own company's. */
export function visibleProducts(actor: Actor): SQL | undefined {
  const scope = scopeOf(actor);
  return scope ? or(isNull(products.companyId), eq(products.companyId, scope.companyId)) : undefined;
}

/**
 * A caller scoped to one company (an API key, a user outside ADMIN) edits only its company's own products
 * and what lies under them (trust.md section 3): a shared product or another company's is 403, the answer
 * trust.md gives, after the 404 of an id that names no product at all.
 */
export function assertMayEditProduct(actor: Actor, productCompanyId: string | null): void {
  const scope = scopeOf(actor);
  if (scope && productCompanyId !== scope.companyId)
    throw new ForbiddenError("you may edit only your own company's products");
}

/** How a scoped look-up reads: `forEdit` when the caller is about to change what it reads. */
export type LookupOptions = { forEdit?: boolean };

/**
 * A product: to read, one the caller may see (404 otherwise); `forEdit`, 404 when there is none and 403
 * when it is not the caller's to edit.
 */
export async function getProductOrThrow(
  ctx: ServiceContext,
  productId: string,
  options: LookupOptions = {},
): Promise<Product> {
  const [product] = await ctx.db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), options.forEdit ? undefined : visibleProducts(ctx.actor)));
  if (!product) throw new NotFoundError("product");
  if (options.forEdit) assertMayEditProduct(ctx.actor, product.companyId);
  return product;
}

/**
 * A plan: to read, one the caller may see with its product (404 otherwise); `forEdit` (to add a version),
 * 404 when there is none and 403 when its product is not the caller's to edit.
 */
export async function getPlanOrThrow(ctx: ServiceContext, planId: string, options: LookupOptions = {}): Promise<Plan> {
  const [row] = await ctx.db
    .select({ plan: plans, productCompanyId: products.companyId })
    .from(plans)
    .innerJoin(products, eq(products.id, plans.productId))
    .where(
      and(
        eq(plans.id, planId),
        options.forEdit ? undefined : visiblePlans(ctx.actor),
        options.forEdit ? undefined : visibleProducts(ctx.actor),
      ),
    );
  if (!row) throw new NotFoundError("plan");
  if (options.forEdit) assertMayEditProduct(ctx.actor, row.productCompanyId);
  return row.plan;
}

/**
 * A version with the company of its plan: to read, one the caller may see, its plan and product visible to
 * the caller (404 otherwise); `forEdit`, locked for update, 404 when there is none and 403 when its product
 * is not the caller's to edit.
 */
export async function getVersionOrThrow(
  ctx: ServiceContext,
  versionId: string,
  options: LookupOptions = {},
): Promise<{ version: PlanVersion; companyId: string | null }> {
  const query = ctx.db
    .select({ version: planVersions, companyId: plans.companyId, productCompanyId: products.companyId })
    .from(planVersions)
    .innerJoin(plans, eq(plans.id, planVersions.planId))
    .innerJoin(products, eq(products.id, plans.productId));
  const [row] = options.forEdit
    ? await query.where(eq(planVersions.id, versionId)).for("update", { of: planVersions })
    : await query.where(and(eq(planVersions.id, versionId), visiblePlans(ctx.actor), visibleProducts(ctx.actor)));
  if (!row) throw new NotFoundError("plan version");
  if (options.forEdit) assertMayEditProduct(ctx.actor, row.productCompanyId);
  return { version: row.version, companyId: row.companyId };
}

/**
 * A product's plans belong to its company (trust.md section 3): a plan that names a `company_id` must
 * name the product's (422 at the plan's path), for a shared product too, whose plans are shared.
 */
export function assertPlansOfProductCompany(
  productCompanyId: string | null,
  items: Array<{ path: string; companyId?: string }>,
): void {
  const errors: FieldError[] = items
    .filter((item) => item.companyId !== undefined && item.companyId !== productCompanyId)
    .map((item) => ({
      path: `${item.path}company_id`,
      message: productCompanyId
        ? "must be the product's company"
        : "the product is shared by every company: its plans cannot belong to one",
      code: "not_product_company",
    }));
  if (errors.length > 0) throw new ValidationError(`invalid ${errors[0].path}: ${errors[0].message}`, errors);
}

export async function isVersionInUse(db: DbOrTx, versionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: policies.id })
    .from(policies)
    .where(eq(policies.planVersionId, versionId))
    .limit(1);
  return Boolean(row);
}

/**
 * Checks the references of nested input that only the database can check (countries, zones,
 * companies) and lists every bad one with its path, so a nested create fails whole with 422. A caller
 * scoped to one company (an API key) knows no other company: a plan it names for another is refused
 * like an unknown one, so that it cannot plant plans in another company's catalog.
 */
export async function checkReferences(
  db: DbOrTx,
  items: Array<{
    path: string;
    version?: Pick<CreateVersionInput, "countries" | "zones"> | UpdateVersionInput;
    companyId?: string;
  }>,
  actor?: Actor,
): Promise<void> {
  const codes = new Set<string>();
  const zoneIds = new Set<string>();
  const companyIds = new Set<string>();
  for (const { version, companyId } of items) {
    version?.countries?.forEach((rule) => codes.add(rule.country_code));
    version?.zones?.forEach((rule) => zoneIds.add(rule.zone_id));
    if (companyId) companyIds.add(companyId);
  }
  const knownCodes = new Set(
    codes.size
      ? (
          await db
            .select({ code: countries.isoCode })
            .from(countries)
            .where(inArray(countries.isoCode, [...codes]))
        ).map((row) => row.code)
      : [],
  );
  const knownZones = new Set(
    zoneIds.size
      ? (
          await db
            .select({ id: zones.id })
            .from(zones)
            .where(inArray(zones.id, [...zoneIds]))
        ).map((row) => row.id)
      : [],
  );
  const scope = actor ? scopeOf(actor) : null;
  const knownCompanies = new Set(
    companyIds.size
      ? (
          await db
            .select({ id: companies.id })
            .from(companies)
            .where(and(inArray(companies.id, [...companyIds]), scope ? eq(companies.id, scope.companyId) : undefined))
        ).map((row) => row.id)
      : [],
  );
  const errors: FieldError[] = [];
  for (const { path, version, companyId } of items) {
    version?.countries?.forEach((rule, index) => {
      if (!knownCodes.has(rule.country_code))
        errors.push({
          path: `${path}countries.${index}.country_code`,
          message: `unknown country ${rule.country_code}`,
          code: "unknown_country",
        });
    });
    version?.zones?.forEach((rule, index) => {
      if (!knownZones.has(rule.zone_id))
        errors.push({ path: `${path}zones.${index}.zone_id`, message: "unknown zone", code: "unknown_zone" });
    });
    if (companyId && !knownCompanies.has(companyId))
      errors.push({ path: `${path}company_id`, message: "unknown company", code: "unknown_company" });
  }
  if (errors.length > 0) throw new ValidationError(`invalid ${errors[0].path}: ${errors[0].message}`, errors);
}

/** Writes the countries, zones, surcharge bands and coverages of a version (each list given replaces the old). */
export async function writeVersionRules(
  db: DbOrTx,
  versionId: string,
  rules: Partial<Pick<CreateVersionInput, "countries" | "zones" | "age_surcharges" | "coverages">>,
) {
  if (rules.countries) {
    await db.delete(planVersionCountries).where(eq(planVersionCountries.planVersionId, versionId));
    if (rules.countries.length) {
      await db.insert(planVersionCountries).values(
        rules.countries.map((rule) => ({
          planVersionId: versionId,
          countryCode: rule.country_code,
          isAvailable: rule.is_available,
          price: rule.price ?? null,
        })),
      );
    }
  }
  if (rules.zones) {
    await db.delete(planVersionZones).where(eq(planVersionZones.planVersionId, versionId));
    if (rules.zones.length) {
      await db.insert(planVersionZones).values(
        rules.zones.map((rule) => ({
          planVersionId: versionId,
          zoneId: rule.zone_id,
          isAvailable: rule.is_available,
        })),
      );
    }
  }
  if (rules.age_surcharges) {
    await db.delete(ageSurcharges).where(eq(ageSurcharges.planVersionId, versionId));
    if (rules.age_surcharges.length) {
      await db.insert(ageSurcharges).values(
        rules.age_surcharges.map((band) => ({
          planVersionId: versionId,
          minAge: band.min_age,
          maxAge: band.max_age,
          percentage: band.percentage,
        })),
      );
    }
  }
  if (rules.coverages) {
    await db.delete(coverages).where(eq(coverages.planVersionId, versionId));
    if (rules.coverages.length) {
      await db.insert(coverages).values(
        rules.coverages.map((coverage) => ({
          planVersionId: versionId,
          name: coverage.name,
          description: coverage.description ?? null,
          limitAmount: coverage.limit_amount ?? null,
        })),
      );
    }
  }
}

/** Inserts plans with their versions under a product, each belonging to the product's company; returns the plan ids. */
export async function insertPlans(
  db: DbOrTx,
  product: { id: string; companyId: string | null },
  planInputs: CreatePlanInput[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const input of planInputs) {
    const [plan] = await db
      .insert(plans)
      .values({
        productId: product.id,
        name: input.name,
        companyId: product.companyId,
        processorPriceId: input.processor_price_id ?? null,
        // Its own insert time, not the transaction's: plans are listed by created_at in the order given.
        createdAt: sql`clock_timestamp()`,
      })
      .returning({ id: plans.id });
    for (const version of input.versions) await insertVersion(db, plan.id, version);
    ids.push(plan.id);
  }
  return ids;
}

/** Inserts a version with its rules. */
export async function insertVersion(db: DbOrTx, planId: string, input: CreateVersionInput): Promise<string> {
  const [version] = await db
    .insert(planVersions)
    .values({
      planId,
      versionLabel: input.version_label ?? null,
      costPrice: input.cost_price,
      publicPrice: input.public_price,
      currency: input.currency,
      maxEntryAge: input.max_entry_age,
      maxRenewalAge: input.max_renewal_age,
      wtimeSuicide: input.wtime_suicide,
      wtimeAccident: input.wtime_accident,
      wtimePreexisting: input.wtime_preexisting,
      wtimeNatural: input.wtime_natural,
      gracePeriodDays: input.grace_period_days,
      notTakenUpDays: input.not_taken_up_days,
      reinstatementWindowDays: input.reinstatement_window_days,
      coolingOffDays: input.cooling_off_days,
      isRenewable: input.is_renewable,
      renewalNoticeDays: input.renewal_notice_days,
      isActive: input.is_active,
      // Versions are listed by created_at. The default now() is the transaction's start, the same for
      // every version of one nested create, and such ties come back in whatever order the table holds
      // them (an edited row moves to the end); the insert's own time keeps the order given.
      createdAt: sql`clock_timestamp()`,
    })
    .returning({ id: planVersions.id });
  await writeVersionRules(db, version.id, input);
  return version.id;
}

/** The given products as answered: the whole tree under each (plans the caller may see, versions, and their rules). */
export async function toProductResponses(ctx: ServiceContext, productList: Product[]): Promise<ProductResponse[]> {
  if (productList.length === 0) return [];
  const { db, actor } = ctx;
  const planRows = await db
    .select()
    .from(plans)
    .where(
      and(
        inArray(
          plans.productId,
          productList.map((product) => product.id),
        ),
        visiblePlans(actor),
      ),
    )
    .orderBy(asc(plans.createdAt));
  const versions = await loadVersions(db, actor, { planIds: planRows.map((plan) => plan.id) });
  return productList.map((product) => ({
    id: product.id,
    name: product.name,
    description: product.description,
    product_type: product.productType,
    is_active: product.isActive,
    company_id: product.companyId,
    created_at: product.createdAt.toISOString(),
    updated_at: product.updatedAt.toISOString(),
    plans: planRows.filter((plan) => plan.productId === product.id).map((plan) => toPlanResponse(plan, versions)),
  }));
}

export function toPlanResponse(plan: Plan, versions: VersionResponse[]): PlanResponse {
  return {
    id: plan.id,
    product_id: plan.productId,
    name: plan.name,
    company_id: plan.companyId,
    processor_price_id: plan.processorPriceId,
    versions: versions.filter((version) => version.plan_id === plan.id),
  };
}

/** Versions with their rules, by plan or by id; the internal cost shows only to catalog editors. */
export async function loadVersions(
  db: DbOrTx,
  actor: Actor,
  which: { planIds?: string[]; versionIds?: string[] },
): Promise<VersionResponse[]> {
  const filter = which.versionIds
    ? inArray(planVersions.id, which.versionIds)
    : inArray(planVersions.planId, which.planIds ?? []);
  if ((which.versionIds ?? which.planIds ?? []).length === 0) return [];
  const rows = await db.select().from(planVersions).where(filter).orderBy(asc(planVersions.createdAt));
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [countryRows, zoneRows, zoneCountryRows, bandRows, coverageRows, usedRows] = await Promise.all([
    db
      .select()
      .from(planVersionCountries)
      .where(inArray(planVersionCountries.planVersionId, ids))
      .orderBy(asc(planVersionCountries.countryCode)),
    db
      .select({
        planVersionId: planVersionZones.planVersionId,
        zoneId: planVersionZones.zoneId,
        isAvailable: planVersionZones.isAvailable,
        name: zones.name,
      })
      .from(planVersionZones)
      .innerJoin(zones, eq(zones.id, planVersionZones.zoneId))
      .where(inArray(planVersionZones.planVersionId, ids))
      .orderBy(asc(zones.name)),
    db
      .selectDistinct({ planVersionId: planVersionZones.planVersionId, code: countries.isoCode })
      .from(planVersionZones)
      .innerJoin(zoneCountries, eq(zoneCountries.zoneId, planVersionZones.zoneId))
      .innerJoin(countries, eq(countries.id, zoneCountries.countryId))
      .where(and(inArray(planVersionZones.planVersionId, ids), eq(planVersionZones.isAvailable, true))),
    db.select().from(ageSurcharges).where(inArray(ageSurcharges.planVersionId, ids)).orderBy(asc(ageSurcharges.minAge)),
    db.select().from(coverages).where(inArray(coverages.planVersionId, ids)).orderBy(asc(coverages.name)),
    db.selectDistinct({ id: policies.planVersionId }).from(policies).where(inArray(policies.planVersionId, ids)),
  ]);
  const used = new Set(usedRows.map((row) => row.id));
  const showsCost = can(actor, "plans:write");
  return rows.map((version) => ({
    id: version.id,
    plan_id: version.planId,
    version_label: version.versionLabel,
    cost_price: showsCost ? version.costPrice : null,
    public_price: version.publicPrice,
    currency: version.currency,
    max_entry_age: version.maxEntryAge,
    max_renewal_age: version.maxRenewalAge,
    wtime_suicide: version.wtimeSuicide,
    wtime_accident: version.wtimeAccident,
    wtime_preexisting: version.wtimePreexisting,
    wtime_natural: version.wtimeNatural,
    grace_period_days: version.gracePeriodDays,
    not_taken_up_days: version.notTakenUpDays,
    reinstatement_window_days: version.reinstatementWindowDays,
    cooling_off_days: version.coolingOffDays,
    is_renewable: version.isRenewable,
    renewal_notice_days: version.renewalNoticeDays,
    is_active: version.isActive,
    in_use: used.has(version.id),
    countries: countryRows
      .filter((row) => row.planVersionId === version.id)
      .map((row) => ({ country_code: row.countryCode, is_available: row.isAvailable, price: row.price })),
    zones: zoneRows
      .filter((row) => row.planVersionId === version.id)
      .map((row) => ({ zone_id: row.zoneId, zone_name: row.name, is_available: row.isAvailable })),
    age_surcharges: bandRows
      .filter((row) => row.planVersionId === version.id)
      .map((row) => ({ id: row.id, min_age: row.minAge, max_age: row.maxAge, percentage: row.percentage })),
    coverages: coverageRows
      .filter((row) => row.planVersionId === version.id)
      .map((row) => ({ id: row.id, name: row.name, description: row.description, limit_amount: row.limitAmount })),
    available_countries: availableCountryCodes(
      countryRows.filter((row) => row.planVersionId === version.id),
      zoneCountryRows.filter((row) => row.planVersionId === version.id).map((row) => row.code),
    ),
    created_at: version.createdAt.toISOString(),
  }));
}
