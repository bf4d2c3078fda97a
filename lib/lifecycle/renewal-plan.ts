import { and, asc, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import {
  beneficiaries,
  clients,
  plans,
  planVersions,
  products,
  type Beneficiary,
  type PlanVersion,
  type Policy,
} from "@/db/schema";
import { isAvailableIn } from "@/lib/catalog/pricing";
import { availabilityIn, getPricingConfig, quotePrice, type PricingConfig } from "@/lib/catalog/pricing-config";
import { ageOn, endOfYearOfCover } from "@/lib/emission/dates";
import { addDays } from "@/lib/emission/premium-dates";
import { COVERING_STATUSES, isCovering } from "@/lib/emission/state-machine";
import { formatMoney, money } from "@/lib/money";

// What a policy's renewal at the end of its term would do (lifecycle.md section 5), worked out once for
// the preview, the renewal notice and the renewal itself, so that the three never disagree.

/** A life kept for the next term, priced at its age on the term's first day. */
export type RenewedLife = { beneficiary: Beneficiary; age: number; price: string };
/** A covered life the next term does not keep, and why. */
export type DroppedLife = { beneficiary: Beneficiary; reason: string };

export type RenewalPlan = {
  termNumber: number;
  termStartDate: string;
  endDate: string;
  planVersionId: string;
  premium: string;
  lives: RenewedLife[];
  dropped: DroppedLife[];
};

/** Why a policy will not renew, with a stable code a page can word in its own language. */
export type RenewalRefusal = {
  code:
    "not_in_force" | "not_renewable" | "auto_renew_off" | "cancellation_pending" | "no_active_version" | "no_life_left";
  reason: string;
};

export type RenewalDecision = ({ renews: true } & RenewalPlan) | ({ renews: false } & RenewalRefusal);

function refuse(code: RenewalRefusal["code"], reason: string): RenewalDecision {
  return { renews: false, code, reason };
}

/**
 * Whether the policy renews at the end of its current term, and how: the version (its own while still
 * active, else the newest active version of its plan), the lives kept (living, still covered, at most
 * max_renewal_age on the new term's first day, in a country still available) with their prices, and the
 * lives dropped. Reads only; renewOrExpire applies it.
 */
export async function planRenewal(db: DbOrTx, policy: Policy): Promise<RenewalDecision> {
  if (!isCovering(policy.status))
    return refuse(
      "not_in_force",
      `the policy is ${policy.status}: only a policy ${COVERING_STATUSES.join(" or ")} renews`,
    );
  const current = await versionWithPlan(db, policy.planVersionId);
  // is_renewable is a term the policy was sold under: its own version's, not the one it would renew on.
  if (!current.version.isRenewable) return refuse("not_renewable", "the policy's plan version is not renewable");
  if (!policy.autoRenew) return refuse("auto_renew_off", "auto_renew is off");
  if (policy.cancelAt !== null)
    return refuse("cancellation_pending", `the policy is to be cancelled after ${policy.cancelAt}`);

  const version = current.isActive ? current.version : await newestActiveVersion(db, current.version.planId, policy);
  const config = version ? await getPricingConfig(db, version.id) : null;
  if (!version || !config) return refuse("no_active_version", "no active version to renew on");

  const termStartDate = addDays(policy.endDate, 1);
  const [people, [client]] = await Promise.all([
    db
      .select()
      .from(beneficiaries)
      .where(eq(beneficiaries.policyId, policy.id))
      .orderBy(asc(beneficiaries.position), asc(beneficiaries.id)),
    db.select({ country: clients.countryOfResidence }).from(clients).where(eq(clients.id, policy.clientId)),
  ]);
  const covered = people.filter((person) => !person.deceasedFlag && person.coverEndDate === null);
  if (covered.length === 0) return refuse("no_life_left", "no life is covered any more");

  // At renewal max_renewal_age decides who stays, not max_entry_age: the engine's entry-age check is
  // given the renewal age, which every life priced here is within.
  const renewalPricing: PricingConfig = {
    ...config,
    version: { ...config.version, maxEntryAge: version.maxRenewalAge },
  };
  const lives: RenewedLife[] = [];
  const dropped: DroppedLife[] = [];
  for (const beneficiary of covered) {
    const age = ageOn(beneficiary.dateOfBirth, termStartDate);
    const country = beneficiary.countryOfResidence ?? client.country;
    if (age > version.maxRenewalAge)
      dropped.push({
        beneficiary,
        reason: `age ${age} at ${termStartDate} exceeds the maximum renewal age of ${version.maxRenewalAge}`,
      });
    else if (!isAvailableIn(availabilityIn(config, country)))
      dropped.push({ beneficiary, reason: `the plan is not available in ${country}` });
    else
      lives.push({
        beneficiary,
        age,
        price: quotePrice(renewalPricing, { countryCode: country, age, quantity: 1 }).final_price,
      });
  }
  if (lives.length === 0)
    return refuse(
      "no_life_left",
      `no life would remain covered: ${dropped.map(({ beneficiary, reason }) => `${nameOf(beneficiary)}: ${reason}`).join("; ")}`,
    );

  return {
    renews: true,
    termNumber: policy.termNumber + 1,
    termStartDate,
    endDate: endOfYearOfCover(termStartDate),
    planVersionId: version.id,
    premium: formatMoney(lives.reduce((sum, life) => sum.plus(life.price), money(0))),
    lives,
    dropped,
  };
}

function nameOf(beneficiary: Beneficiary): string {
  return `${beneficiary.firstName} ${beneficiary.lastName}`;
}

/** The version and whether it still sells (a deactivated product stops its versions, as in pricing). */
async function versionWithPlan(db: DbOrTx, versionId: string): Promise<{ version: PlanVersion; isActive: boolean }> {
  const [row] = await db
    .select({ version: planVersions, productIsActive: products.isActive })
    .from(planVersions)
    .innerJoin(plans, eq(plans.id, planVersions.planId))
    .innerJoin(products, eq(products.id, plans.productId))
    .where(eq(planVersions.id, versionId));
  return { version: row.version, isActive: row.version.isActive && row.productIsActive };
}

/**
 * The newest active version of the plan in the policy's currency: the premium, the credit and the card
 * subscription carry on in that currency, so a version priced in another cannot take the policy over.
 */
async function newestActiveVersion(db: DbOrTx, planId: string, policy: Policy): Promise<PlanVersion | null> {
  const [row] = await db
    .select({ version: planVersions })
    .from(planVersions)
    .innerJoin(plans, eq(plans.id, planVersions.planId))
    .innerJoin(products, eq(products.id, plans.productId))
    .where(
      and(
        eq(planVersions.planId, planId),
        eq(planVersions.isActive, true),
        eq(products.isActive, true),
        eq(planVersions.currency, policy.currency),
      ),
    )
    .orderBy(desc(planVersions.createdAt), desc(planVersions.id))
    .limit(1);
  return row?.version ?? null;
}
