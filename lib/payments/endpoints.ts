import { z } from "zod";
import { PolicyDetailResponse } from "@/lib/emission/schemas";
import { defineOperation, listResponse } from "@/lib/http/operation";
import { IdParams } from "@/lib/schemas";
import {
  CancelSubscriptionInput,
  DashboardQuery,
  DashboardResponse,
  IntentInput,
  IntentResponse,
  ListTransactionsQuery,
  ManualPaymentInput,
  OnboardingQuery,
  OnboardingResponse,
  PortalPayResponse,
  RetryResponse,
  SubscriptionInput,
  SubscriptionResponse,
  TransactionResponse,
} from "./schemas";

const tag = "Payments";
const notConfigured = { description: "Card payments are not configured (no STRIPE_SECRET_KEY)" };
const processorFailed = { description: "The card processor failed (502) or did not answer in time (504)" };

export const paymentsEndpoints = {
  createIntent: defineOperation({
    method: "POST",
    path: "/payments/intent",
    tag,
    summary: "Start a card payment of the policy's premium",
    description:
      "A PENDING transaction of the policy's final_price and the processor's payment intent (metadata.policy_id), whose client_secret the client application confirms. 409 unless the policy is PENDING_PAYMENT, PAID_FAILED, ACTIVE (paying ahead), IN_ARREARS, or LAPSED inside its reinstatement window (`policy lapsed on <date> and can no longer be reinstated` once it has closed). When payment_intent.succeeded arrives the money goes into the policy's account as a manual payment's does. `save_payment_method` keeps the card on the client's processor customer (setup_future_usage off_session).",
    access: "payments:write",
    idempotent: true,
    body: IntentInput,
    responses: {
      201: { description: "The transaction with client_secret", schema: IntentResponse },
      404: { description: "Unknown policy" },
      409: { description: "The policy takes no payment in its status" },
      422: { description: "The card processor knows no such payment method" },
      502: processorFailed,
      503: notConfigured,
    },
  }),
  payOwnPolicy: defineOperation({
    method: "POST",
    path: "/portal/policies/{id}/pay",
    tag,
    summary: "A client pays its own policy by card",
    description:
      "Only the signed-in client's own policy (any other: 404). A PENDING transaction and the processor's payment intent for the arrears amount of GET /emission/policies/{id}/account, or for one premium when nothing is due. The policy must be PENDING_PAYMENT, PAID_FAILED, ACTIVE, IN_ARREARS, or LAPSED inside its reinstatement window; otherwise 409 naming its status, or `policy lapsed on <date> and can no longer be reinstated`. When the payment succeeds its money goes into the account as a card intent's does.",
    access: "portal:read",
    params: IdParams,
    responses: {
      201: { description: "The intent's client_secret, amount and currency", schema: PortalPayResponse },
      404: { description: "Unknown policy, or not the caller's own" },
      409: { description: "The policy takes no payment in its status, or its reinstatement window has closed" },
      502: processorFailed,
      503: notConfigured,
    },
  }),
  recordManualPayment: defineOperation({
    method: "POST",
    path: "/payments/manual",
    tag,
    summary: "Record money received outside the processor",
    description:
      "The transaction is PAID at once and its money goes into the policy's account (GET /emission/policies/{id}/account): added to `credit`; while the credit covers a whole premium, one is taken and `paid_to_date` moves to the end of the next month of cover. The first premium makes a PENDING_PAYMENT or PAID_FAILED policy ACTIVE; an IN_ARREARS one becomes ACTIVE once paid to today or later; a LAPSED one inside its reinstatement window is reinstated (ACTIVE, reason `reinstated`, reinstated_on today, audit POLICY_REINSTATED) once paid to the later of today and lapsed_on. Accepted while PENDING_PAYMENT, PAID_FAILED, ACTIVE, IN_ARREARS or LAPSED inside the window; otherwise 409 naming the status, or `policy lapsed on <date> and can no longer be reinstated`. A currency other than the policy's 422. Works without STRIPE_SECRET_KEY.",
    access: "payments:manage",
    idempotent: true,
    body: ManualPaymentInput,
    responses: {
      201: {
        description: "The transaction and the policy",
        schema: z.object({ transaction: TransactionResponse, policy: PolicyDetailResponse }),
      },
      404: { description: "Unknown policy" },
      409: { description: "The policy takes no payment in its status" },
      422: { description: "Another currency, or a bad amount" },
    },
  }),
  createSubscription: defineOperation({
    method: "POST",
    path: "/payments/subscription",
    tag,
    summary: "Bill the policy's premium monthly to a card",
    description:
      "The spec's five steps: the client's processor customer (made once), the card attached and made default, the plan's processor product (a price is made for a plan without processor_price_id and remembered), a reseller company's commission_rate as application_fee_percent and its connected account as transfer destination, then the local row with the processor's status upper-cased. billing_anchor_day (1-28, default today's day, at most 28) becomes billing_cycle_anchor at the next such day (UTC); the first invoice is prorated up to it. A declined first charge answers 402 `card declined: <message>` and stores nothing. The policy becomes ACTIVE when invoice.paid arrives.",
    access: "payments:write",
    idempotent: true,
    body: SubscriptionInput,
    responses: {
      201: { description: "The subscription", schema: SubscriptionResponse },
      402: { description: "The card was declined on the first charge" },
      404: { description: "Unknown policy" },
      422: { description: "The card processor knows no such payment method" },
      409: { description: "The policy cannot be subscribed, or already has a subscription" },
      502: processorFailed,
      503: notConfigured,
    },
  }),
  cancelSubscription: defineOperation({
    method: "POST",
    path: "/payments/subscription/cancel",
    tag,
    summary: "Cancel a policy's subscription, now or at the end of the paid period",
    description:
      "cancel_immediately true: cancelled at the processor now and the policy CANCELLED (cancellation_reason_code OTHER). false: cancel_at_period_end is set; the policy stays as it is until customer.subscription.deleted arrives, which then cancels it (the subscription is marked as ended at the service's request). 404 when the policy has no subscription.",
    access: "payments:manage",
    body: CancelSubscriptionInput,
    responses: {
      200: {
        description: "The subscription and the policy",
        schema: z.object({ subscription: SubscriptionResponse, policy: PolicyDetailResponse }),
      },
      404: { description: "Unknown policy, or no subscription" },
      502: processorFailed,
      503: notConfigured,
    },
  }),
  listTransactions: defineOperation({
    method: "GET",
    path: "/payments/transactions",
    tag,
    summary: "Transactions of the policies in the caller's scope, newest first",
    description:
      "A bare list with limit/offset, or by `cursor` (the Next-Cursor header of the previous answer; newest first by created_at then id). `format=csv|xlsx` downloads every matching transaction.",
    access: "payments:read",
    query: ListTransactionsQuery,
    responses: {
      200: listResponse("A bare list (limit/offset or cursor)", z.array(TransactionResponse), { bare: true }),
    },
  }),
  retryTransaction: defineOperation({
    method: "POST",
    path: "/payments/transactions/{id}/retry",
    tag,
    summary: "Charge a FAILED transaction again",
    description:
      "Only a FAILED transaction (409 otherwise). While attempt_count is below 2 (MAX_PAYMENT_ATTEMPTS): a new payment intent, attempt_count + 1, PENDING. At 2: 422 `maximum retry attempts reached; the client has been notified`, with an e-mail and a messaging-app notice to the client recorded (once per transaction).",
    access: "payments:write",
    params: IdParams,
    responses: {
      200: { description: "The retried transaction with client_secret", schema: RetryResponse },
      404: { description: "Unknown transaction" },
      409: { description: "The transaction is not FAILED" },
      422: { description: "The retry limit is reached; the client was notified" },
      503: notConfigured,
    },
  }),
  connectOnboarding: defineOperation({
    method: "POST",
    path: "/payments/connect/onboarding",
    tag,
    summary: "A link to the processor's onboarding for the caller's reseller company",
    description:
      "Whoever completes the onboarding decides where the company's payouts go, so only signed-in users with payments:onboard (the company's sellers and ADMIN) may start it; an API key is refused (403). ADMIN may name another company with `company_id` (anyone else naming another company: 403). Once the connected account takes charges (`charges_enabled`, read from the processor's account or its `account.updated` event), only ADMIN: others get 403 `{code: \"onboarding_completed\"}`. An Express connected account is created for the company first when it has none (stored as processor_connect_id). Deviation: a company that is not a reseller answers 409 `company is not a reseller`.",
    access: "payments:onboard",
    query: OnboardingQuery,
    responses: {
      200: { description: "The account link", schema: OnboardingResponse },
      403: {
        description:
          "Without payments:onboard, an API key, another company without ADMIN, or onboarding completed (`onboarding_completed`) without ADMIN",
      },
      404: { description: "ADMIN named a company that does not exist" },
      409: { description: "The company is not a reseller" },
      502: processorFailed,
      503: notConfigured,
    },
  }),
  resellerDashboard: defineOperation({
    method: "GET",
    path: "/payments/reseller/dashboard",
    tag,
    summary: "What the company's policies brought in, and the commission, by month",
    description:
      "For the caller's company (ADMIN may pass company_id), scoped like the transactions: a seller with a business unit sees its unit's policies only. PAID transactions (manual ones included) by month of payment (UTC) in the currency most of them use; commission = gross x commission_rate / 100, rounded half-up per month; active_subscriptions of the policies in scope.",
    access: "payments:read",
    query: DashboardQuery,
    responses: {
      200: { description: "The dashboard", schema: DashboardResponse },
      403: { description: "Another company's dashboard without ADMIN" },
    },
  }),
  webhook: defineOperation({
    method: "POST",
    path: "/payments/webhook",
    tag,
    summary: "Processor events (Stripe webhooks)",
    description:
      "The `Stripe-Signature` header is checked with STRIPE_WEBHOOK_SECRET and a 300-second tolerance: missing, bad or old 400 and nothing stored. A valid event is stored by its id (a replay is acknowledged, not processed again) and answered 200 at once; it is processed in the background: invoice.paid, invoice.payment_failed, customer.subscription.deleted and .updated, payment_intent.succeeded and .payment_failed. invoice.paid writes a PAYMENT and a PREMIUM_PAID entry for the invoice line's period and makes paid_to_date at least the day before the period ends; payment_intent.succeeded counts as a manual payment (credit, premiums by month); the policy then moves as a payment makes it (ACTIVE on the first premium, out of arrears once paid to today, reinstated inside its window). A payment already in the account (the same invoice or intent reported again) is counted once. customer.subscription.deleted ends the local subscription and cancels the policy only when the service asked for the end (a cancellation, or a cancel at period end); a subscription the processor ends by itself leaves the policy to the lifecycle and asks the client by e-mail (payment.subscription_ended) to set up payment again. An event older than the newest payment event applied to its policy never moves the policy back, but its money still counts: a late invoice.paid or payment_intent.succeeded is recorded and counted once, and may move the policy forward as any payment; a late failure sends no e-mail and leaves the policy as it is, recording the failure on its transaction unless that is PAID (then the event is IGNORED); any other late event is IGNORED. Only the policy's own processor objects count (trust.md section 6): an event counts only for a subscription or payment intent the service created for that policy, in the policy's currency; invoice.paid only when paid in full (amount_paid >= amount_due; a prorated first invoice counts), payment_intent.succeeded only when amount_received reaches the intent's own amount; an event of a connected account (`account` set) never moves a policy (its account.updated records the end of the reseller's onboarding). Any other is acknowledged and recorded IGNORED with the reason. Each stored event shows its status (RECEIVED, PROCESSED, IGNORED, FAILED), attempts and error.",
    access: "public",
    responses: {
      200: { description: "Acknowledged", schema: z.object({ received: z.literal(true) }) },
      400: { description: "Missing or bad signature" },
      503: { description: "STRIPE_WEBHOOK_SECRET is not set" },
    },
  }),
};
