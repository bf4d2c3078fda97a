"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { newIdempotencyKey } from "@/components/policies/idempotency-key";
import { type PolicyDetail } from "@/components/policies/types";
import { statusLabel } from "@/lib/emission/labels";
import { apiFetch, emptyToUndefined } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner } from "@/components/ui/error-banner";
import { formMessages } from "@/components/ui/form-messages";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { ManualPaymentInput } from "@/lib/payments/schemas";
import type { Transaction } from "./types";
import { TextField } from "@/components/ui/form-fields";

// The form's own shape: paid_at comes from a datetime-local input (the person's local time, no offset),
// which is turned into an instant before it is sent.
const ManualPaymentFields = z.object({
  amount: ManualPaymentInput.shape.amount,
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
  const [idempotencyKey] = useState(newIdempotencyKey);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<ManualPaymentFormInput, unknown, ManualPaymentFormValues>({
    resolver: zodResolver(ManualPaymentFields, { error: formMessages }),
    defaultValues: { amount: due, reference: "", paid_at: "" },
  });
  const { error, submit } = useApiSubmit(setFieldError, FIELDS);

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
        `Payment of ${recorded.transaction.amount} ${currency} recorded; the policy is ${statusLabel(recorded.policy.status)}.`,
      );
    });
  }

  return (
    <form
      className="form form-grid payment-form"
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-label="Record manual payment"
    >
      <ErrorBanner message={error} />
      <TextField
        id="manual-amount"
        label={`Amount (${currency})`}
        hint={`due now: ${due} ${currency}`}
        error={errors.amount?.message}
        inputMode="decimal"
        autoComplete="off"
        registration={register("amount")}
      />
      <TextField
        id="manual-reference"
        label="Reference"
        hint="receipt or bank reference (optional)"
        error={errors.reference?.message}
        autoComplete="off"
        registration={register("reference")}
      />
      <TextField
        id="manual-paid-at"
        label="Received on"
        hint="empty: now"
        error={errors.paid_at?.message}
        type="datetime-local"
        registration={register("paid_at")}
      />
      <div className="form-actions">
        <Button type="submit" isBusy={isSubmitting}>
          Record payment
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Close
        </Button>
      </div>
    </form>
  );
}
