"use client";

import { flexRender, type Table } from "@tanstack/react-table";
import { useTranslations } from "next-intl";

type DataTableProps<T> = {
  table: Table<T>;
  /** Accessible name of the table, e.g. "Users". */
  label: string;
  emptyText?: string;
  isLoading?: boolean;
};

/**
 * Renders a TanStack table instance. The owner builds the instance (columns, sorting, pagination), so
 * each screen keeps its own logic and this only draws; wide tables scroll sideways on a phone.
 */
export function DataTable<T>({ table, label, emptyText, isLoading = false }: DataTableProps<T>) {
  const t = useTranslations("nav.ui");
  const rows = table.getRowModel().rows;
  const columnCount = table.getVisibleLeafColumns().length;
  return (
    <div className="table-scroll">
      <table className="data-table data-table-stacked" aria-label={label} aria-busy={isLoading || undefined}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columnCount} className="table-empty">
                {isLoading ? t("loading") : (emptyText ?? t("empty"))}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    data-label={
                      typeof cell.column.columnDef.header === "string" ? cell.column.columnDef.header : undefined
                    }
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
