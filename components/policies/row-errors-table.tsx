"use client";

import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { DataTable } from "@/components/ui/data-table";

/** One bad cell of an uploaded spreadsheet, as the bulk upload's 422 lists them (code: the problem's). */
export type RowError = { row: number; column: string; message: string; code?: string };

const column = createColumnHelper<RowError>();

// The validation catalog's codes whose text names no limit: the row's code is enough to word them.
const WORDED_CODES = new Set([
  "required",
  "invalid_type",
  "not_a_number",
  "not_an_integer",
  "not_multiple",
  "invalid_email",
  "invalid_date",
  "invalid_id",
  "invalid_format",
  "invalid_choice",
]);

/** Rows are numbered as the spreadsheet shows them (the header is row 1), so the person can find them. */
export function RowErrorsTable({ errors }: { errors: RowError[] }) {
  const t = useTranslations("policies.bulk.rowErrors");
  const tv = useTranslations("validation");
  const columns = useMemo(
    () => [
      column.accessor("row", { header: t("row") }),
      column.accessor("column", { header: t("column"), cell: (info) => <code>{info.getValue()}</code> }),
      // The page's words for a known code; the API's own message otherwise.
      column.accessor("message", {
        header: t("problem"),
        cell: ({ row }) => {
          const code = row.original.code;
          return code && WORDED_CODES.has(code) ? tv(code as never) : row.original.message;
        },
      }),
    ],
    [t, tv],
  );
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({ data: errors, columns, getCoreRowModel: getCoreRowModel() });
  return (
    <div className="row-errors">
      <DataTable table={table} label={t("label")} />
    </div>
  );
}
