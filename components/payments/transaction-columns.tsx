"use client";

import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import type { ReactNode } from "react";
import { MAX_PAYMENT_ATTEMPTS } from "@/lib/payments/state-machine";
import { TransactionStatusBadge } from "./transaction-status-badge";
import type { Transaction } from "./types";

const column = createColumnHelper<Transaction>();

function dateTime(value: string | null) {
  return value ? <time dateTime={value}>{new Date(value).toLocaleString()}</time> : <span className="muted">—</span>;
}

const KIND_LABELS: Record<Transaction["kind"], string> = {
  INTENT: "card payment",
  MANUAL: "manual",
  INVOICE: "subscription invoice",
};

type TransactionColumnsOptions = {
  /** The transactions page names each row's policy; the policy page does not need to. */
  policyLink?: (transaction: Transaction) => ReactNode;
  /** A last column of actions (the policy page's Retry). */
  actions?: (transaction: Transaction) => ReactNode;
};

/** The columns of a transactions table, shared by the transactions page and the policy's payments panel. */
export function transactionColumns({ policyLink, actions }: TransactionColumnsOptions = {}) {
  return [
    column.accessor("created_at", { header: "Created", cell: (info) => dateTime(info.getValue()) }),
    ...(policyLink
      ? [column.accessor("policy_id", { header: "Policy", cell: ({ row }) => policyLink(row.original) })]
      : []),
    column.accessor("kind", { header: "Kind", cell: (info) => KIND_LABELS[info.getValue()] }),
    column.accessor("status", {
      header: "Status",
      cell: ({ row }) => (
        <span className="transaction-status">
          <TransactionStatusBadge status={row.original.status} />
          {row.original.failure_message ? <span className="muted">{row.original.failure_message}</span> : null}
        </span>
      ),
    }),
    column.accessor("amount", {
      header: "Amount",
      cell: ({ row }) => <span className="amount">{`${row.original.amount} ${row.original.currency}`}</span>,
    }),
    column.accessor("attempt_count", {
      header: "Retries",
      // attempt_count counts retries (0 at first); they stop at MAX_PAYMENT_ATTEMPTS, so staff see how many are left.
      cell: ({ row }) =>
        row.original.kind === "MANUAL" ? (
          <span className="muted">—</span>
        ) : (
          `${row.original.attempt_count} of ${MAX_PAYMENT_ATTEMPTS}`
        ),
    }),
    column.accessor("paid_at", { header: "Paid", cell: (info) => dateTime(info.getValue()) }),
    column.accessor("reference", {
      header: "Reference",
      cell: (info) => info.getValue() ?? <span className="muted">—</span>,
    }),
    ...(actions ? [column.display({ id: "actions", header: "Action", cell: ({ row }) => actions(row.original) })] : []),
  ];
}

/** A link to the policy of a transaction, by number once known. */
export function PolicyLink({ policyId, policyNumber }: { policyId: string; policyNumber: string | undefined }) {
  return <Link href={`/policies/${policyId}`}>{policyNumber ?? "policy"}</Link>;
}
