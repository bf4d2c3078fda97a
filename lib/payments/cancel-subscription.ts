import { assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { getPolicy } from "@/lib/emission/get-policy";
import { movePolicy } from "@/lib/emission/move-policy";
import { canMove } from "@/lib/emission/state-machine";
import { NotFoundError } from "@/lib/errors";
import { writeAudit } from "@/lib/operations/audit";
import { getPolicyOrThrow, toSubscriptionResponse } from "./internal";
import { paymentProcessor } from "./processor";
import { endSubscription } from "./subscription-changes";

/**
 * POST /payments/subscription/cancel. Immediately: cancelled at the processor now and the policy
 * CANCELLED. At period end: the processor is told to stop renewing; the policy stays as it is until
 * customer.subscription.deleted arrives, which cancels it because the service asked for the end.
 */
export async function cancelSubscription({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { policy_id: string; cancel_immediately: boolean };
}) {
  assertCan(ctx.actor, "payments:manage");
  paymentProcessor(); // without card payments configured: 503 before any look-up, as every card endpoint
  return inTransaction(ctx, async (tx) => {
    const { policy } = await getPolicyOrThrow(tx, input.policy_id, { forUpdate: true });
    // Marked as asked for: its customer.subscription.deleted event then cancels the policy.
    const updated = await endSubscription(tx, policy.id, { atPeriodEnd: !input.cancel_immediately });
    if (!updated) throw new NotFoundError("subscription");
    if (input.cancel_immediately && canMove(policy.status, "CANCELLED", "cancellation")) {
      await movePolicy(tx, {
        policyId: policy.id,
        to: "CANCELLED",
        reason: "subscription cancelled immediately",
        trigger: "cancellation",
        set: { cancellationReasonCode: "OTHER" },
      });
    }
    await writeAudit(tx, {
      action: "SUBSCRIPTION_CANCELLED",
      entity: "subscriptions",
      entityId: updated.id,
      companyId: policy.companyId,
      details: { policy_id: policy.id, cancel_immediately: input.cancel_immediately },
    });
    return {
      subscription: toSubscriptionResponse(updated),
      policy: await getPolicy({ ctx: tx, policyId: policy.id }),
    };
  });
}
