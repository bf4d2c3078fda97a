"use client";

import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import Link from "next/link";
import { useMemo, useState } from "react";
import { useApiData, type Paginated } from "@/components/ui/api-client";
import { DataTable } from "@/components/ui/data-table";
import { ErrorBanner } from "@/components/ui/error-banner";
import { StatusFilter } from "@/components/ui/status-filter";
import { Pagination } from "@/components/ui/pagination";
import { Panel } from "@/components/ui/panel";
import { CLAIM_STATUSES, type ClaimStatus } from "@/lib/claims/state-machine";
import { statusLabel } from "@/lib/emission/labels";
import { ageInDays, ageLabel, expenseTotals, formatAmounts } from "./claim-math";
import "./claims.css";
import { ClaimStatusBadge, WaitingPeriodBadge } from "./status-badge";
import { personName, type Claim } from "./types";
import { usePolicies } from "./use-policies";

const column = createColumnHelper<Claim>();

/**
 * The claims desk's queue: GET /claims/ filtered by status, oldest report first (sort=reported_at), so
 * the claim that has waited longest is on top, with its age in days.
 */
export function ClaimsQueue() {
  const [status, setStatus] = useState<ClaimStatus | "">("PENDING");
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const query = new URLSearchParams({ sort: "reported_at", page: String(page), page_size: String(pageSize) });
  if (status) query.set("status", status);
  const claims = useApiData<Paginated<Claim>>(`/api/v1/claims/?${query}`);
  const items = useMemo(() => claims.data?.items ?? [], [claims.data]);
  const policies = usePolicies(items.map((claim) => claim.policy_id));

  const columns = useMemo(() => {
    // The time the page was drawn; a queue is re-read often enough for whole days.
    const now = new Date();
    return [
      column.display({
        id: "open",
        header: "Claim",
        cell: ({ row }) => {
          const name = personName(policies[row.original.policy_id], row.original.beneficiary_id);
          return (
            <Link
              href={`/claims/${row.original.id}`}
              aria-label={name ? `Open the claim of ${name}` : "Open the claim"}
            >
              Open
            </Link>
          );
        },
      }),
      column.accessor("reported_at", {
        header: "Reported",
        cell: (info) => <time dateTime={info.getValue()}>{new Date(info.getValue()).toLocaleDateString()}</time>,
      }),
      column.accessor((claim) => ageInDays(claim.reported_at, now), {
        id: "age",
        header: "Age",
        cell: (info) => ageLabel(info.getValue()),
      }),
      column.accessor("beneficiary_id", {
        header: "Person",
        cell: ({ row }) => {
          const policy = policies[row.original.policy_id];
          return (
            <Link href={`/policies/${row.original.policy_id}`}>
              {personName(policy, row.original.beneficiary_id) ?? (policy === null ? "not readable" : "…")}
            </Link>
          );
        },
      }),
      column.accessor("policy_id", {
        header: "Policy",
        cell: ({ row }) => {
          const policy = policies[row.original.policy_id];
          return (
            <Link className="nowrap" href={`/policies/${row.original.policy_id}`}>
              {policy?.policy_number ?? "policy"}
            </Link>
          );
        },
      }),
      column.accessor("status", { header: "Status", cell: (info) => <ClaimStatusBadge status={info.getValue()} /> }),
      column.accessor("waiting_period_met", {
        header: "Waiting period",
        cell: (info) => <WaitingPeriodBadge isMet={info.getValue()} />,
      }),
      column.accessor("total_expenses", {
        header: "Expenses",
        // Per currency: the API's total adds amounts as recorded, whatever their currencies.
        cell: ({ row }) =>
          `${formatAmounts(expenseTotals(row.original.expenses).overall)} (${row.original.expenses.length})`,
      }),
    ];
  }, [policies]);

  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: items,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (claim) => claim.id,
    manualPagination: true,
  });

  return (
    <Panel title="Queue" description="Oldest report first: the claim that has waited longest is on top.">
      <div className="filters-grid" role="search" aria-label="Filter claims">
        <StatusFilter
          id="claims-status"
          value={status}
          statuses={CLAIM_STATUSES}
          labelOf={statusLabel}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
        />
      </div>
      <ErrorBanner message={claims.error} />
      <div className="claims-queue-table">
        <DataTable
          table={table}
          label="Claims"
          isLoading={claims.isLoading}
          emptyText={status ? `No ${statusLabel(status)} claim.` : "No claim yet."}
        />
      </div>
      {claims.data ? (
        <Pagination
          page={claims.data.page}
          pageSize={claims.data.page_size}
          total={claims.data.total}
          onPageChange={setPage}
          onPageSizeChange={setPageSize}
        />
      ) : null}
    </Panel>
  );
}
