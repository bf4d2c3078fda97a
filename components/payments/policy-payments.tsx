"use client";

import { getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useMemo, useState } from "react";
import type { PolicyDetail } from "@/components/policies/types";
import { apiFetch, useApiData, useInvalidate } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { Panel } from "@/components/ui/panel";
import { usePremium } from "@/components/ui/premium";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useFormat } from "@/components/ui/use-format";
import { MAX_PAYMENT_ATTEMPTS, PAYABLE_POLICY_STATUSES } from "@/lib/payments/state-machine";
import type { PolicyStatus } from "@/lib/emission/state-machine";
import { CancelSubscriptionForm } from "./cancel-subscription-form";
import { ManualPaymentForm } from "./manual-payment-form";
import "./payments.css";
import { useLoadError, usePaymentError } from "./payment-errors";
import { SubscriptionForm } from "./subscription-form";
import { SubscriptionSummary } from "./subscription-summary";
import { useSubscriptionStatus } from "./subscription-summary";
import { useTransactionColumns } from "./transaction-columns";
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
  const t = useTranslations("payments.policy");
  const tc = useTranslations("codes");
  const locale = useLocale();
  const f = useFormat();
  const premium = usePremium();
  const subscriptionStatus = useSubscriptionStatus();
  const describeError = usePaymentError();
  const loadError = useLoadError();
  const { can } = useProfile();
  const transactions = useApiData<Transaction[]>(
    can("payments:read") ? `/api/v1/payments/transactions?policy_id=${policy.id}&limit=200` : null,
  );
  const [open, setOpen] = useState<OpenForm>(null);
  // The API has no read of a subscription; the one started or cancelled here is shown until the page reloads.
  const [subscription, setSubscription] = useState<Subscription | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const retry = useApiSubmit(undefined, undefined, { describeError });
  const invalidate = useInvalidate();

  const { submit: submitRetry } = retry;
  const retryCharge = useCallback(
    async (transaction: Transaction) => {
      setNotice(null);
      await submitRetry(async () => {
        try {
          const retried = await apiFetch<Retried>(`/api/v1/payments/transactions/${transaction.id}/retry`, {
            method: "POST",
          });
          return t("retried", {
            attempt: f.number(retried.attempt_count),
            max: f.number(MAX_PAYMENT_ATTEMPTS),
            status: tc(`transactionStatus.${retried.status}`).toLocaleLowerCase(locale),
          });
        } finally {
          // A retry makes the row PENDING; at the limit (422) the row stays, and its count is re-read.
          void invalidate(TRANSACTIONS);
        }
      });
    },
    [submitRetry, invalidate, t, tc, f, locale],
  );

  const canRetry = can("payments:write");
  const actions = useCallback(
    (transaction: Transaction) =>
      transaction.status === "FAILED" && canRetry ? (
        <Button
          variant="secondary"
          isBusy={retry.isBusy}
          onClick={() => void retryCharge(transaction)}
          aria-label={t("retryLabel", { amount: f.money(transaction.amount, transaction.currency) })}
        >
          {t("retry")}
        </Button>
      ) : null,
    [canRetry, retry.isBusy, retryCharge, t, f],
  );
  const columns = useTransactionColumns({ actions });
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

  const buttons = (
    <div className="button-row">
      {can("payments:manage") && isPayable ? (
        // The amount due is read from the transactions, so the form waits for them.
        <Button
          variant={open === "manual" ? "primary" : "secondary"}
          aria-expanded={open === "manual"}
          disabled={!transactions.data}
          onClick={() => toggle("manual")}
        >
          {t("recordManual")}
        </Button>
      ) : null}
      {can("payments:write") && SUBSCRIBABLE.includes(policy.status) ? (
        <Button
          variant={open === "subscription" ? "primary" : "secondary"}
          aria-expanded={open === "subscription"}
          onClick={() => toggle("subscription")}
        >
          {t("startSubscription")}
        </Button>
      ) : null}
      {can("payments:manage") && hasSubscription && !ENDED.includes(policy.status) ? (
        <Button variant="danger" aria-expanded={open === "cancel"} onClick={() => toggle("cancel")}>
          {t("cancelSubscription")}
        </Button>
      ) : null}
    </div>
  );

  return (
    <Panel
      title={t("title")}
      description={
        isPayable
          ? t("descriptionDue", {
              premium: premium(policy.final_price, policy.currency),
              due: f.money(due, policy.currency),
            })
          : t("description", { premium: premium(policy.final_price, policy.currency) })
      }
      actions={buttons}
    >
      <SuccessBanner message={notice ?? retry.success} />
      <ErrorBanner message={retry.error ?? loadError(transactions.error)} />
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
            changed(t("subscribed", { status: subscriptionStatus(started.status) }));
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
                ? t("endsWithPeriod")
                : t("cancelled"),
            );
          }}
          onClose={() => setOpen(null)}
        />
      ) : null}
      <DataTable table={table} label={t("table")} isLoading={transactions.isLoading} emptyText={t("empty")} />
    </Panel>
  );
}
