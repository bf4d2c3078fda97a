import { and, asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, vi } from "vitest";
import { getDb } from "@/db";
import { notifications, policies, policyStatusHistory, processorEvents, transactions, type Policy } from "@/db/schema";
import { inProcessRunner } from "@/inngest/send";
import { createCompany } from "@/lib/operations/create-company";
import { api } from "@/test/api";
import { startFakeStripe, type FakeStripe } from "@/test/fakes/stripe";
import { signStripePayload, stripeEvent } from "@/test/fakes/stripe-events";
import {
  GENERIC_DECLINE,
  stripeInvoice,
  stripePaymentIntent,
  stripeSubscription,
  unixNow,
} from "@/test/fakes/stripe-objects";
import { issueTestPolicy, systemCtx, type SignedIn } from "@/test/fixtures";

// Shared set-up of the payments tests: the fake Stripe (the outside world, reached through the real SDK
// via STRIPE_API_BASE), signed webhook deliveries, and short reads of what the database holds.

export const WEBHOOK_SECRET = "whsec_x";

/** Starts the fake for the file and points the service at it before each test; forgets its state after. */
export function withFakeStripe(): { fake: () => FakeStripe } {
  let fake: FakeStripe;
  const configure = () => {
    vi.stubEnv("STRIPE_SECRET_KEY", "sk_test_x");
    vi.stubEnv("STRIPE_API_BASE", fake.url);
    vi.stubEnv("STRIPE_WEBHOOK_SECRET", WEBHOOK_SECRET);
  };
  beforeAll(async () => {
    fake = await startFakeStripe();
    configure();
  });
  beforeEach(() => {
    fake.reset();
    configure();
  });
  afterAll(async () => {
    await inProcessRunner().drain();
    await fake.close();
  });
  return { fake: () => fake };
}

/** The requests the fake received for one method and path (a RegExp for paths with ids). */
export function requestsTo(fake: FakeStripe, method: string, path: string | RegExp) {
  return fake.requests.filter(
    (request) =>
      request.method === method &&
      (typeof path === "string" ? request.path.split("?")[0] === path : path.test(request.path)),
  );
}

/** A company created as the system, with reseller settings when asked. */
export async function createCompanyWith(
  input: { is_reseller?: boolean; commission_rate?: string; processor_connect_id?: string } = {},
) {
  return createCompany({
    ctx: await systemCtx(),
    input: {
      name: `Payments company ${Math.random().toString(36).slice(2, 8)}`,
      is_reseller: input.is_reseller ?? false,
      commission_rate: input.commission_rate ?? "0.00",
      processor_connect_id: input.processor_connect_id,
    },
  });
}

/** POSTs `event` to the webhook as Stripe would: the exact JSON body and its Stripe-Signature. */
export async function deliverEvent(
  event: object,
  options: { secret?: string; timestamp?: number; signature?: string | null; payload?: string } = {},
) {
  const payload = options.payload ?? JSON.stringify(event);
  const signature =
    options.signature === undefined
      ? signStripePayload(payload, options.secret ?? WEBHOOK_SECRET, options.timestamp)
      : options.signature;
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature !== null) headers["stripe-signature"] = signature;
  return api("POST", "/api/v1/payments/webhook", { rawBody: payload, headers });
}

/** Delivers and waits for the background processing; returns the stored event row. */
export async function deliverAndProcess(event: { id: string }) {
  const response = await deliverEvent(event);
  expect(response.status, response.text).toBe(200);
  await inProcessRunner().drain();
  return storedEvent(event.id);
}

export async function storedEvent(processorEventId: string) {
  const db = await getDb();
  const [row] = await db.select().from(processorEvents).where(eq(processorEvents.processorEventId, processorEventId));
  return row;
}

export async function countEvents(processorEventId: string): Promise<number> {
  const db = await getDb();
  const [{ n }] = await db
    .select({ n: count() })
    .from(processorEvents)
    .where(eq(processorEvents.processorEventId, processorEventId));
  return n;
}

export async function policyStatus(policyId: string): Promise<string> {
  const db = await getDb();
  const [row] = await db.select({ status: policies.status }).from(policies).where(eq(policies.id, policyId));
  return row.status;
}

export async function historyOf(policyId: string) {
  const db = await getDb();
  return db
    .select()
    .from(policyStatusHistory)
    .where(eq(policyStatusHistory.policyId, policyId))
    .orderBy(asc(policyStatusHistory.changedAt), asc(policyStatusHistory.id));
}

export async function transactionsOf(policyId: string) {
  const db = await getDb();
  return db.select().from(transactions).where(eq(transactions.policyId, policyId)).orderBy(asc(transactions.createdAt));
}

export async function notificationsFor(recipient: string, template?: string) {
  const db = await getDb();
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipient, recipient), template ? eq(notifications.template, template) : undefined))
    .orderBy(asc(notifications.createdAt));
}

/**
 * Puts a policy's status and account columns straight into the database, as the arrange step of a test
 * (a CANCELLED or LAPSED policy, a paid-to date in the past) that no single call builds.
 */
