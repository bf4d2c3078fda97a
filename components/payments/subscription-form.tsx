"use client";

import { CardSubscriptionForm } from "./card-subscription-form";
import { STRIPE_PUBLISHABLE_KEY } from "./stripe-browser";
import { SubscriptionFields } from "./subscription-fields";
import type { Subscription } from "./types";

type SubscriptionFormProps = {
  policyId: string;
  onSubscribed: (subscription: Subscription) => void;
  onCancel: () => void;
};

/**
 * Start a monthly subscription: with a publishable key the card is entered with Stripe Elements;
 * without one the page says how to enable card entry, and a processor payment method id can still be
 * typed (pm_card_visa in test mode), so staff and testers can subscribe.
 */
export function SubscriptionForm(props: SubscriptionFormProps) {
  if (STRIPE_PUBLISHABLE_KEY) return <CardSubscriptionForm {...props} />;
  return (
    <>
      <div className="banner banner-info" role="note">
        Card entry is off. Card payments need <code>STRIPE_SECRET_KEY</code> on the server and{" "}
        <code>NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY</code> in the browser (set before <code>npm run build</code>).
        Meanwhile a payment method id from the processor can be used.
      </div>
      <SubscriptionFields {...props} />
    </>
  );
}
