"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { newIdempotencyKey } from "@/components/policies/idempotency-key";
import { type PolicyDetail } from "@/components/policies/types";
import { apiFetch, emptyToUndefined } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner } from "@/components/ui/error-banner";
import { ErrorSummary } from "@/components/ui/error-summary";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useFormat } from "@/components/ui/use-format";
import { useZodResolver } from "@/components/ui/use-zod-resolver";
import { typedAmount } from "@/lib/i18n/typed-amount";
import { ManualPaymentInput } from "@/lib/payments/schemas";
import { TextField } from "@/components/ui/form-fields";
import { usePaymentError } from "./payment-errors";
import type { Transaction } from "./types";

// The form's own shape: the amount as a person types it (typedAmount), sent as
// the plain decimal the API takes; paid_at comes from a datetime-local input (the person's local time,
// no offset), which is turned into an instant before it is sent.
const ManualPaymentFields = z.object({
  amount: typedAmount(),
  reference: z.preprocess(emptyToUndefined, ManualPaymentInput.shape.reference),
  paid_at: z.string(),
});
type ManualPaymentFormInput = z.input<typeof ManualPaymentFields>;
type ManualPaymentFormValues = z.output<typeof ManualPaymentFields>;
const FIELDS = ["amount", "reference", "paid_at"] as const;

type ManualPaymentFormProps = {
  policyId: string;
  currency: string;
  /** The amount due now (amountDue): the rest of the premium, or the failed charge of a policy in arrears. */
  due: string;
  onRecorded: (message: string) => void;
  onCancel: () => void;
};

/**
 * Money received outside the processor (cash, a transfer). The Idempotency-Key is made when the form
 * opens, so a double click or a resend after a lost answer records one payment; a refused request
 * (422) stores nothing under the key, so a corrected one may reuse it.
 */
export function ManualPaymentForm({ policyId, currency, due, onRecorded, onCancel }: ManualPaymentFormProps) {
  const t = useTranslations("payments.manual");
  const common = useTranslations("common");
  const tc = useTranslations("codes");
  const locale = useLocale();
  const f = useFormat();
  const describeError = usePaymentError();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ManualPaymentFormInput, unknown, ManualPaymentFormValues>({
    resolver: useZodResolver(ManualPaymentFields),
    defaultValues: { amount: due, reference: "", paid_at: "" },
  });
  const { error, submit } = useApiSubmit(setFieldError, FIELDS, { describeError });

  async function onSubmit(values: ManualPaymentFormValues) {
    const body = {
      policy_id: policyId,
      amount: values.amount,
      reference: values.reference,
      paid_at: values.paid_at ? new Date(values.paid_at).toISOString() : undefined,
    };
    await submit(async () => {
      const recorded = await apiFetch<{ transaction: Transaction; policy: PolicyDetail }>("/api/v1/payments/manual", {
        method: "POST",
        body,
        headers: { "Idempotency-Key": idempotencyKey },
      });
      onRecorded(
        t("recorded", {
          amount: f.money(recorded.transaction.amount, recorded.transaction.currency),
          status: tc(`policyStatus.${recorded.policy.status}`).toLocaleLowerCase(locale),
        }),
      );
    });
  }

  return (
    <form className="form form-grid payment-form" onSubmit={handleSubmit(onSubmit)} noValidate aria-label={t("form")}>
      <ErrorSummary control={control} />
      <ErrorBanner message={error} />
      <TextField
        id="manual-amount"
        label={t("amount", { currency })}
        hint={t("amountHint", { due: f.money(due, currency) })}
        error={errors.amount?.message}
        inputMode="decimal"
        autoComplete="off"
        registration={register("amount")}
      />
      <TextField
        id="manual-reference"
        label={t("reference")}
        hint={t("referenceHint")}
        error={errors.reference?.message}
        autoComplete="off"
        registration={register("reference")}
      />
      <TextField
        id="manual-paid-at"
        label={t("paidAt")}
        hint={t("paidAtHint")}
        error={errors.paid_at?.message}
        type="datetime-local"
        registration={register("paid_at")}
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
