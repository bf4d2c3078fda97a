"use client";

import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useApiData, type Paginated } from "@/components/ui/api-client";
import { useDebouncedValue } from "@/components/clients/use-debounced-value";
import { DataTable } from "@/components/ui/data-table";
import { Field } from "@/components/ui/field";
import { DownloadButtons } from "@/components/ui/download-buttons";
import { ErrorBanner } from "@/components/ui/error-banner";
import { StatusFilter } from "@/components/ui/status-filter";
import { Pagination } from "@/components/ui/pagination";
import { Panel } from "@/components/ui/panel";
import { CLAIM_STATUSES, type ClaimStatus } from "@/lib/claims/state-machine";
import { useFormat } from "@/components/ui/use-format";
import { ageInDays } from "./claim-math";
import "./claims.css";
import { OverdueBadge } from "./payouts-panel";
import { ClaimStatusBadge, CoverBadge } from "./status-badge";
import { personName, type Claim } from "./types";
import { useAgeLabel, useFormatAmounts } from "./use-claim-texts";
import { usePolicies } from "./use-policies";

const column = createColumnHelper<Claim>();

/**
 * The claims desk's queue: GET /claims/ filtered by status or searched by claim number, overdue claims first (the API's order), then
 * the oldest report (sort=reported_at), so the claim that has waited longest is on top, with its age in
 * days, its cover, its documents and the deadline to pay it.
 */
export function ClaimsQueue() {
  const t = useTranslations("claims.queue");
  const tc = useTranslations("codes");
  const f = useFormat();
  const ageLabel = useAgeLabel();
  const formatAmounts = useFormatAmounts();
  const [status, setStatus] = useState<ClaimStatus | "">("PENDING");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const q = useDebouncedValue(search.trim());
  const query = new URLSearchParams({ sort: "reported_at", page: String(page), page_size: String(pageSize) });
  if (status) query.set("status", status);
  if (q) query.set("q", q);
  const claims = useApiData<Paginated<Claim>>(`/api/v1/claims/?${query}`);
  const items = useMemo(() => claims.data?.items ?? [], [claims.data]);
  const policies = usePolicies(items.map((claim) => claim.policy_id));

  const columns = useMemo(() => {
    // The time the page was drawn; a queue is re-read often enough for whole days.
    const now = new Date();
    return [
      column.display({
        id: "open",
        header: t("claim"),
        cell: ({ row }) => {
          const name = personName(policies[row.original.policy_id], row.original.beneficiary_id);
          return (
            <Link
              className="nowrap"
              href={`/claims/${row.original.id}`}
              // The visible number first, so that the name a screen reader hears starts with what is shown.
              aria-label={`${row.original.claim_number}, ${name ? t("openClaimOf", { name }) : t("openClaim")}`}
            >
              {row.original.claim_number}
            </Link>
          );
        },
      }),
      column.accessor("reported_at", {
        header: t("reported"),
        // The day of the report and how long the claim has waited since.
        cell: (info) => (
          <span className="claim-reported">
            <time dateTime={info.getValue()}>{f.date(info.getValue())}</time>
            <span className="muted">{ageLabel(ageInDays(info.getValue(), now))}</span>
          </span>
        ),
      }),
      column.accessor("beneficiary_id", {
        header: t("person"),
        cell: ({ row }) => {
          const policy = policies[row.original.policy_id];
          return (
            <Link href={`/policies/${row.original.policy_id}`}>
              {personName(policy, row.original.beneficiary_id) ?? (policy === null ? t("notReadable") : "…")}
            </Link>
          );
        },
      }),
      column.accessor("policy_id", {
        header: t("policy"),
        cell: ({ row }) => {
          const policy = policies[row.original.policy_id];
          return (
            <Link className="nowrap" href={`/policies/${row.original.policy_id}`}>
              {policy?.policy_number ?? t("policyFallback")}
            </Link>
          );
        },
      }),
      column.accessor("status", {
        header: t("status"),
        cell: (info) => <ClaimStatusBadge status={info.getValue()} />,
      }),
      column.accessor((claim) => claim.eligibility?.covered ?? null, {
        id: "cover",
        header: t("cover"),
        cell: (info) => {
          const isCovered = info.getValue();
          return isCovered === null ? (
            <span className="muted">{t("coverUnknown")}</span>
          ) : (
            <CoverBadge isCovered={isCovered} />
          );
        },
      }),
      column.accessor((claim) => claim.requirements.filter((item) => item.mandatory), {
        id: "documents",
        header: t("documents"),
        cell: (info) =>
          t("documentsProgress", {
            accepted: info.getValue().filter((item) => item.status === "ACCEPTED").length,
            mandatory: info.getValue().length,
          }),
      }),
      column.accessor("total_expenses", {
        header: t("expenses"),
        // Per currency, as the API totals them: amounts of different currencies are never added.
        cell: ({ row }) =>
          t("expenseCount", {
            total: formatAmounts(
              Object.entries(row.original.total_expenses).map(([currency, amount]) => ({ currency, amount })),
            ),
            count: row.original.expenses.length,
          }),
      }),
      column.accessor("settle_by", {
        header: t("settleBy"),
        cell: ({ row }) =>
          row.original.settle_by ? (
            <span className="claim-deadline">
              <time dateTime={row.original.settle_by}>{f.dateTime(row.original.settle_by)}</time>
              {row.original.is_overdue ? <OverdueBadge /> : null}
            </span>
          ) : (
            <span className="muted">{t("noDeadline")}</span>
          ),
      }),
    ];
  }, [policies, t, f, ageLabel, formatAmounts]);

  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: items,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (claim) => claim.id,
    manualPagination: true,
  });

  return (
    <Panel
      title={t("title")}
      description={t("description")}
      actions={<DownloadButtons path="/api/v1/claims/" filters={query} />}
    >
      <div className="filters-grid" role="search" aria-label={t("filters")}>
        <StatusFilter
          id="claims-status"
          value={status}
          statuses={CLAIM_STATUSES}
          labelOf={(value) => tc(`claimStatus.${value}`)}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
        />
        <Field id="claims-search" label={t("search")} hint={t("searchHint")}>
          <input
            id="claims-search"
            type="search"
            value={search}
            autoComplete="off"
            onChange={(event) => {
              setSearch(event.target.value);
              // A number quoted on the phone is looked for in every status.
              if (event.target.value.trim()) setStatus("");
              setPage(1);
            }}
          />
        </Field>
      </div>
      <ErrorBanner message={claims.error} />
      <div className="claims-queue-table">
        <DataTable
          table={table}
          label={t("table")}
          isLoading={claims.isLoading}
          emptyText={status ? t(`empty.${status}`) : t("emptyAll")}
        />
      </div>
      {claims.data ? (
        <Pagination
          page={claims.data.page}
          pageSize={claims.data.page_size}
          total={claims.data.total}
          estimated={claims.data.total_is_estimate}
          onPageChange={setPage}
          onPageSizeChange={setPageSize}
        />
      ) : null}
    </Panel>
  );
}
