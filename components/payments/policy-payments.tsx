"use client";

import { getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useCallback, useMemo, useState } from "react";
import type { PolicyDetail } from "@/components/policies/types";
import { apiFetch, useApiData, useInvalidate } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { Panel } from "@/components/ui/panel";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { PAYABLE_POLICY_STATUSES } from "@/lib/payments/state-machine";
import type { PolicyStatus } from "@/lib/emission/state-machine";
import { CancelSubscriptionForm } from "./cancel-subscription-form";
import { ManualPaymentForm } from "./manual-payment-form";
import "./payments.css";
import { withProcessorHint } from "./processor-errors";
import { SubscriptionForm } from "./subscription-form";
import { SubscriptionSummary } from "./subscription-summary";
import { transactionColumns } from "./transaction-columns";
import { amountDue, type Retried, type Subscription, type Transaction } from "./types";
import { useProfile } from "./use-profile";

// The statuses a subscription may start from (the service's own list), and those it can still be cancelled in.
const SUBSCRIBABLE: PolicyStatus[] = ["PENDING_PAYMENT", "ACTIVE", "IN_ARREARS", "PAID_FAILED"];
const ENDED: PolicyStatus[] = ["DRAFT", "CANCELLED", "EXPIRED"];

type OpenForm = "manual" | "subscription" | "cancel" | null;
type PolicyPaymentsProps = { policy: PolicyDetail };

const TRANSACTIONS = "/api/v1/payments/transactions";

/**
 * The policy's payments: its transactions, and for those allowed a manual payment, a subscription, its
 * cancellation and the retry of a failed charge. Every change reloads the transactions and the policy,
 * whose status and history a payment may move.
 */
export function PolicyPayments({ policy }: PolicyPaymentsProps) {
  const { can } = useProfile();
  const transactions = useApiData<Transaction[]>(
    can("payments:read") ? `/api/v1/payments/transactions?policy_id=${policy.id}&limit=200` : null,
  );
  const [open, setOpen] = useState<OpenForm>(null);
  // The API has no read of a subscription; the one started or cancelled here is shown until the page reloads.
  const [subscription, setSubscription] = useState<Subscription | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const retry = useApiSubmit();
  const invalidate = useInvalidate();

  const { submit: submitRetry } = retry;
  const retryCharge = useCallback(
    async (transaction: Transaction) => {
      setNotice(null);
      await submitRetry(async () => {
        try {
          const retried = await withProcessorHint(
            apiFetch<Retried>(`/api/v1/payments/transactions/${transaction.id}/retry`, { method: "POST" }),
          );
          return `${retried.message} (retry ${retried.attempt_count}; the charge is ${retried.status.toLowerCase()} until the processor answers).`;
        } finally {
          // A retry makes the row PENDING; at the limit (422) the row stays, and its count is re-read.
          void invalidate(TRANSACTIONS);
        }
      });
    },
    [submitRetry, invalidate],
  );

  const canRetry = can("payments:write");
  const columns = useMemo(
    () =>
      transactionColumns({
        actions: (transaction) =>
          transaction.status === "FAILED" && canRetry ? (
            <Button
              variant="secondary"
              isBusy={retry.isBusy}
              onClick={() => void retryCharge(transaction)}
              aria-label={`Retry the charge of ${transaction.amount} ${transaction.currency}`}
            >
              Retry
            </Button>
          ) : null,
      }),
    [canRetry, retry.isBusy, retryCharge],
  );
  const rows = useMemo(() => transactions.data ?? [], [transactions.data]);
  // A stable data array and manualPagination: otherwise every new array resets the page index, a state
  // change that renders a new array again (TanStack's auto-reset), and the page freezes.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.id,
    manualPagination: true,
  });

  if (!can("payments:read")) return null;

  const isPayable = (PAYABLE_POLICY_STATUSES as readonly string[]).includes(policy.status);
  const due = amountDue(policy.final_price, policy.currency, rows);
  // The API has no read of a subscription: invoices show there is one, or it was started on this page.
  const hasSubscription = subscription !== null || rows.some((transaction) => transaction.kind === "INVOICE");

  function changed(message: string | null) {
    setOpen(null);
    setNotice(message);
    void invalidate(TRANSACTIONS, `/api/v1/emission/policies/${policy.id}`);
  }

  function toggle(form: Exclude<OpenForm, null>) {
    setNotice(null);
    setOpen((current) => (current === form ? null : form));
  }

  const actions = (
    <div className="button-row">
      {can("payments:manage") && isPayable ? (
        // The amount due is read from the transactions, so the form waits for them.
        <Button
          variant={open === "manual" ? "primary" : "secondary"}
          aria-expanded={open === "manual"}
          disabled={!transactions.data}
          onClick={() => toggle("manual")}
        >
          Record manual payment
        </Button>
      ) : null}
      {can("payments:write") && SUBSCRIBABLE.includes(policy.status) ? (
        <Button
          variant={open === "subscription" ? "primary" : "secondary"}
          aria-expanded={open === "subscription"}
          onClick={() => toggle("subscription")}
        >
          Start subscription
        </Button>
      ) : null}
      {can("payments:manage") && hasSubscription && !ENDED.includes(policy.status) ? (
        <Button variant="danger" aria-expanded={open === "cancel"} onClick={() => toggle("cancel")}>
          Cancel subscription
        </Button>
      ) : null}
    </div>
  );

  return (
    <Panel
      title="Payments"
      description={`Premium ${policy.final_price} ${policy.currency}${isPayable ? `; due now ${due} ${policy.currency}` : ""}. Newest first.`}
      actions={actions}
    >
      <SuccessBanner message={notice ?? retry.success} />
      <ErrorBanner message={retry.error ?? transactions.error} />
      {subscription ? <SubscriptionSummary subscription={subscription} /> : null}
      {open === "manual" ? (
        <ManualPaymentForm
          policyId={policy.id}
          currency={policy.currency}
          due={due}
          onRecorded={changed}
          onCancel={() => setOpen(null)}
        />
      ) : null}
      {open === "subscription" ? (
        <SubscriptionForm
          policyId={policy.id}
          onSubscribed={(started) => {
            setSubscription(started);
            changed(
              `Subscription started (${started.status.toLowerCase()}): the policy becomes active when its first invoice is paid.`,
            );
          }}
          onCancel={() => setOpen(null)}
        />
      ) : null}
      {open === "cancel" ? (
        <CancelSubscriptionForm
          policyId={policy.id}
          onCancelled={(result) => {
            setSubscription(result.subscription);
            changed(
              result.subscription.cancel_at_period_end && result.subscription.status !== "CANCELED"
                ? "The subscription ends with the paid period."
                : "The subscription is cancelled.",
            );
          }}
          onClose={() => setOpen(null)}
        />
      ) : null}
      <DataTable
        table={table}
        label="Transactions of the policy"
        isLoading={transactions.isLoading}
        emptyText="No payment yet."
      />
    </Panel>
  );
}
