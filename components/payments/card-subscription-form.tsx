"use client";

import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import { useLocale, useTranslations } from "next-intl";
import { ApiError } from "@/components/ui/api-client";
import { getStripe } from "./stripe-browser";
import { SubscriptionFields } from "./subscription-fields";
import type { Subscription } from "./types";

type CardSubscriptionFormProps = {
  policyId: string;
  onSubscribed: (subscription: Subscription) => void;
  onCancel: () => void;
};

/** The subscription form with the card typed into Stripe's own field: card numbers never reach our server. */
export function CardSubscriptionForm(props: CardSubscriptionFormProps) {
  // Stripe's field and its messages ("Your card number is incomplete.") in the page's language.
  const locale = useLocale();
  return (
    <Elements stripe={getStripe()} options={{ locale: locale === "es" ? "es-419" : "en" }}>
      <CardFields {...props} />
    </Elements>
  );
}

function CardFields({ policyId, onSubscribed, onCancel }: CardSubscriptionFormProps) {
  const t = useTranslations("payments");
  const stripe = useStripe();
  const elements = useElements();

  async function createPaymentMethod(): Promise<string> {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) throw new ApiError(0, t("errors.cardLoading"));
    const { paymentMethod, error } = await stripe.createPaymentMethod({ type: "card", card });
    // The processor's own words ("Your card number is incomplete.") say what to fix.
    if (error || !paymentMethod) throw new ApiError(0, error?.message ?? t("errors.cardRefused"));
    return paymentMethod.id;
  }

  const field = (
    <div className="field">
      <span className="field-label" id="card-label">
        {t("subscription.card")}
      </span>
      <div className="card-element" role="group" aria-labelledby="card-label">
        <CardElement options={{ hidePostalCode: true, style: { base: { fontSize: "16px" } } }} />
      </div>
    </div>
  );
  return (
    <SubscriptionFields
      policyId={policyId}
      card={{ field, createPaymentMethod }}
      onSubscribed={onSubscribed}
      onCancel={onCancel}
    />
  );
}
