import { eq } from "drizzle-orm";
import type { CancellationReasonCode } from "@/db/enums";
import { claims, clients, planVersions, policies, type Policy, type PolicyStatus } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { todayUtc } from "@/lib/emission/dates";
import { getPolicy } from "@/lib/emission/get-policy";
import { getPolicyOrThrow } from "@/lib/emission/internal";
import { movePolicy } from "@/lib/emission/move-policy";
import { addDays } from "@/lib/emission/premium-dates";
import { ConflictError } from "@/lib/errors";
import { formatMoney, money } from "@/lib/money";
import { enqueueNotification } from "@/lib/notifications/enqueue-notification";
import { clientLanguage } from "@/lib/notifications/language";
import { writeAudit } from "@/lib/operations/audit";
import { toTransactionResponse } from "@/lib/payments/internal";
import { refundPremiums } from "@/lib/payments/refunds";
import { endSubscription } from "@/lib/payments/subscription-changes";
import { withoutStoring } from "./dry-run";
import type { CancellationResponse } from "./schemas";

export type Cancellation = {
  reason_code: CancellationReasonCode;
  reason: string;
  when: "NOW" | "END_OF_PAID_PERIOD";
};

/** Statuses with no way out: cancelling such a policy is 409. */
const FINAL_STATUSES: readonly PolicyStatus[] = ["CANCELLED", "EXPIRED", "NOT_TAKEN_UP"];

/** POST /emission/policies/{id}/cancel (lifecycle.md section 8). */
export async function cancelPolicy({
  ctx,
  policyId,
  input,
  dryRun = false,
}: {
  ctx: ServiceContext;
  policyId: string;
  input: Cancellation;
  dryRun?: boolean;
}): Promise<CancellationResponse> {
  assertCan(ctx.actor, "policies:transition");
  return cancel(ctx, (tx) => getPolicyOrThrow(tx, policyId, { forUpdate: true }), input, { dryRun });
}

/**
 * A cancellation of the policy `find` locks (the back office's, the client's own, the transition
 * endpoint's). In the cooling-off period of the first term, with no claim ever opened, the policy is
 * cancelled now and every premium received is refunded, whatever `when` asked; otherwise NOW cancels
 * it without refund and END_OF_PAID_PERIOD leaves it as it is until its paid-to date (cancel_at), when
 * the lifecycle run cancels it. A policy with nothing paid, or paid only to a day already past, has no
 * paid period left to wait for: it is cancelled now. A dry run answers the same and stores nothing,
 * without a word to the processor.
 */
export async function cancel(
  ctx: ServiceContext,
  find: (tx: ServiceContext) => Promise<Policy>,
  input: Cancellation,
  options: { dryRun: boolean },
): Promise<CancellationResponse> {
  const run = async (tx: ServiceContext) => cancelFound(tx, await find(tx), input, options);
  return options.dryRun ? withoutStoring(ctx, run) : inTransaction(ctx, run);
}

async function cancelFound(
  tx: ServiceContext,
  policy: Policy,
  input: Cancellation,
  options: { dryRun: boolean },
): Promise<CancellationResponse> {
  if (FINAL_STATUSES.includes(policy.status))
    throw new ConflictError(`policy ${policy.policyNumber} is ${policy.status} and cannot be cancelled`);
  const today = todayUtc();
  const coolingOff = await isInCoolingOff(tx, policy, today);
  const cancelAt =
    !coolingOff && input.when === "END_OF_PAID_PERIOD" && policy.paidToDate !== null && policy.paidToDate >= today
      ? policy.paidToDate
      : null;
  if (cancelAt) {
    await tx.db
      .update(policies)
      .set({ cancelAt, autoRenew: false, cancellationReasonCode: input.reason_code, updatedAt: new Date() })
      .where(eq(policies.id, policy.id));
  } else {
    await movePolicy(tx, {
      policyId: policy.id,
      to: "CANCELLED",
      reason: input.reason,
      trigger: "cancellation",
      set: { cancellationReasonCode: input.reason_code, cancelAt: null },
    });
  }
  const refunds = coolingOff ? await refundPremiums(tx, policy, { atProcessor: !options.dryRun }) : [];
  const refundAmount = formatMoney(refunds.reduce((sum, refund) => sum.minus(refund.amount), money(0)));
  if (!options.dryRun) await endSubscription(tx, policy.id, { atPeriodEnd: cancelAt !== null });
  await writeAudit(tx, {
    action: "POLICY_CANCELLED",
    entity: "policies",
    entityId: policy.id,
    companyId: policy.companyId,
    details: {
      reason_code: input.reason_code,
      reason: input.reason,
      when: input.when,
      cooling_off: coolingOff,
      cancel_at: cancelAt,
      refund_amount: refundAmount,
      refunds: refunds.map((refund) => refund.id),
    },
  });
  const [client] = await tx.db.select().from(clients).where(eq(clients.id, policy.clientId));
  await enqueueNotification(tx, {
    channel: "EMAIL",
    recipient: client.email,
    template: "policy.cancelled",
    language: clientLanguage(client),
    companyId: policy.companyId,
    payload: {
      name: client.firstName,
      policy_number: policy.policyNumber,
      cancelled_on: cancelAt ?? today,
      is_scheduled: cancelAt !== null,
      refund_amount: refundAmount,
      currency: policy.currency,
    },
  });
  return {
    policy: await getPolicy({ ctx: tx, policyId: policy.id }),
    refund_amount: refundAmount,
    refunds: refunds.map(toTransactionResponse),
  };
}

/**
 * Cooling-off (lifecycle.md section 8): the first term, today no later than start_date +
 * cooling_off_days, and no claim ever opened on the policy.
 */
async function isInCoolingOff(tx: ServiceContext, policy: Policy, today: string): Promise<boolean> {
  if (policy.termNumber !== 1) return false;
  const [version] = await tx.db
    .select({ coolingOffDays: planVersions.coolingOffDays })
    .from(planVersions)
    .where(eq(planVersions.id, policy.planVersionId));
  if (today > addDays(policy.startDate, version.coolingOffDays)) return false;
  const [claim] = await tx.db.select({ id: claims.id }).from(claims).where(eq(claims.policyId, policy.id)).limit(1);
  return !claim;
}
