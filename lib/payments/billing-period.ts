import type Stripe from "stripe";

/** The next midnight (UTC) falling on `day` of a month, strictly after `now`. */
export function nextAnchor(day: number, now = new Date()): Date {
  const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), day));
  return thisMonth > now ? thisMonth : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, day));
}

/** The end of the current period: at this API version the processor keeps it on the subscription's items. */
export function periodEndOf(subscription: Stripe.Subscription): Date | null {
  const ends = subscription.items.data
    .map((item) => item.current_period_end)
    .filter((end): end is number => typeof end === "number");
  return ends.length > 0 ? new Date(Math.min(...ends) * 1000) : null;
}
