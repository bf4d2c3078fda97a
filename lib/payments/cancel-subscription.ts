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
  paymentProcessor();
  return inTransaction(ctx, async (tx) => {
    const { policy } = await getPolicyOrThrow(tx, input.policy_id, { forUpdate: true });
    const subscription = await endSubscription(tx, policy.id, { atPeriodEnd: !input.cancel_immediately });
    if (!subscription) throw new NotFoundError("subscription");
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
      entityId: subscription.id,
      companyId: policy.companyId,
      details: { policy_id: policy.id, cancel_immediately: input.cancel_immediately },
    });
    return {
      subscription: toSubscriptionResponse(subscription),
      policy: await getPolicy({ ctx: tx, policyId: policy.id }),
    };
  });
}
