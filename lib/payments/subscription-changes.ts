import { and, desc, eq, ne, sql } from "drizzle-orm";
import { policies, subscriptions, type Policy, type Subscription } from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { periodEndOf } from "./billing-period";
import { callProcessor, paymentProcessor, toMinorUnits } from "./processor";

// What the lifecycle changes in a policy's card subscription (lifecycle.md sections 4, 5, 7 and 8): its
// amount after a renewal or an endorsement, and its end when the service cancels the policy.

/** A subscription is live until the processor has cancelled it. */
const live = ne(subscriptions.status, "CANCELED");

/** Whether the policy (of the surrounding query) has a live subscription, for the lifecycle run's selects. */
export const hasLiveSubscription = sql`exists (select 1 from ${subscriptions} where ${subscriptions.policyId} = ${policies.id} and ${live})`;

/** The policy's subscription that still bills, locked; null when it has none. */

export async function liveSubscriptionOf(ctx: ServiceContext, policyId: string): Promise<Subscription | null> {
  const [subscription] = await ctx.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.policyId, policyId), live))
    .orderBy(desc(subscriptions.createdAt))
    .for("update");
  return subscription ?? null;
}

/**
 * Bills the policy's premium (final_price) from the next invoice on, without proration; nothing when the
 * policy has no live subscription. Returns whether the processor was told.
 */
export async function updateSubscriptionAmount(ctx: ServiceContext, policy: Policy): Promise<boolean> {
  const subscription = await liveSubscriptionOf(ctx, policy.id);
  if (!subscription) return false;
  const stripe = paymentProcessor();
  const remote = await callProcessor(() => stripe.subscriptions.retrieve(subscription.processorSubscriptionId));
  const [item] = remote.items.data;
  const product = typeof item.price.product === "string" ? item.price.product : item.price.product.id;
  await callProcessor(() =>
    stripe.subscriptions.update(
      subscription.processorSubscriptionId,
      {
        items: [
          {
            id: item.id,
            price_data: {
              currency: policy.currency.toLowerCase(),
              product,
              unit_amount: toMinorUnits(policy.finalPrice, policy.currency),
              recurring: { interval: "month" },
            },
          },
        ],
        proration_behavior: "none",
      },
      { idempotencyKey: `subscription-amount-${subscription.id}-${policy.finalPrice}-${policy.termNumber}` },
    ),
  );
  return true;
}

/**
 * Ends the policy's subscription because the service cancels the policy: now, or at the end of the paid
 * period. Marked as asked for, so that its customer.subscription.deleted event cancels the policy (a
 * subscription the processor ends by itself leaves the policy to the lifecycle). Nothing without one.
 */
export async function endSubscription(
  ctx: ServiceContext,
  policyId: string,
  options: { atPeriodEnd: boolean },
): Promise<Subscription | null> {
  const subscription = await liveSubscriptionOf(ctx, policyId);
  if (!subscription) return null;
  const stripe = paymentProcessor();
  const remote = options.atPeriodEnd
    ? await callProcessor(() =>
        stripe.subscriptions.update(subscription.processorSubscriptionId, { cancel_at_period_end: true }),
      )
    : await callProcessor(() => stripe.subscriptions.cancel(subscription.processorSubscriptionId));
  const [updated] = await ctx.db
    .update(subscriptions)
    .set({
      status: remote.status.toUpperCase(),
      cancelAtPeriodEnd: remote.cancel_at_period_end,
      currentPeriodEnd: periodEndOf(remote),
      cancelRequested: true,
      updatedAt: new Date(),
    })
    .where(eq(subscriptions.id, subscription.id))
    .returning();
  return updated;
}
