"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useMemo, type ReactNode } from "react";
import { useFormat } from "@/components/ui/use-format";
import { MAX_PAYMENT_ATTEMPTS } from "@/lib/payments/state-machine";
import { TransactionStatusBadge } from "./transaction-status-badge";
import type { Transaction } from "./types";

const column = createColumnHelper<Transaction>();

type TransactionColumnsOptions = {
  /** The transactions page names each row's policy; the policy page does not need to. */
  policyLink?: (transaction: Transaction) => ReactNode;
  /** A last column of actions (the policy page's Retry). */
  actions?: (transaction: Transaction) => ReactNode;
};

/**
 * The columns of a transactions table, shared by the transactions page and the policy's payments panel,
 * in the page's language. Pass stable functions (useCallback): the columns are made again when they change.
 */
export function useTransactionColumns({ policyLink, actions }: TransactionColumnsOptions = {}) {
  const t = useTranslations("payments.columns");
  const tc = useTranslations("codes");
  const f = useFormat();
  return useMemo(() => {
    const dateTime = (value: string | null) =>
      value ? <time dateTime={value}>{f.dateTime(value)}</time> : <span className="muted">—</span>;
    return [
      column.accessor("created_at", { header: t("created"), cell: (info) => dateTime(info.getValue()) }),
      ...(policyLink
        ? [column.accessor("policy_id", { header: t("policy"), cell: ({ row }) => policyLink(row.original) })]
        : []),
      column.accessor("kind", { header: t("kind"), cell: (info) => tc(`transactionKind.${info.getValue()}`) }),
      column.accessor("status", {
        header: t("status"),
        cell: ({ row }) => (
          <span className="transaction-status">
            <TransactionStatusBadge status={row.original.status} />
            {row.original.failure_message ? <span className="muted">{row.original.failure_message}</span> : null}
          </span>
        ),
      }),
      column.accessor("amount", {
        header: t("amount"),
        cell: ({ row }) => <span className="amount">{f.money(row.original.amount, row.original.currency)}</span>,
      }),
      column.accessor("attempt_count", {
        header: t("retries"),
        // attempt_count counts retries (0 at first); they stop at MAX_PAYMENT_ATTEMPTS, so staff see how many are left.
        cell: ({ row }) =>
          row.original.kind === "MANUAL" ? (
            <span className="muted">—</span>
          ) : (
            t("retriesOf", { count: f.number(row.original.attempt_count), max: f.number(MAX_PAYMENT_ATTEMPTS) })
          ),
      }),
      column.accessor("paid_at", { header: t("paid"), cell: (info) => dateTime(info.getValue()) }),
      column.accessor("reference", {
        header: t("reference"),
        cell: (info) => info.getValue() ?? <span className="muted">—</span>,
      }),
      ...(actions
        ? [column.display({ id: "actions", header: t("action"), cell: ({ row }) => actions(row.original) })]
        : []),
    ];
  }, [t, tc, f, policyLink, actions]);
}

/** A link to the policy of a transaction, by number once known. */
export function PolicyLink({ policyId, policyNumber }: { policyId: string; policyNumber: string | undefined }) {
  const t = useTranslations("payments.columns");
  return <Link href={`/policies/${policyId}`}>{policyNumber ?? t("policyFallback")}</Link>;
}
