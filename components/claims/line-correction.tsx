"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { apiFetch } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner } from "@/components/ui/error-banner";
import { ErrorSummary } from "@/components/ui/error-summary";
import { FormActions, TextAreaField, TextField } from "@/components/ui/form-fields";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useFormat } from "@/components/ui/use-format";
import { useZodResolver } from "@/components/ui/use-zod-resolver";
import { CorrectionInput } from "@/lib/claims/schemas";
import { isDecided } from "@/lib/claims/state-machine";
import { typedAmount } from "@/lib/i18n/typed-amount";
import type { Claim, ClaimExpense } from "./types";

// The recorded corrections of a decided claim's expenses and payouts (docs/claims.md, "Decided claims"):
// what both tables show and how claims:manage records one.

/** An expense or a payout: the lines a correction changes. */
type CorrectableLine = Pick<ClaimExpense, "id" | "amount" | "currency" | "corrections">;

/** The correction form's schema: the API's, with the amount as a person types it; 0 cancels the line. */
const CorrectionFormInput = CorrectionInput.extend({ amount: typedAmount({ min: 0 }) });
type FormInput = z.input<typeof CorrectionFormInput>;
type FormOutput = z.output<typeof CorrectionFormInput>;

const FIELDS = ["amount", "reason"] as const;

/** Corrections are recorded once the claim is decided, until it is CLOSED (409 `claim_closed`). */
function acceptsCorrections(status: Claim["status"]): boolean {
  return isDecided(status) && status !== "CLOSED";
}

/** A line's amount, each correction after it with the amount it replaced and why. */
export function CorrectedAmount({ line }: { line: CorrectableLine }) {
  const t = useTranslations("claims.correction");
  const f = useFormat();
  return (
    <>
      {f.money(line.amount, line.currency)}
      {line.corrections.map((correction) => (
        <span key={correction.id} className="muted claim-correction">
          {" "}
          {t("corrected", { original: f.money(correction.previous_amount, line.currency), reason: correction.reason })}
        </span>
      ))}
    </>
  );
}

/**
 * The corrections of one table's lines (the claim's expenses or its payouts): for claims:manage on a
 * decided claim, a "Correct" column, and the form of the line it opened, to show under the table.
 */
export function useLineCorrection<T extends CorrectableLine>({
  claim,
  lines,
  kind,
  canManage,
}: {
  claim: Claim;
  lines: T[];
  kind: "expenses" | "payouts";
  canManage: boolean;
}) {
  const t = useTranslations("claims.correction");
  const f = useFormat();
  const [openLineId, setOpenLineId] = useState<string | null>(null);
  const canCorrect = canManage && acceptsCorrections(claim.status);
  const columns = useMemo<ColumnDef<T>[]>(
    () =>
      canCorrect
        ? [
            {
              id: "correct",
              header: t("column"),
              cell: ({ row }) => (
                <Button
                  variant="secondary"
                  onClick={() => setOpenLineId(row.original.id)}
                  aria-label={t("actionLabel", { amount: f.money(row.original.amount, row.original.currency) })}
                >
                  {t("action")}
                </Button>
              ),
            },
          ]
        : [],
    [canCorrect, t, f],
  );
  const openLine = canCorrect ? lines.find((line) => line.id === openLineId) : undefined;
  const form = openLine ? (
    <CorrectionForm
      key={openLine.id}
      claimId={claim.id}
      linePath={`${kind}/${openLine.id}`}
      line={openLine}
      onDone={() => setOpenLineId(null)}
    />
  ) : null;
  return { columns, form };
}

type CorrectionFormProps = {
  claimId: string;
  /** The line under the claim: "expenses/<id>" or "payouts/<id>". */
  linePath: string;
  line: CorrectableLine;
  onDone: () => void;
};

/** POST /claims/{id}/{expenses|payouts}/{line_id}/corrections: the right amount and why. */
function CorrectionForm({ claimId, linePath, line, onDone }: CorrectionFormProps) {
  const t = useTranslations("claims.correction");
  const f = useFormat();
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: useZodResolver(CorrectionFormInput),
    defaultValues: { amount: "", reason: "" },
  });
  const { error, submit } = useApiSubmit(setFieldError, FIELDS, { invalidates: [`/api/v1/claims/${claimId}`] });

  async function onSubmit(values: FormOutput) {
    // The corrected amount and its reason show in the line itself once the claim loads again.
    const isRecorded = await submit(async () => {
      await apiFetch(`/api/v1/claims/${claimId}/${linePath}/corrections`, { method: "POST", body: values });
    });
    if (isRecorded) onDone();
  }

  const id = `correction-${line.id}`;
  return (
    <div className="claim-expense-form">
      <h3>{t("title", { amount: f.money(line.amount, line.currency) })}</h3>
      <form className="form form-grid" onSubmit={handleSubmit(onSubmit)} noValidate aria-label={t("label")}>
        <ErrorSummary control={control} />
        <ErrorBanner message={error} />
        <TextField
          id={`${id}-amount`}
          label={t("amount")}
          hint={t("amountHint", { currency: line.currency })}
          error={errors.amount?.message}
          inputMode="decimal"
          autoComplete="off"
          registration={register("amount")}
        />
        <TextAreaField
          id={`${id}-reason`}
          label={t("reason")}
          hint={t("reasonHint")}
          error={errors.reason?.message}
          rows={2}
          registration={register("reason")}
        />
        <FormActions submitLabel={t("submit")} isBusy={isSubmitting} onCancel={onDone} />
      </form>
    </div>
  );
}
