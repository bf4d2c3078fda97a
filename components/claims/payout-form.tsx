"use client";

import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { apiFetch, emptyToUndefined } from "@/components/ui/api-client";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { ErrorSummary } from "@/components/ui/error-summary";
import { FormActions, SelectField, TextField } from "@/components/ui/form-fields";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useFormat } from "@/components/ui/use-format";
import { useZodResolver } from "@/components/ui/use-zod-resolver";
import { CreatePayoutInput } from "@/lib/claims/schemas";
import { typedAmount } from "@/lib/i18n/typed-amount";
import type { ClaimPayout } from "./types";

/** The payout form's schema: the API's, with the amount as a person types it (as the expense form). */
const PayoutFormInput = CreatePayoutInput.extend({ amount: typedAmount() });
type FormInput = z.input<typeof PayoutFormInput>;
type FormOutput = z.output<typeof PayoutFormInput>;

const FIELDS = ["payee_type", "payee_name", "amount", "currency", "method", "reference"] as const;

type PayoutFormProps = {
  claimId: string;
  /** What is left to pay in the first currency that still owes something: the form starts with it. */
  suggested: { amount: string; currency: string } | null;
};

/** POST /claims/{id}/payouts: who was paid, how much, how, and the transfer's reference. */
export function PayoutForm({ claimId, suggested }: PayoutFormProps) {
  const t = useTranslations("claims.payoutForm");
  const tc = useTranslations("codes");
  const f = useFormat();
  const empty: FormInput = {
    payee_type: "FUNERAL_HOME",
    payee_name: "",
    amount: suggested?.amount ?? "",
    currency: suggested?.currency ?? "USD",
    method: "BANK_TRANSFER",
    reference: undefined,
  };
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({ resolver: useZodResolver(PayoutFormInput), defaultValues: empty });
  const { error, success, submit } = useApiSubmit(setFieldError, FIELDS, {
    invalidates: [`/api/v1/claims/${claimId}`],
  });

  async function onSubmit(values: FormOutput) {
    await submit(async () => {
      const payout = await apiFetch<ClaimPayout>(`/api/v1/claims/${claimId}/payouts`, {
        method: "POST",
        body: values,
      });
      reset({ ...empty, amount: "" });
      return t("recorded", { amount: f.money(payout.amount, payout.currency), payee: payout.payee_name });
    });
  }

  return (
    <form className="form form-grid" onSubmit={handleSubmit(onSubmit)} noValidate aria-label={t("label")}>
      <ErrorSummary control={control} />
      <ErrorBanner message={error} />
      <SuccessBanner message={success} />
      <SelectField
        id="payout-payee-type"
        label={t("payeeType")}
        error={errors.payee_type?.message}
        registration={register("payee_type")}
      >
        {CreatePayoutInput.shape.payee_type.options.map((type) => (
          <option key={type} value={type}>
            {tc(`payeeType.${type}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        id="payout-payee-name"
        label={t("payeeName")}
        error={errors.payee_name?.message}
        autoComplete="off"
        registration={register("payee_name")}
      />
      <TextField
        id="payout-amount"
        label={t("amount")}
        error={errors.amount?.message}
        inputMode="decimal"
        autoComplete="off"
        registration={register("amount")}
      />
      <TextField
        id="payout-currency"
        label={t("currency")}
        error={errors.currency?.message}
        autoComplete="off"
        maxLength={3}
        registration={register("currency", {
          setValueAs: (value: unknown) => (typeof value === "string" ? value.trim().toUpperCase() : value),
        })}
      />
      <SelectField
        id="payout-method"
        label={t("method")}
        error={errors.method?.message}
        registration={register("method")}
      >
        {CreatePayoutInput.shape.method.options.map((method) => (
          <option key={method} value={method}>
            {tc(`payoutMethod.${method}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        id="payout-reference"
        label={t("reference")}
        error={errors.reference?.message}
        autoComplete="off"
        registration={register("reference", { setValueAs: emptyToUndefined })}
      />
      <FormActions submitLabel={t("submit")} isBusy={isSubmitting} />
    </form>
  );
}
