"use client";

import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import Link from "next/link";
import { useState } from "react";
import { ClientPicker } from "@/components/clients/client-picker";
import type { Client } from "@/components/clients/types";
import { useDebouncedValue } from "@/components/clients/use-debounced-value";
import { useApiData, type Paginated } from "@/components/ui/api-client";
import { DataTable } from "@/components/ui/data-table";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Field } from "@/components/ui/field";
import { StatusFilter } from "@/components/ui/status-filter";
import { Pagination } from "@/components/ui/pagination";
import { Panel } from "@/components/ui/panel";
import { POLICY_STATUSES, type PolicyStatus } from "@/lib/emission/state-machine";
import "./policies.css";
import { StatusBadge } from "./status-badge";
import { type PolicyRow } from "./types";
import { statusLabel } from "@/lib/emission/labels";

const column = createColumnHelper<PolicyRow>();
const columns = [
  column.accessor("policy_number", {
    header: "Number",
    cell: ({ row }) => <Link href={`/policies/${row.original.id}`}>{row.original.policy_number}</Link>,
  }),
  column.accessor("client_name", { header: "Client" }),
  column.accessor("plan_name", { header: "Plan" }),
  // Wrapped, so the badge keeps its size in the phone layout's grid cell.
  column.accessor("status", {
    header: "Status",
    cell: (info) => (
      <span>
        <StatusBadge status={info.getValue()} />
      </span>
    ),
  }),
  column.accessor("start_date", { header: "Start" }),
  column.accessor("end_date", { header: "End" }),
  column.accessor("final_price", {
    header: "Price",
    cell: ({ row }) => `${row.original.final_price} ${row.original.currency}`,
  }),
  column.accessor("beneficiary_count", { header: "People" }),
];

type Filters = { q: string; status: PolicyStatus | ""; startFrom: string; startTo: string };
const NO_FILTERS: Filters = { q: "", status: "", startFrom: "", startTo: "" };

/** GET /emission/policies with every filter it takes; each applies as it is changed. */
export function PoliciesPanel({ initialClientId, canIssue }: { initialClientId?: string; canIssue: boolean }) {
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
      title="Policies"
      description="Newest first."
      actions={canIssue ? <Link href="/policies/new">Issue a policy</Link> : undefined}
    >
      <div className="filters-grid" role="search" aria-label="Filter policies">
        <Field id="policies-q" label="Number or client name">
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
          labelOf={statusLabel}
          onChange={(status) => change({ status })}
        />
        <Field id="policies-start-from" label="Starting from">
          <input
            id="policies-start-from"
            type="date"
            value={filters.startFrom}
            onChange={(event) => change({ startFrom: event.target.value })}
          />
        </Field>
        <Field id="policies-start-to" label="Starting until">
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
            label="Client"
            clearLabel="Any client"
            canCreate={false}
            onChange={(next) => {
              setClientChoice(next);
              setPage(1);
            }}
          />
        </div>
      </div>
      <ErrorBanner message={policies.error ?? linked.error} />
      <DataTable table={table} label="Policies" isLoading={policies.isLoading} emptyText="No policy matches." />
      {policies.data ? (
        <Pagination
          page={policies.data.page}
          pageSize={policies.data.page_size}
          total={policies.data.total}
          onPageChange={setPage}
          onPageSizeChange={setPageSize}
        />
      ) : null}
    </Panel>
  );
}
