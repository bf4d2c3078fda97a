import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";

/**
 * The publishable key of the card processor. Next.js writes NEXT_PUBLIC_ variables into the browser
 * bundle at build time, so setting it needs a new `npm run build`.
 */
export const STRIPE_PUBLISHABLE_KEY = process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY ?? "";

let stripe: Promise<Stripe | null> | null = null;

/**
 * Stripe.js, loaded from js.stripe.com the first time a card form opens (the /pure entry adds no script
 * on import, so pages without card entry never contact Stripe). One instance per page, as Stripe asks.
 */
export function getStripe(): Promise<Stripe | null> {
  stripe ??= loadStripe(STRIPE_PUBLISHABLE_KEY);
  return stripe;
}
