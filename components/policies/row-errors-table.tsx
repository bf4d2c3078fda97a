"use client";

import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { DataTable } from "@/components/ui/data-table";

/** One bad cell of an uploaded spreadsheet, as the bulk upload's 422 lists them. */
export type RowError = { row: number; column: string; message: string };

const column = createColumnHelper<RowError>();
const columns = [
  column.accessor("row", { header: "Row" }),
  column.accessor("column", { header: "Column", cell: (info) => <code>{info.getValue()}</code> }),
  column.accessor("message", { header: "Problem" }),
];

/** Rows are numbered as the spreadsheet shows them (the header is row 1), so the person can find them. */
export function RowErrorsTable({ errors }: { errors: RowError[] }) {
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({ data: errors, columns, getCoreRowModel: getCoreRowModel() });
  return (
    <div className="row-errors">
      <DataTable table={table} label="Rows to fix" />
    </div>
  );
}
