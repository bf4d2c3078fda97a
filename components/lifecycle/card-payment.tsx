"use client";

import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import type { z } from "zod";
import "@/components/payments/payments.css";
import { getStripe } from "@/components/payments/stripe-browser";
import { apiFetch, ApiError } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner } from "@/components/ui/error-banner";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useFormat } from "@/components/ui/use-format";
import type { PortalPayResponse } from "@/lib/payments/schemas";

type CardIntent = z.infer<typeof PortalPayResponse>;
type CardPaymentProps = { policyId: string; onPaid: (message: string) => void; onCancel: () => void };

/**
 * The client pays what is due by card: POST /portal/policies/{id}/pay makes the intent (the arrears, or
 * one premium when nothing is due), and the card typed into Stripe's own field confirms it in the
 * browser, so card numbers never reach our server. The cover moves when the processor reports the payment.
 */
export function CardPayment(props: CardPaymentProps) {
  const locale = useLocale();
  return (
    <Elements stripe={getStripe()} options={{ locale: locale === "es" ? "es-419" : "en" }}>
      <CardPaymentFields {...props} />
    </Elements>
  );
}

function CardPaymentFields({ policyId, onPaid, onCancel }: CardPaymentProps) {
  const t = useTranslations("lifecycle.portal");
  const tp = useTranslations("payments");
  const f = useFormat();
  const stripe = useStripe();
  const elements = useElements();
  const [intent, setIntent] = useState<CardIntent | null>(null);
  const { error, isBusy, submit } = useApiSubmit();

  async function pay() {
    await submit(async () => {
      const card = elements?.getElement(CardElement);
      if (!stripe || !card) throw new ApiError(0, tp("errors.cardLoading"));
      // One intent per attempt at most: a refused card is tried again on the same intent.
      const current =
        intent ?? (await apiFetch<CardIntent>(`/api/v1/portal/policies/${policyId}/pay`, { method: "POST" }));
      setIntent(current);
      const result = await stripe.confirmCardPayment(current.client_secret, { payment_method: { card } });
      // The processor's own words ("Your card was declined.") say what to do.
      if (result.error) throw new ApiError(0, result.error.message ?? tp("errors.cardRefused"));
      onPaid(t("paid", { amount: f.money(current.amount, current.currency) }));
    });
  }

  return (
    <div className="form payment-form">
      <div className="field">
        <span className="field-label" id={`card-label-${policyId}`}>
          {tp("subscription.card")}
        </span>
        <div className="card-element" role="group" aria-labelledby={`card-label-${policyId}`}>
          <CardElement options={{ hidePostalCode: true, style: { base: { fontSize: "16px" } } }} />
        </div>
      </div>
      <ErrorBanner message={error} />
      <div className="form-actions">
        <Button onClick={() => void pay()} isBusy={isBusy}>
          {t("payNow")}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={isBusy}>
          {t("close")}
        </Button>
      </div>
    </div>
  );
}