export async function setPolicyState(
  policyId: string,
  state: Partial<Pick<Policy, "status" | "paidToDate" | "credit" | "lapsedOn" | "startDate">>,
) {
  const db = await getDb();
  await db.update(policies).set(state).where(eq(policies.id, policyId));
}

/** Moves a policy as an administrator (POST /emission/policies/{id}/transition). */
export async function transition(admin: SignedIn, policyId: string, to: string, reason = "test") {
  const response = await api("POST", `/api/v1/emission/policies/${policyId}/transition`, {
    token: admin.token,
    body: { to_status: to, reason },
  });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

/** Pays a policy in full by a manual payment, making it ACTIVE. */
export async function payInFull(admin: SignedIn, policy: { id: string; final_price: string }) {
  const response = await api("POST", "/api/v1/payments/manual", {
    token: admin.token,
    body: { policy_id: policy.id, amount: policy.final_price },
  });
  expect(response.status, response.text).toBe(201);
  expect(response.body.policy.status).toBe("ACTIVE");
  return response.body;
}

/** POST /payments/subscription for a policy with a good test card; the processor's subscription id. */
export async function subscribe(token: string, policyId: string): Promise<string> {
  const created = await api("POST", "/api/v1/payments/subscription", {
    token,
    body: { policy_id: policyId, processor_payment_method_id: "pm_card_visa" },
  });
  expect(created.status, created.text).toBe(201);
  return created.body.processor_subscription_id as string;
}

/** A policy issued by the seller and subscribed through the service (still PENDING_PAYMENT): its invoices are its own. */
export async function issueSubscribedPolicy(seller: SignedIn) {
  const issued = await issueTestPolicy(seller);
  return { ...issued, subscription: await subscribe(seller.token, issued.policy.id) };
}

/** POST /payments/intent for a policy. */
export async function createIntent(
  token: string,
  policyId: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return api("POST", "/api/v1/payments/intent", { token, body: { policy_id: policyId, ...extra }, headers });
}

// --- event builders for the service's own objects

export function intentSucceeded(
  policyId: string,
  transaction: { id: string; processor_payment_intent_id: string; amount: string },
  created = unixNow(),
) {
  const intent = stripePaymentIntent({
    id: transaction.processor_payment_intent_id,
    amount: Math.round(Number(transaction.amount) * 100),
    status: "succeeded",
    metadata: { policy_id: policyId, transaction_id: transaction.id },
  });
  return stripeEvent("payment_intent.succeeded", intent, { created });
}

export function intentFailed(
  policyId: string,
  transaction: { id: string; processor_payment_intent_id: string; amount: string },
  created = unixNow(),
) {
  const intent = stripePaymentIntent({
    id: transaction.processor_payment_intent_id,
    amount: Math.round(Number(transaction.amount) * 100),
    status: "requires_payment_method",
    decline: GENERIC_DECLINE,
    metadata: { policy_id: policyId, transaction_id: transaction.id },
  });
  return stripeEvent("payment_intent.payment_failed", intent, { created });
}

/**
 * An invoice of `options.subscription`, naming the policy as the processor copies the subscription's
 * metadata. Only a subscription the service made for the policy (issueSubscribedPolicy) moves it.
 */
export function invoiceEvent(
  type: "invoice.paid" | "invoice.payment_failed",
  policyId: string,
  amountCents: number,
  options: {
    subscription: string;
    created?: number;
    invoiceId?: string;
    currency?: string;
    amountPaid?: number;
    /** The line's period as dates (YYYY-MM-DD, the end not billed); by default today and 31 days on. */
    period?: { start: string; end: string };
  },
) {
  const day = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / 1000);
  const invoice = stripeInvoice({
    id: options.invoiceId,
    status: type === "invoice.paid" ? "paid" : "open",
    amount: amountCents,
    currency: options.currency,
    subscription: options.subscription,
    subscriptionMetadata: { policy_id: policyId },
    attemptCount: 1,
    billingReason: "subscription_cycle",
    periodStart: options.period ? day(options.period.start) : unixNow(),
    periodEnd: options.period ? day(options.period.end) : unixNow() + 31 * 86_400,
  });
  // A partial payment: Stripe leaves such an invoice open, but a forged or replayed event could say paid.
  if (options.amountPaid !== undefined) invoice.amount_paid = options.amountPaid;
  return stripeEvent(type, invoice, { created: options.created });
}

export function subscriptionEvent(
  type: "customer.subscription.deleted" | "customer.subscription.updated",
  policyId: string,
  subscriptionId: string,
  options: { status?: "active" | "past_due" | "canceled"; cancelAtPeriodEnd?: boolean; created?: number } = {},
) {
  const subscription = stripeSubscription({
    id: subscriptionId,
    status: options.status ?? (type === "customer.subscription.deleted" ? "canceled" : "active"),
    cancelAtPeriodEnd: options.cancelAtPeriodEnd,
    metadata: { policy_id: policyId },
  });
  return stripeEvent(type, subscription, { created: options.created });
}
