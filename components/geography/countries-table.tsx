"use client";

import {
  createColumnHelper,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  useReactTable,
  type ColumnFiltersState,
} from "@tanstack/react-table";
import { useState } from "react";
import { DataTable } from "@/components/ui/data-table";
import { Pagination } from "@/components/ui/pagination";
import type { Country } from "./types";

const column = createColumnHelper<Country>();
const columns = [
  column.accessor("name", { header: "Name", filterFn: "includesString" }),
  column.accessor("iso_code", { header: "ISO code", cell: (info) => <code>{info.getValue()}</code> }),
  column.accessor("continent", { header: "Continent", filterFn: "equalsString" }),
];

/** The ~250 ISO countries arrive at once, so filtering and paging happen here, in the browser. */
export function CountriesTable({ countries, isLoading }: { countries: Country[]; isLoading: boolean }) {
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>([]);
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize: 25 });
  // The React Compiler is not enabled here, so nothing memoizes the table's functions; the warning does not apply.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: countries,
    columns,
    state: { columnFilters, pagination },
    onColumnFiltersChange: setColumnFilters,
    onPaginationChange: setPagination,
    // A new filter shows its first page, not an empty later one.
    autoResetPageIndex: true,
    getRowId: (country) => country.id,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });
  const continents = [...new Set(countries.map((country) => country.continent))].sort();
  const nameFilter = (table.getColumn("name")?.getFilterValue() as string | undefined) ?? "";
  const continentFilter = (table.getColumn("continent")?.getFilterValue() as string | undefined) ?? "";

  return (
    <>
      <div className="filters" role="search" aria-label="Country filters">
        <label htmlFor="country-name-filter">Name</label>
        <input
          id="country-name-filter"
          type="search"
          value={nameFilter}
          onChange={(event) => table.getColumn("name")?.setFilterValue(event.target.value || undefined)}
        />
        <label htmlFor="country-continent-filter">Continent</label>
        <select
          id="country-continent-filter"
          value={continentFilter}
          onChange={(event) => table.getColumn("continent")?.setFilterValue(event.target.value || undefined)}
        >
          <option value="">All</option>
          {continents.map((continent) => (
            <option key={continent} value={continent}>
              {continent}
            </option>
          ))}
        </select>
      </div>
      <DataTable table={table} label="Countries" isLoading={isLoading} emptyText="No country matches." />
      <Pagination
        page={pagination.pageIndex + 1}
        pageSize={pagination.pageSize}
        total={table.getFilteredRowModel().rows.length}
        onPageChange={(page) => table.setPageIndex(page - 1)}
        onPageSizeChange={(size) => table.setPageSize(size)}
      />
    </>
  );
}
