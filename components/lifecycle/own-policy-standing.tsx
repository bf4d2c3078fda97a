"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import "./lifecycle.css";
import { useState } from "react";
import { STRIPE_PUBLISHABLE_KEY } from "@/components/payments/stripe-browser";
import type { OwnPolicy } from "@/components/policies/types";
import { CONTACTS_ANCHOR } from "@/components/portal/whom-to-call";
import { useApiData, useInvalidate } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { useFormat } from "@/components/ui/use-format";
import { CancelPolicyForm } from "./cancel-policy-form";
import { FINAL_STATUSES, policyPath } from "./types";
import type { AccountResponse } from "@/lib/emission/account/schemas";

// The card form (Stripe's Elements) loads when a client opens it: the portal's own bundle stays small, so
// the page answers its buttons as soon as it is drawn.
const CardPayment = dynamic(() => import("./card-payment").then((module) => module.CardPayment), { ssr: false });

// The statuses the portal's card payment accepts (lifecycle.md section 10); LAPSED only in its window.
const PAYABLE = ["PENDING_PAYMENT", "PAID_FAILED", "ACTIVE", "IN_ARREARS"];

type OwnPolicyStandingProps = { policy: OwnPolicy; onChanged: () => void };

/**
 * What the client reads first about a policy: until when it is covered and what is due, with the card
 * payment (where the service takes cards) and the cancellation, whose refund is shown before it is confirmed.
 */
export function OwnPolicyStanding({ policy, onChanged }: OwnPolicyStandingProps) {
  const t = useTranslations("lifecycle.portal");
  const f = useFormat();
  const accountUrl = `${policyPath(policy.id)}/account`;
  const account = useApiData<AccountResponse>(accountUrl);
  const invalidate = useInvalidate();
  const [open, setOpen] = useState<"pay" | "cancel" | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const isOver = FINAL_STATUSES.includes(policy.status);
  const isPayable = PAYABLE.includes(policy.status) || policy.reinstatable_until !== null;
  const data = account.data;
  const money = (amount: string) => f.money(amount, policy.currency);

  function done(message: string) {
    setOpen(null);
    setNotice(message);
    void invalidate(accountUrl);
    onChanged();
  }

  return (
    <div className="own-standing">
      <ErrorBanner message={account.error} />
      {data && !isOver ? (
        <dl className="facts" aria-label={t("standing")}>
          <dt>{t("coveredUntil")}</dt>
          <dd>{data.paid_to_date ? f.date(data.paid_to_date) : t("notPaidYet")}</dd>
          {/* The one place the portal says what is due: overdue premiums first, else the next premium (none
              when nothing more is owed: a cancellation at the end of the paid period, a last term). */}
          <dt>{t("due")}</dt>
          <dd>
            {Number(data.arrears_amount) > 0
              ? t("dueNow", { amount: money(data.arrears_amount), date: f.date(data.next_due_date) })
              : policy.next_premium
                ? t("nextPremium", {
                    amount: f.money(policy.next_premium.amount, policy.next_premium.currency),
                    date: f.date(policy.next_premium.due_date),
                  })
                : t("nothingMore")}
          </dd>
          {data.grace_ends_on ? (
            <>
              <dt>{t("graceEnds")}</dt>
              <dd>{f.date(data.grace_ends_on)}</dd>
            </>
          ) : null}
          {policy.reinstatable_until ? (
            <>
              <dt>{t("reinstatableUntil")}</dt>
              <dd>{f.date(policy.reinstatable_until)}</dd>
            </>
          ) : null}
          {policy.cancel_at ? (
            <>
              <dt>{t("cancelAt")}</dt>
              <dd>{f.date(policy.cancel_at)}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      <SuccessBanner message={notice} />
      {/* Without cards, the ways to pay that remain (transfer, cash) go through the people the page lists. */}
      {isPayable && !STRIPE_PUBLISHABLE_KEY ? (
        <p className="muted">
          {t.rich("cardsOff", { link: (chunks) => <a href={`#${CONTACTS_ANCHOR}`}>{chunks}</a> })}
        </p>
      ) : null}
      {!isOver && open === null ? (
        <div className="button-row">
          {isPayable && STRIPE_PUBLISHABLE_KEY && data ? (
            <Button onClick={() => setOpen("pay")}>
              {t("pay", { amount: money(Number(data.arrears_amount) > 0 ? data.arrears_amount : data.premium) })}
            </Button>
          ) : null}
          <Button
            variant="danger"
            onClick={() => setOpen("cancel")}
            aria-label={t("cancelLabel", { number: policy.policy_number })}
          >
            {t("cancel")}
          </Button>
        </div>
      ) : null}
      {open === "pay" ? <CardPayment policyId={policy.id} onPaid={done} onCancel={() => setOpen(null)} /> : null}
      {open === "cancel" ? (
        <CancelPolicyForm
          policy={policy}
          audience="client"
          invalidates={[policyPath(policy.id)]}
          onDone={done}
          onCancel={() => setOpen(null)}
        />
      ) : null}
    </div>
  );
}
