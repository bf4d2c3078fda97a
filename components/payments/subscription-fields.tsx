"use client";

import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { newIdempotencyKey } from "@/components/policies/idempotency-key";
import { apiFetch } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner } from "@/components/ui/error-banner";
import { ErrorSummary } from "@/components/ui/error-summary";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useZodResolver } from "@/components/ui/use-zod-resolver";
import { SubscriptionInput } from "@/lib/payments/schemas";
import { TextField } from "@/components/ui/form-fields";
import { usePaymentError } from "./payment-errors";
import type { Subscription } from "./types";

// The anchor day comes from a text box: empty means the service's default (today's day).
const AnchorDay = z.preprocess(
  (value) => (value === "" || value === undefined ? undefined : Number(value)),
  SubscriptionInput.shape.billing_anchor_day,
);
// The typed payment method id is required only without card entry, which onSubmit checks.
const SubscriptionForm = z.object({
  billing_anchor_day: AnchorDay,
  processor_payment_method_id: z.string().trim().max(255),
});
type SubscriptionFormInput = z.input<typeof SubscriptionForm>;
type SubscriptionFormValues = z.output<typeof SubscriptionForm>;
const FIELDS = ["billing_anchor_day", "processor_payment_method_id"] as const;

export type CardInput = {
  /** The card field (Stripe Elements), drawn inside the form. */
  field: ReactNode;
  /** Makes a PaymentMethod of the card at the processor, client-side: its id is all the server gets. */
  createPaymentMethod: () => Promise<string>;
};

type SubscriptionFieldsProps = {
  policyId: string;
  /** Card entry; without it a processor payment method id is typed (test mode: pm_card_visa). */
  card?: CardInput;
  onSubscribed: (subscription: Subscription) => void;
  onCancel: () => void;
};

/**
 * POST /payments/subscription: the card (or a typed payment method id) and the day of the month the
 * premium is charged. The Idempotency-Key is made when the form opens, so one attempt subscribes once.
 */
export function SubscriptionFields({ policyId, card, onSubscribed, onCancel }: SubscriptionFieldsProps) {
  const t = useTranslations("payments.subscription");
  const common = useTranslations("common");
  const validation = useTranslations("validation");
  const describeError = usePaymentError();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<SubscriptionFormInput, unknown, SubscriptionFormValues>({
    resolver: useZodResolver(SubscriptionForm),
    defaultValues: { billing_anchor_day: "", processor_payment_method_id: "" },
  });
  const { error, submit } = useApiSubmit(setFieldError, FIELDS, { describeError });

  async function onSubmit(values: SubscriptionFormValues) {
    if (!card && !values.processor_payment_method_id) {
      setFieldError("processor_payment_method_id", { type: "required", message: validation("required") });
      return;
    }
    await submit(async () => {
      const paymentMethod = card ? await card.createPaymentMethod() : values.processor_payment_method_id;
      const subscription = await apiFetch<Subscription>("/api/v1/payments/subscription", {
        method: "POST",
        body: {
          policy_id: policyId,
          processor_payment_method_id: paymentMethod,
          billing_anchor_day: values.billing_anchor_day,
        },
        headers: { "Idempotency-Key": idempotencyKey },
      });
      onSubscribed(subscription);
    });
  }

  return (
    <form className="form form-grid payment-form" onSubmit={handleSubmit(onSubmit)} noValidate aria-label={t("form")}>
      <ErrorSummary control={control} />
      <ErrorBanner message={error} />
      {card ? (
        <div className="card-field">{card.field}</div>
      ) : (
        <TextField
          id="subscription-method"
          label={t("method")}
          hint={t("methodHint")}
          error={errors.processor_payment_method_id?.message}
          autoComplete="off"
          spellCheck={false}
          placeholder="pm_…"
          registration={register("processor_payment_method_id")}
        />
      )}
      <TextField
        id="subscription-anchor"
        label={t("anchor")}
        hint={t("anchorHint")}
        error={errors.billing_anchor_day?.message}
        inputMode="numeric"
        autoComplete="off"
        registration={register("billing_anchor_day")}
      />
      <div className="form-actions">
        <Button type="submit" isBusy={isSubmitting}>
          {t("submit")}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          {common("close")}
        </Button>
      </div>
    </form>
  );
}
