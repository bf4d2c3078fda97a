"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { Badge } from "@/components/ui/panel";
import { useFormat } from "@/components/ui/use-format";
import type { Subscription } from "./types";

/**
 * The processor's status of a subscription (upper-cased: ACTIVE, PAST_DUE, ...) as a person reads it;
 * a status the catalog does not name yet reads as the processor wrote it.
 */
export function useSubscriptionStatus() {
  const t = useTranslations("payments.subscription.status");
  return useCallback(
    (status: string) => (t.has(status as never) ? t(status as never) : status.replaceAll("_", " ").toLowerCase()),
    [t],
  );
}

/** The subscription this page started or cancelled: its processor status, billing day and period end. */
export function SubscriptionSummary({ subscription }: { subscription: Subscription }) {
  const t = useTranslations("payments.subscription");
  const f = useFormat();
  const statusLabel = useSubscriptionStatus();
  return (
    <dl className="facts subscription-summary" aria-label={t("summary")}>
      <dt>{t("summary")}</dt>
      <dd>
        <Badge tone={subscription.status === "ACTIVE" ? "ok" : "neutral"}>{statusLabel(subscription.status)}</Badge>{" "}
        <code className="id">{subscription.processor_subscription_id}</code>
      </dd>
      <dt>{t("billed")}</dt>
      <dd>{t("billedOn", { day: f.number(subscription.billing_anchor_day) })}</dd>
      {subscription.current_period_end ? (
        <>
          <dt>{subscription.cancel_at_period_end ? t("ends") : t("paidUntil")}</dt>
          <dd>
            <time dateTime={subscription.current_period_end}>{f.date(subscription.current_period_end)}</time>
          </dd>
        </>
      ) : null}
    </dl>
  );
}
