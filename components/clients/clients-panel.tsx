"use client";

import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import type { Country } from "@/components/catalog/types";
import { useApiData, type Paginated } from "@/components/ui/api-client";
import { DownloadButtons } from "@/components/ui/download-buttons";
import { DataTable } from "@/components/ui/data-table";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Pagination } from "@/components/ui/pagination";
import { Panel } from "@/components/ui/panel";
import { SearchBox } from "@/components/ui/search-box";
import { useFormat } from "@/components/ui/use-format";
import { CreateClientFormPanel } from "./create-client-form";
import { clientName, useChannelLabel, type Client } from "./types";
import { useDebouncedValue } from "./use-debounced-value";

const column = createColumnHelper<Client>();

function useColumns(canIssue: boolean) {
  const t = useTranslations("clients.list");
  const tc = useTranslations("codes");
  const channelLabel = useChannelLabel();
  const f = useFormat();
  return useMemo(
    () => [
      column.accessor((client) => clientName(client), {
        id: "name",
        header: t("columns.name"),
        cell: ({ row, getValue }) => <Link href={`/clients/${row.original.id}`}>{getValue()}</Link>,
      }),
      column.accessor("email", { header: t("columns.email") }),
      column.accessor("birth_date", { header: t("columns.born"), cell: (info) => f.date(info.getValue()) }),
      column.accessor("nationality", { header: t("columns.nationality"), cell: (info) => f.country(info.getValue()) }),
      column.accessor("country_of_residence", {
        header: t("columns.livesIn"),
        cell: (info) => f.country(info.getValue()),
      }),
      column.accessor("preferred_language", {
        header: t("columns.language"),
        cell: (info) => tc(`language.${info.getValue()}`),
      }),
      column.accessor("acquisition_channel", {
        header: t("columns.channel"),
        cell: (info) => channelLabel(info.getValue()) ?? "—",
      }),
      column.display({
        id: "links",
        header: t("columns.policies"),
        cell: ({ row }) => (
          <span className="row-links">
            <Link
              href={`/policies?client=${row.original.id}`}
              aria-label={t("policiesOf", { name: clientName(row.original) })}
            >
              {t("policies")}
            </Link>
            {canIssue ? (
              <Link
                href={`/policies/new?client=${row.original.id}`}
                aria-label={t("issueFor", { name: clientName(row.original) })}
              >
                {t("issue")}
              </Link>
            ) : null}
          </span>
        ),
      }),
    ],
    [t, tc, f, canIssue, channelLabel],
  );
}

/** The clients in the seller's scope, searched by the start of a name or e-mail, and the form for a new one. */
export function ClientsPanel({ canWrite }: { canWrite: boolean }) {
  const t = useTranslations("clients");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const q = useDebouncedValue(search.trim());

  const query = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
  if (q) query.set("q", q);
  const clients = useApiData<Paginated<Client>>(`/api/v1/emission/clients?${query}`);
  const countries = useApiData<Country[]>(canWrite ? "/api/v1/geography/countries" : null);
  const columns = useColumns(canWrite);

  // Pagination and search happen in the API; the table only draws the page it was given.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: clients.data?.items ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (client) => client.id,
    manualPagination: true,
  });

  return (
    <>
      <Panel
        title={t("title")}
        description={t("list.description")}
        actions={
          <>
            <DownloadButtons path="/api/v1/emission/clients" filters={query} />
            {canWrite ? <a href="#new-client">{t("list.newClient")}</a> : null}
          </>
        }
      >
        <SearchBox
          id="clients-search"
          label={t("list.search")}
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        <ErrorBanner message={clients.error} />
        <DataTable
          table={table}
          label={t("list.label")}
          isLoading={clients.isLoading}
          emptyText={q ? t("list.noMatch") : t("list.empty")}
        />
        {clients.data ? (
          <Pagination
            page={clients.data.page}
            pageSize={clients.data.page_size}
            total={clients.data.total}
            estimated={clients.data.total_is_estimate}
            onPageChange={setPage}
            onPageSizeChange={setPageSize}
          />
        ) : null}
      </Panel>
      {canWrite ? (
        <div id="new-client">
          <Panel title={t("new.title")} description={t("new.description")}>
            <ErrorBanner message={countries.error} />
            <CreateClientFormPanel countries={countries.data} isLoadingCountries={countries.isLoading} />
          </Panel>
        </div>
      ) : null}
    </>
  );
}
