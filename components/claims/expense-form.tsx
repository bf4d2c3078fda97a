"use client";

import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ApiError, apiFetch, emptyToUndefined } from "@/components/ui/api-client";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { ErrorSummary } from "@/components/ui/error-summary";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useFormat } from "@/components/ui/use-format";
import { useZodResolver } from "@/components/ui/use-zod-resolver";
import { EXPENSE_TYPES } from "@/lib/claims/schemas";
import { ExpenseFormInput } from "./expense-form-schema";
import type { ClaimExpense } from "./types";
import { TextField, SelectField, FormActions } from "@/components/ui/form-fields";

type FormInput = z.input<typeof ExpenseFormInput>;
type FormOutput = z.output<typeof ExpenseFormInput>;

const FIELDS = ["amount", "currency", "expense_type", "receipt_url"] as const;
const EMPTY: FormInput = { amount: "", currency: "USD", expense_type: "REPATRIATION", receipt_url: undefined };

type ExpenseFormProps = { claimId: string; onAdded?: () => void };

/**
 * POST /claims/{id}/expenses with the API's own schema: an amount above 0 (typed in the page's language,
 * "1,250.50" or "1.250,50", sent as the plain decimal), USD unless told, a type of the list and an
 * optional http(s) receipt link. A claim closed or rejected meanwhile answers 409, shown above the form.
 */
export function ExpenseForm({ claimId, onAdded }: ExpenseFormProps) {
  const t = useTranslations("claims.expenseForm");
  const tc = useTranslations("codes");
  const tCommon = useTranslations("common");
  const f = useFormat();
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: useZodResolver(ExpenseFormInput),
    defaultValues: EMPTY,
  });
  const { error, success, submit } = useApiSubmit(setFieldError, FIELDS, {
    invalidates: [`/api/v1/claims/${claimId}`],
    describeError: (caught) =>
      caught instanceof ApiError ? t("failed", { detail: caught.message }) : tCommon("networkError"),
  });

  async function onSubmit(values: FormOutput) {
    await submit(async () => {
      const expense = await apiFetch<ClaimExpense>(`/api/v1/claims/${claimId}/expenses`, {
        method: "POST",
        body: values,
      });
      reset(EMPTY);
      onAdded?.();
      return t("added", {
        amount: f.money(expense.amount, expense.currency),
        type: tc(`expenseType.${expense.expense_type}`).toLocaleLowerCase(f.locale),
      });
    });
  }

  return (
    <form className="form form-grid" onSubmit={handleSubmit(onSubmit)} noValidate aria-label={t("label")}>
      <ErrorSummary control={control} />
      <ErrorBanner message={error} />
      <SuccessBanner message={success} />
      <SelectField
        id="expense-type"
        label={t("type")}
        error={errors.expense_type?.message}
        registration={register("expense_type")}
      >
        {EXPENSE_TYPES.map((type) => (
          <option key={type} value={type}>
            {tc(`expenseType.${type}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        id="expense-amount"
        label={t("amount")}
        hint={t("amountHint")}
        error={errors.amount?.message}
        inputMode="decimal"
        autoComplete="off"
        registration={register("amount")}
      />
      <TextField
        id="expense-currency"
        label={t("currency")}
        hint={t("currencyHint")}
        error={errors.currency?.message}
        autoComplete="off"
        maxLength={3}
        registration={register("currency", {
          setValueAs: (value: unknown) => (typeof value === "string" ? value.trim().toUpperCase() || undefined : value),
        })}
      />
      <TextField
        id="expense-receipt"
        label={t("receipt")}
        hint={t("receiptHint")}
        error={errors.receipt_url?.message}
        type="url"
        autoComplete="off"
        registration={register("receipt_url", { setValueAs: emptyToUndefined })}
      />
      <FormActions submitLabel={t("submit")} isBusy={isSubmitting} />
    </form>
  );
}
