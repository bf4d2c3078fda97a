"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { apiFetch, emptyToUndefined } from "@/components/ui/api-client";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { formMessages } from "@/components/ui/form-messages";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { CreateExpenseInput, EXPENSE_TYPES } from "@/lib/claims/schemas";
import { EXPENSE_TYPE_LABELS } from "./claim-math";
import type { ClaimExpense } from "./types";
import { TextField, SelectField, FormActions } from "@/components/ui/form-fields";

type FormInput = z.input<typeof CreateExpenseInput>;
type FormOutput = z.output<typeof CreateExpenseInput>;

const FIELDS = ["amount", "currency", "expense_type", "receipt_url"] as const;
const EMPTY: FormInput = { amount: "", currency: "USD", expense_type: "REPATRIATION", receipt_url: undefined };

type ExpenseFormProps = { claimId: string; onAdded?: () => void };

/**
 * POST /claims/{id}/expenses with the API's own schema: an amount above 0, USD unless told, a type of
 * the list and an optional http(s) receipt link. A claim closed or rejected meanwhile answers 409,
 * shown above the form.
 */
export function ExpenseForm({ claimId, onAdded }: ExpenseFormProps) {
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(CreateExpenseInput, { error: formMessages }),
    defaultValues: EMPTY,
  });
  const { error, success, submit } = useApiSubmit(setFieldError, FIELDS, {
    invalidates: [`/api/v1/claims/${claimId}`],
  });

  async function onSubmit(values: FormOutput) {
    await submit(async () => {
      const expense = await apiFetch<ClaimExpense>(`/api/v1/claims/${claimId}/expenses`, {
        method: "POST",
        body: values,
      });
      reset(EMPTY);
      onAdded?.();
      return `Added ${expense.amount} ${expense.currency} (${EXPENSE_TYPE_LABELS[expense.expense_type].toLowerCase()}).`;
    });
  }

  return (
    <form className="form form-grid" onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Add an expense">
      <ErrorBanner message={error} />
      <SuccessBanner message={success} />
      <SelectField
        id="expense-type"
        label="Type"
        error={errors.expense_type?.message}
        registration={register("expense_type")}
      >
        {EXPENSE_TYPES.map((type) => (
          <option key={type} value={type}>
            {EXPENSE_TYPE_LABELS[type]}
          </option>
        ))}
      </SelectField>
      <TextField
        id="expense-amount"
        label="Amount"
        hint="net, above 0"
        error={errors.amount?.message}
        inputMode="decimal"
        autoComplete="off"
        registration={register("amount")}
      />
      <TextField
        id="expense-currency"
        label="Currency"
        hint="three letters, e.g. USD"
        error={errors.currency?.message}
        autoComplete="off"
        maxLength={3}
        registration={register("currency", {
          setValueAs: (value: unknown) => (typeof value === "string" ? value.trim().toUpperCase() || undefined : value),
        })}
      />
      <TextField
        id="expense-receipt"
        label="Receipt link (optional)"
        hint="http(s) address of the invoice"
        error={errors.receipt_url?.message}
        type="url"
        autoComplete="off"
        registration={register("receipt_url", { setValueAs: emptyToUndefined })}
      />
      <FormActions submitLabel="Add expense" isBusy={isSubmitting} />
    </form>
  );
}
