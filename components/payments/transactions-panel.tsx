"use client";

import { getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useCallback, useMemo, useState } from "react";
import { usePolicies } from "@/components/claims/use-policies";
import { useApiData } from "@/components/ui/api-client";
import { DataTable } from "@/components/ui/data-table";
import { DownloadButtons } from "@/components/ui/download-buttons";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Field } from "@/components/ui/field";
import { StatusFilter } from "@/components/ui/status-filter";
import { Panel } from "@/components/ui/panel";
import { TRANSACTION_STATUSES, type TransactionStatus } from "@/lib/payments/state-machine";
import { OffsetPager } from "./offset-pager";
import "./payments.css";
import { useLoadError } from "./payment-errors";
import { PolicyLink, useTransactionColumns } from "./transaction-columns";
import type { Transaction } from "./types";
import { usePolicyByNumber } from "./use-policy-by-number";

const PAGE_SIZE = 50;

/** GET /payments/transactions, newest first, filtered by status and policy, a page at a time. */
export function TransactionsPanel() {
  const t = useTranslations("payments.transactions");
  const tc = useTranslations("codes");
  const loadError = useLoadError();
  const [status, setStatus] = useState<TransactionStatus | "">("");
  const [policyNumber, setPolicyNumber] = useState("");
  const [offset, setOffset] = useState(0);
  const policy = usePolicyByNumber(policyNumber);

  // One row more than a page: the list has no total, and that row tells whether there is a next page.
  const query = new URLSearchParams({ limit: String(PAGE_SIZE + 1), offset: String(offset) });
  if (status) query.set("status", status);
  if (policy.state === "found") query.set("policy_id", policy.id);
  const isFilterReady = policy.state === "none" || policy.state === "found";
  const transactions = useApiData<Transaction[]>(isFilterReady ? `/api/v1/payments/transactions?${query}` : null);
  const rows = useMemo(
    () => (isFilterReady ? (transactions.data ?? []).slice(0, PAGE_SIZE) : []),
    [transactions.data, isFilterReady],
  );
  const policies = usePolicies(rows.map((row) => row.policy_id));

  const policyLink = useCallback(
    (row: Transaction) => <PolicyLink policyId={row.policy_id} policyNumber={policies[row.policy_id]?.policy_number} />,
    [policies],
  );
  const columns = useTransactionColumns({ policyLink });
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.id,
    manualPagination: true,
  });

  const emptyText =
    policy.state === "unknown"
      ? t("unknownPolicy", { number: policy.number })
      : status || policyNumber
        ? t("noMatch")
        : t("empty");
  return (
    <Panel
      title={t("title")}
      description={t("description")}
      // Until the policy number typed is found, the filters are not the list's: no file to offer.
      actions={isFilterReady ? <DownloadButtons path="/api/v1/payments/transactions" filters={query} /> : undefined}
    >
      <div className="filters-grid" role="search" aria-label={t("filters")}>
        <StatusFilter
          id="transactions-status"
          value={status}
          statuses={TRANSACTION_STATUSES}
          labelOf={(value) => tc(`transactionStatus.${value}`)}
          onChange={(value) => {
            setStatus(value);
            setOffset(0);
          }}
        />
        <Field id="transactions-policy" label={t("policyNumber")} hint={t("policyNumberHint")}>
          <input
            id="transactions-policy"
            type="search"
            autoComplete="off"
            value={policyNumber}
            onChange={(event) => {
              setPolicyNumber(event.target.value);
              setOffset(0);
            }}
          />
        </Field>
      </div>
      <ErrorBanner message={loadError(transactions.error ?? (policy.state === "unknown" ? policy.error : null))} />
      <DataTable
        table={table}
        label={t("table")}
        isLoading={transactions.isLoading || policy.state === "pending"}
        emptyText={emptyText}
      />
      <OffsetPager
        offset={offset}
        limit={PAGE_SIZE}
        count={rows.length}
        hasMore={(transactions.data?.length ?? 0) > PAGE_SIZE}
        onOffsetChange={setOffset}
      />
    </Panel>
  );
}
