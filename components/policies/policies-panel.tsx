"use client";

import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { ClientPicker } from "@/components/clients/client-picker";
import type { Client } from "@/components/clients/types";
import { useDebouncedValue } from "@/components/clients/use-debounced-value";
import { useApiData, type Paginated } from "@/components/ui/api-client";
import { DownloadButtons } from "@/components/ui/download-buttons";
import { DataTable } from "@/components/ui/data-table";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Field } from "@/components/ui/field";
import { useFormat } from "@/components/ui/use-format";
import { StatusFilter } from "@/components/ui/status-filter";
import { Pagination } from "@/components/ui/pagination";
import { Panel } from "@/components/ui/panel";
import { usePremium } from "@/components/ui/premium";
import { POLICY_STATUSES, type PolicyStatus } from "@/lib/emission/state-machine";
import "./policies.css";
import { StatusBadge } from "./status-badge";
import { type PolicyRow } from "./types";

const column = createColumnHelper<PolicyRow>();

function useColumns() {
  const t = useTranslations("policies.list.columns");
  const f = useFormat();
  const premium = usePremium();
  return useMemo(
    () => [
      column.accessor("policy_number", {
        header: t("number"),
        cell: ({ row }) => <Link href={`/policies/${row.original.id}`}>{row.original.policy_number}</Link>,
      }),
      column.accessor("client_name", { header: t("client") }),
      column.accessor("plan_name", { header: t("plan") }),
      // Wrapped, so the badge keeps its size in the phone layout's grid cell.
      column.accessor("status", {
        header: t("status"),
        cell: (info) => (
          <span>
            <StatusBadge status={info.getValue()} />
          </span>
        ),
      }),
      column.accessor("start_date", { header: t("start"), cell: (info) => f.date(info.getValue()) }),
      column.accessor("end_date", { header: t("end"), cell: (info) => f.date(info.getValue()) }),
      column.accessor("final_price", {
        header: t("price"),
        cell: ({ row }) => premium(row.original.final_price, row.original.currency),
      }),
      column.accessor("beneficiary_count", { header: t("people"), cell: (info) => f.number(info.getValue()) }),
    ],
    [t, f, premium],
  );
}

type Filters = { q: string; status: PolicyStatus | ""; startFrom: string; startTo: string };
const NO_FILTERS: Filters = { q: "", status: "", startFrom: "", startTo: "" };

/** GET /emission/policies with every filter it takes; each applies as it is changed. */
export function PoliciesPanel({ initialClientId, canIssue }: { initialClientId?: string; canIssue: boolean }) {
  const t = useTranslations("policies.list");
  const tc = useTranslations("codes");
  const columns = useColumns();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  // undefined: not chosen here yet, so the client of the link (?client=<id>, from the clients table) stands.
  const [clientChoice, setClientChoice] = useState<Client | null | undefined>(undefined);
  const linked = useApiData<Client>(
    initialClientId && clientChoice === undefined ? `/api/v1/emission/clients/${initialClientId}` : null,
  );
  const client = clientChoice === undefined ? (linked.data ?? null) : clientChoice;
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const q = useDebouncedValue(filters.q.trim());

  const query = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
  if (q) query.set("q", q);
  if (filters.status) query.set("status", filters.status);
  if (filters.startFrom) query.set("start_from", filters.startFrom);
  if (filters.startTo) query.set("start_to", filters.startTo);
  // Until the linked client has loaded, its id already filters the list.
  const clientId = client?.id ?? (clientChoice === undefined ? initialClientId : undefined);
  if (clientId) query.set("client_id", clientId);
  const policies = useApiData<Paginated<PolicyRow>>(`/api/v1/emission/policies?${query}`);

  function change(next: Partial<Filters>) {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  }

  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: policies.data?.items ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (policy) => policy.id,
    manualPagination: true,
  });

  return (
    <Panel
      title={t("title")}
      description={t("description")}
      actions={
        <>
          <DownloadButtons path="/api/v1/emission/policies" filters={query} />
          {canIssue ? <Link href="/policies/new">{t("issue")}</Link> : null}
        </>
      }
    >
      <div className="filters-grid" role="search" aria-label={t("filters")}>
        <Field id="policies-q" label={t("q")}>
          <input
            id="policies-q"
            type="search"
            autoComplete="off"
            value={filters.q}
            onChange={(event) => change({ q: event.target.value })}
          />
        </Field>
        <StatusFilter
          id="policies-status"
          value={filters.status}
          statuses={POLICY_STATUSES}
          labelOf={(status) => tc(`policyStatus.${status}`)}
          onChange={(status) => change({ status })}
        />
        <Field id="policies-start-from" label={t("startFrom")}>
          <input
            id="policies-start-from"
            type="date"
            value={filters.startFrom}
            onChange={(event) => change({ startFrom: event.target.value })}
          />
        </Field>
        <Field id="policies-start-to" label={t("startTo")}>
          <input
            id="policies-start-to"
            type="date"
            value={filters.startTo}
            onChange={(event) => change({ startTo: event.target.value })}
          />
        </Field>
        <div className="filters-client">
          <ClientPicker
            client={client}
            label={t("client")}
            clearLabel={t("anyClient")}
            canCreate={false}
            onChange={(next) => {
              setClientChoice(next);
              setPage(1);
            }}
          />
        </div>
      </div>
      <ErrorBanner message={policies.error ?? linked.error} />
      <DataTable table={table} label={t("title")} isLoading={policies.isLoading} emptyText={t("empty")} />
      {policies.data ? (
        <Pagination
          page={policies.data.page}
          pageSize={policies.data.page_size}
          total={policies.data.total}
          estimated={policies.data.total_is_estimate}
          onPageChange={setPage}
          onPageSizeChange={setPageSize}
        />
      ) : null}
    </Panel>
  );
}
