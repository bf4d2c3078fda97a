"use client";

import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { DataTable } from "@/components/ui/data-table";
import { useFormat } from "@/components/ui/use-format";
import { expenseTotals } from "./claim-math";
import { CorrectedAmount, useLineCorrection } from "./line-correction";
import type { Claim, ClaimExpense } from "./types";
import { useFormatAmounts } from "./use-claim-texts";

const column = createColumnHelper<ClaimExpense>();

/**
 * The claim's expenses, oldest first, then the totals by type and overall (per currency, in decimal); on
 * a decided claim, claims:manage corrects an expense's amount with a reason.
 */
export function ExpensesList({ claim, canManage }: { claim: Claim; canManage: boolean }) {
  const t = useTranslations("claims.expenses");
  const tc = useTranslations("codes");
  const f = useFormat();
  const formatAmounts = useFormatAmounts();
  const expenses = claim.expenses;
  const correction = useLineCorrection({ claim, lines: expenses, kind: "expenses", canManage });
  const columns = useMemo(
    () => [
      column.accessor("created_at", {
        header: t("recorded"),
        cell: (info) => <time dateTime={info.getValue()}>{f.dateTime(info.getValue())}</time>,
      }),
      column.accessor("expense_type", {
        header: t("type"),
        cell: (info) => tc(`expenseType.${info.getValue()}`),
      }),
      column.accessor("amount", { header: t("amount"), cell: ({ row }) => <CorrectedAmount line={row.original} /> }),
      column.accessor("receipt_url", {
        header: t("receipt"),
        cell: (info) => {
          const url = info.getValue();
          return url ? (
            <a href={url} target="_blank" rel="noopener noreferrer">
              {t("open")}
            </a>
          ) : (
            <span className="muted">{t("none")}</span>
          );
        },
      }),
      ...correction.columns,
    ],
    [t, tc, f, correction.columns],
  );
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: expenses,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (expense) => expense.id,
  });
  const totals = expenseTotals(expenses);
  return (
    <>
      <DataTable table={table} label={t("table")} emptyText={t("empty")} />
      {correction.form}
      <dl className="expense-totals" aria-label={t("totals")}>
        {totals.byType.map(({ type, amounts }) => (
          <div key={type} className="expense-total">
            <dt>{tc(`expenseType.${type}`)}</dt>
            <dd>{formatAmounts(amounts)}</dd>
          </div>
        ))}
        <div className="expense-total expense-total-overall">
          <dt>{t("total")}</dt>
          <dd>
            <strong>{formatAmounts(totals.overall)}</strong>
          </dd>
        </div>
      </dl>
    </>
  );
}
