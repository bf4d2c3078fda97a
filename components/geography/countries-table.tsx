"use client";

import {
  createColumnHelper,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  useReactTable,
  type ColumnFiltersState,
} from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useCallback, useMemo, useState } from "react";
import { DataTable } from "@/components/ui/data-table";
import { Pagination } from "@/components/ui/pagination";
import { useFormat } from "@/components/ui/use-format";
import { continentKey, useCountryNames } from "./country-names";
import type { Country } from "./types";

const column = createColumnHelper<Country>();

/** The ~250 ISO countries arrive at once, so filtering and paging happen here, in the browser. */
export function CountriesTable({ countries, isLoading }: { countries: Country[]; isLoading: boolean }) {
  const t = useTranslations("geography");
  const f = useFormat();
  // The names in the page's language (Intl.DisplayNames), sorted as that language sorts them.
  const named = useCountryNames(countries);
  const continentLabel = useCallback(
    (continent: string) => {
      const key = continentKey(continent);
      return key ? t(`continents.${key}`) : continent;
    },
    [t],
  );
  const columns = useMemo(
    () => [
      column.accessor("name", { header: t("countries.name"), filterFn: "includesString" }),
      column.accessor("iso_code", { header: t("countries.isoCode"), cell: (info) => <code>{info.getValue()}</code> }),
      column.accessor("continent", {
        header: t("countries.continent"),
        filterFn: "equalsString",
        cell: (info) => continentLabel(info.getValue()),
      }),
    ],
    [t, continentLabel],
  );
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>([]);
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize: 25 });
  // The React Compiler is not enabled here, so nothing memoizes the table's functions; the warning does not apply.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: named,
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
  const collator = new Intl.Collator(f.locale);
  const continents = [...new Set(countries.map((country) => country.continent))].sort((a, b) =>
    collator.compare(continentLabel(a), continentLabel(b)),
  );
  const nameFilter = (table.getColumn("name")?.getFilterValue() as string | undefined) ?? "";
  const continentFilter = (table.getColumn("continent")?.getFilterValue() as string | undefined) ?? "";

  return (
    <>
      <div className="filters" role="search" aria-label={t("countries.filters")}>
        <label htmlFor="country-name-filter">{t("countries.name")}</label>
        <input
          id="country-name-filter"
          type="search"
          value={nameFilter}
          onChange={(event) => table.getColumn("name")?.setFilterValue(event.target.value || undefined)}
        />
        <label htmlFor="country-continent-filter">{t("countries.continent")}</label>
        <select
          id="country-continent-filter"
          value={continentFilter}
          onChange={(event) => table.getColumn("continent")?.setFilterValue(event.target.value || undefined)}
        >
          <option value="">{t("countries.all")}</option>
          {continents.map((continent) => (
            <option key={continent} value={continent}>
              {continentLabel(continent)}
            </option>
          ))}
        </select>
      </div>
      <DataTable table={table} label={t("countries.table")} isLoading={isLoading} emptyText={t("countries.empty")} />
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
