import { Badge } from "@/components/ui/panel";
import type { Subscription } from "./types";

/** The subscription this page started or cancelled: its processor status, billing day and period end. */
export function SubscriptionSummary({ subscription }: { subscription: Subscription }) {
  return (
    <dl className="facts subscription-summary" aria-label="Subscription">
      <dt>Subscription</dt>
      <dd>
        <Badge tone={subscription.status === "ACTIVE" ? "ok" : "neutral"}>{subscription.status.toLowerCase()}</Badge>{" "}
        <code className="id">{subscription.processor_subscription_id}</code>
      </dd>
      <dt>Billed</dt>
      <dd>on day {subscription.billing_anchor_day} of each month</dd>
      {subscription.current_period_end ? (
        <>
          <dt>{subscription.cancel_at_period_end ? "Ends" : "Paid until"}</dt>
          <dd>
            <time dateTime={subscription.current_period_end}>
              {new Date(subscription.current_period_end).toLocaleDateString()}
            </time>
          </dd>
        </>
      ) : null}
    </dl>
  );
}
