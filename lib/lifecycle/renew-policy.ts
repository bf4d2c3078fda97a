import { eq, inArray, sql } from "drizzle-orm";
import { beneficiaries, policies, type Beneficiary, type Policy } from "@/db/schema";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { movePolicy } from "@/lib/emission/move-policy";
import { addDays } from "@/lib/emission/premium-dates";
import { recordTerm } from "@/lib/emission/terms";
import { writeAudit } from "@/lib/operations/audit";
import { endSubscription, updateSubscriptionAmount } from "@/lib/payments/subscription-changes";
import { planRenewal, type RenewalPlan } from "./renewal-plan";

export type RenewalOutcome =
  | {
      outcome: "renewed";
      policy: Policy;
      premiumBefore: string;
      premiumAfter: string;
      dropped: Array<{ beneficiary_id: string; reason: string }>;
    }
  | { outcome: "expired"; policy: Policy; reason: string };

/**
 * Step 5 of the lifecycle run (lifecycle.md section 5): an ACTIVE policy whose term ended before `asOf`
 * is renewed (planRenewal decides how), or becomes EXPIRED effective end_date + 1. Called inside the
 * run's transaction with the policy locked.
 */
export async function renewOrExpire(ctx: ServiceContext, policy: Policy, asOf: string): Promise<RenewalOutcome> {
  if (asOf <= policy.endDate) throw new Error(`policy ${policy.policyNumber}'s term runs until ${policy.endDate}`);
  return inTransaction(ctx, async (tx) => {
    const decision = await planRenewal(tx.db, policy);
    if (decision.renews) return renew(tx, policy, decision);
    const expired = await movePolicy(tx, {
      policyId: policy.id,
      to: "EXPIRED",
      reason: `term ended on ${policy.endDate}: ${decision.reason}`,
      trigger: "lifecycle",
      effectiveDate: addDays(policy.endDate, 1),
    });
    // An expired policy is owed no more premiums: its card subscription must stop billing.
    await endSubscription(tx, policy.id, { atPeriodEnd: false });
    return { outcome: "expired", policy: expired, reason: decision.reason };
  });
}

async function renew(ctx: ServiceContext, policy: Policy, plan: RenewalPlan): Promise<RenewalOutcome> {
  if (plan.dropped.length > 0)
    await ctx.db
      .update(beneficiaries)
      .set({ coverEndDate: policy.endDate })
      .where(
        inArray(
          beneficiaries.id,
          plan.dropped.map(({ beneficiary }) => beneficiary.id),
        ),
      );
  // Each kept life's age and price for the new term, in one statement however many lives.
  const rows = plan.lives.map(
    ({ beneficiary, age, price }) => sql`(${beneficiary.id}::uuid, ${age}::integer, ${price}::numeric)`,
  );
  await ctx.db.execute(
    sql`update ${beneficiaries} set age_at_term_start = v.age, price = v.price
      from (values ${sql.join(rows, sql`, `)}) as v(id, age, price) where ${beneficiaries.id} = v.id`,
  );
  const kept: Beneficiary[] = plan.lives.map(({ beneficiary, age, price }) => ({
    ...beneficiary,
    ageAtTermStart: age,
    price,
  }));
  // start_date, the policy number, the paid-to date and credit carry on into the new term.
  const [renewed] = await ctx.db
    .update(policies)
    .set({
      termNumber: plan.termNumber,
      termStartDate: plan.termStartDate,
      endDate: plan.endDate,
      planVersionId: plan.planVersionId,
      finalPrice: plan.premium,
      updatedAt: new Date(),
    })
    .where(eq(policies.id, policy.id))
    .returning();
  await recordTerm(ctx.db, renewed, kept);
  const dropped = plan.dropped.map(({ beneficiary, reason }) => ({ beneficiary_id: beneficiary.id, reason }));
  await writeAudit(ctx, {
    action: "POLICY_RENEWED",
    entity: "policies",
    entityId: policy.id,
    companyId: policy.companyId,
    details: {
      term_number: renewed.termNumber,
      premium_before: policy.finalPrice,
      premium_after: renewed.finalPrice,
      dropped,
    },
  });
  await updateSubscriptionAmount(ctx, renewed);
  return {
    outcome: "renewed",
    policy: renewed,
    premiumBefore: policy.finalPrice,
    premiumAfter: renewed.finalPrice,
    dropped,
  };
}
