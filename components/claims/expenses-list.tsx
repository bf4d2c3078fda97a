"use client";

import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { DataTable } from "@/components/ui/data-table";
import { EXPENSE_TYPE_LABELS, expenseTotals, formatAmounts } from "./claim-math";
import type { ClaimExpense } from "./types";

const column = createColumnHelper<ClaimExpense>();
const columns = [
  column.accessor("created_at", {
    header: "Recorded",
    cell: (info) => <time dateTime={info.getValue()}>{new Date(info.getValue()).toLocaleString()}</time>,
  }),
  column.accessor("expense_type", { header: "Type", cell: (info) => EXPENSE_TYPE_LABELS[info.getValue()] }),
  column.accessor("amount", { header: "Amount", cell: ({ row }) => `${row.original.amount} ${row.original.currency}` }),
  column.accessor("receipt_url", {
    header: "Receipt",
    cell: (info) => {
      const url = info.getValue();
      return url ? (
        <a href={url} target="_blank" rel="noopener noreferrer">
          open
        </a>
      ) : (
        <span className="muted">none</span>
      );
    },
  }),
];

/** The claim's expenses, oldest first, then the totals by type and overall (per currency, in decimal). */
export function ExpensesList({ expenses }: { expenses: ClaimExpense[] }) {
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
      <DataTable table={table} label="Expenses" emptyText="No expense recorded yet." />
      <dl className="expense-totals" aria-label="Expense totals">
        {totals.byType.map(({ type, amounts }) => (
          <div key={type} className="expense-total">
            <dt>{EXPENSE_TYPE_LABELS[type]}</dt>
            <dd>{formatAmounts(amounts)}</dd>
          </div>
        ))}
        <div className="expense-total expense-total-overall">
          <dt>Total</dt>
          <dd>
            <strong>{totals.overall.length === 0 ? "0.00" : formatAmounts(totals.overall)}</strong>
          </dd>
        </div>
      </dl>
    </>
  );
}
