import { and, desc, eq, ne } from "drizzle-orm";
import { subscriptions } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { getPolicy } from "@/lib/emission/get-policy";
import { movePolicy } from "@/lib/emission/move-policy";
import { NotFoundError } from "@/lib/errors";
import { writeAudit } from "@/lib/operations/audit";
import { periodEndOf } from "./billing-period";
import { getPolicyOrThrow, toSubscriptionResponse } from "./internal";
import { callProcessor, paymentProcessor } from "./processor";

/**
 * POST /payments/subscription/cancel. Immediately: cancelled at the processor now and the policy
 * CANCELLED. At period end: the processor is told to stop renewing; the policy stays as it is until
 * customer.subscription.deleted arrives.
 */
export async function cancelSubscription({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { policy_id: string; cancel_immediately: boolean };
}) {
  assertCan(ctx.actor, "payments:manage");
  const stripe = paymentProcessor();
  return inTransaction(ctx, async (tx) => {
    const { policy } = await getPolicyOrThrow(tx, input.policy_id, { forUpdate: true });
    const [subscription] = await tx.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.policyId, policy.id), ne(subscriptions.status, "CANCELED")))
      .orderBy(desc(subscriptions.createdAt))
      .for("update");
    if (!subscription) throw new NotFoundError("subscription");
    const remote = input.cancel_immediately
      ? await callProcessor(() => stripe.subscriptions.cancel(subscription.processorSubscriptionId))
      : await callProcessor(() =>
          stripe.subscriptions.update(subscription.processorSubscriptionId, { cancel_at_period_end: true }),
        );
    const [updated] = await tx.db
      .update(subscriptions)
      .set({
        status: remote.status.toUpperCase(),
        cancelAtPeriodEnd: remote.cancel_at_period_end,
        currentPeriodEnd: periodEndOf(remote),
        updatedAt: new Date(),
      })
      .where(eq(subscriptions.id, subscription.id))
      .returning();
    if (input.cancel_immediately && policy.status !== "CANCELLED" && policy.status !== "EXPIRED") {
      await movePolicy(tx, {
        policyId: policy.id,
        to: "CANCELLED",
        reason: "subscription cancelled immediately",
        trigger: "manual",
      });
    }
    await writeAudit(tx, {
      action: "SUBSCRIPTION_CANCELLED",
      entity: "subscriptions",
      entityId: subscription.id,
      companyId: policy.companyId,
      details: { policy_id: policy.id, cancel_immediately: input.cancel_immediately },
    });
    return { subscription: toSubscriptionResponse(updated), policy: await getPolicy({ ctx: tx, policyId: policy.id }) };
  });
}
