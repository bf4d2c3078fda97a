import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { planVersionCountries, planVersions, type PlanVersion } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { ConflictError, ValidationError } from "@/lib/errors";
import { writeAudit } from "@/lib/operations/audit";
import { inCatalogTransaction } from "./catalog-transaction";
import { getVersion } from "./get-version";
import { checkReferences, getVersionOrThrow, isVersionInUse, writeVersionRules } from "./internal";
import { pricesWithDecimals, type UpdateVersionInput } from "./schemas";

/**
 * The prices the version will have, in the currency it will have, must be whole when that currency has
 * no decimals (trust.md section 7): what the edit sends, else what the version keeps (its country prices
 * too, when only the currency changes). 422 naming each price.
 */
async function assertWholePricesIfZeroDecimal(db: DbOrTx, current: PlanVersion, input: UpdateVersionInput) {
  const currency = input.currency ?? current.currency;
  const countries =
    input.countries ??
    (input.currency !== undefined
      ? await db
          .select({ price: planVersionCountries.price })
          .from(planVersionCountries)
          .where(eq(planVersionCountries.planVersionId, current.id))
      : undefined);
  const issues = pricesWithDecimals(currency, {
    public_price: input.public_price ?? current.publicPrice,
    cost_price: input.cost_price ?? current.costPrice,
    countries,
  });
  if (issues.length === 0) return;
  const errors = issues.map((issue) => ({
    path: issue.path.join("."),
    message: issue.message,
    code: issue.params.code,
  }));
  throw new ValidationError(`invalid ${errors[0].path}: ${errors[0].message}`, errors);
}

const TERMS: Array<keyof UpdateVersionInput> = [
  "version_label",
  "cost_price",
  "public_price",
  "currency",
  "max_entry_age",
  "max_renewal_age",
  "wtime_suicide",
  "wtime_accident",
  "wtime_preexisting",
  "wtime_natural",
  "grace_period_days",
  "not_taken_up_days",
  "reinstatement_window_days",
  "cooling_off_days",
  "is_renewable",
  "renewal_notice_days",
  "countries",
  "zones",
  "age_surcharges",
  "coverages",
];

/**
 * PATCH /plan-versions/{id}: activation always; the terms only while no policy uses the version (a
 * policy keeps the terms it was issued on), else 409 and a new version is the way.
 */
export async function updateVersion({
  ctx,
  versionId,
  input,
}: {
  ctx: ServiceContext;
  versionId: string;
  input: UpdateVersionInput;
}) {
  assertCan(ctx.actor, "plans:write");
  await inCatalogTransaction(ctx, async (tx) => {
    const { version: current, companyId } = await getVersionOrThrow(tx, versionId, { forEdit: true });
    const changesTerms = TERMS.some((field) => input[field] !== undefined);
    if (changesTerms && (await isVersionInUse(tx.db, versionId))) {
      throw new ConflictError("the plan version is used by policies and cannot change; create a new version");
    }
    const maxEntryAge = input.max_entry_age ?? current.maxEntryAge;
    const maxRenewalAge = input.max_renewal_age ?? current.maxRenewalAge;
    if (maxRenewalAge < maxEntryAge) {
      const message = "max_renewal_age must not be below max_entry_age";
      throw new ValidationError(message, [{ path: "max_renewal_age", message, code: "renewal_age_below_entry_age" }]);
    }
    await checkReferences(tx.db, [{ path: "", version: input }]);
    await assertWholePricesIfZeroDecimal(tx.db, current, input);
    await tx.db
      .update(planVersions)
      .set({
        ...(input.is_active !== undefined && { isActive: input.is_active }),
        ...(input.version_label !== undefined && { versionLabel: input.version_label }),
        ...(input.cost_price !== undefined && { costPrice: input.cost_price }),
        ...(input.public_price !== undefined && { publicPrice: input.public_price }),
        ...(input.currency !== undefined && { currency: input.currency }),
        maxEntryAge,
        maxRenewalAge,
        ...(input.wtime_suicide !== undefined && { wtimeSuicide: input.wtime_suicide }),
        ...(input.wtime_accident !== undefined && { wtimeAccident: input.wtime_accident }),
        ...(input.wtime_preexisting !== undefined && { wtimePreexisting: input.wtime_preexisting }),
        ...(input.wtime_natural !== undefined && { wtimeNatural: input.wtime_natural }),
        ...(input.grace_period_days !== undefined && { gracePeriodDays: input.grace_period_days }),
        ...(input.not_taken_up_days !== undefined && { notTakenUpDays: input.not_taken_up_days }),
        ...(input.reinstatement_window_days !== undefined && {
          reinstatementWindowDays: input.reinstatement_window_days,
        }),
        ...(input.cooling_off_days !== undefined && { coolingOffDays: input.cooling_off_days }),
        ...(input.is_renewable !== undefined && { isRenewable: input.is_renewable }),
        ...(input.renewal_notice_days !== undefined && { renewalNoticeDays: input.renewal_notice_days }),
      })
      .where(eq(planVersions.id, versionId));
    await writeVersionRules(tx.db, versionId, input);
    await writeAudit(tx, {
      action: "PLAN_VERSION_UPDATED",
      entity: "plan_versions",
      entityId: versionId,
      companyId,
      details: { changes: input },
    });
  });
  return getVersion({ ctx, versionId });
}
