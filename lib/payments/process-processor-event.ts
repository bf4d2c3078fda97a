import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { DbOrTx } from "@/db";
import {
  clients,
  policies,
  processorEvents,
  subscriptions,
  transactions,
  type Policy,
  type Transaction,
} from "@/db/schema";
import { systemActor } from "@/lib/auth/actor";
import { sweepDue } from "@/lib/background/retry-schedule";
import { inTransaction, systemContext, type ServiceContext } from "@/lib/context";
import { isSupportedCurrency } from "@/lib/currencies";
import { movePolicy } from "@/lib/emission/move-policy";
import { canMove, type PolicyStatus, type PolicyTrigger } from "@/lib/emission/state-machine";
import { enqueueNotification } from "@/lib/notifications/enqueue-notification";
import { clientLanguage } from "@/lib/notifications/language";
import { isReceived, receiveInvoice, receivePayment, type Receipt } from "@/lib/emission/account/receive-premium";
import { todayUtc } from "@/lib/emission/dates";
import { markOnboardingCompleted } from "./internal";
import { fromMinorUnits, toMinorUnits } from "./processor";
import { periodEndOf } from "./billing-period";
import { transactionStart, transactionStatusesMovableTo, type TransactionStatus } from "./state-machine";

/** Attempts made by the event path (process-processor-event: one and four retries, seconds apart). */
export const EVENT_PROCESSING_ATTEMPTS = 5;
/**
 * After those the sweep retries 1, 2, 4, 8, 16 and 32 minutes apart, then hourly: an event that fails
 * 20 times (about ten hours) stays FAILED with its error, and the sweep leaves it.
 */
export const MAX_PROCESSING_ATTEMPTS = 20;

type Outcome = { status: "PROCESSED" | "IGNORED"; note: string | null };
const processed = (note: string | null = null): Outcome => ({ status: "PROCESSED", note });
const ignored = (note: string): Outcome => ({ status: "IGNORED", note });

/** The policy an event is about: every intent and subscription the service creates names it in metadata. */
function policyIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as {
    metadata?: Record<string, string> | null;
    parent?: Stripe.Invoice.Parent | null;
  };
  return object.metadata?.policy_id ?? object.parent?.subscription_details?.metadata?.policy_id ?? null;
}

/**
 * Processes one stored webhook event (the background function calls this, and retries it when it
 * throws). The event row is locked, so an event is applied once; a processed or ignored event is left as
 * it is. A failure is recorded on the row (status FAILED, the error, the attempt) before it is thrown.
 */
export async function processProcessorEvent(db: DbOrTx, eventRowId: string): Promise<Outcome | "ALREADY_DONE"> {
  try {
    return await inTransaction(systemContext(db, "stripe"), async (tx) => {
      const [row] = await tx.db.select().from(processorEvents).where(eq(processorEvents.id, eventRowId)).for("update");
      if (!row || row.status === "PROCESSED" || row.status === "IGNORED") return "ALREADY_DONE" as const;
      // Moves made by an event are recorded as changed by "system:<event type>" (read with the row's lock
      // rather than by a query of its own before the transaction).
      const ctx: ServiceContext = { ...tx, actor: systemActor(row.type) };
      const event = row.payload as Stripe.Event;
      const outcome = await applyEvent(ctx, event, row.processorCreatedAt ?? new Date(event.created * 1000));
      await ctx.db
        .update(processorEvents)
        .set({
          status: outcome.status,
          error: outcome.note,
          attempts: row.attempts + 1,
          lastAttemptedAt: new Date(),
          processedAt: new Date(),
        })
        .where(eq(processorEvents.id, row.id));
      return outcome;
    });
  } catch (error) {
    // A failed query's own message is its SQL and parameters; the database's reason is its cause.
    const reason = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const message = reason instanceof Error ? reason.message : String(reason);
    await db
      .update(processorEvents)
      .set({
        status: "FAILED",
        error: message.slice(0, 1000),
        attempts: sql`${processorEvents.attempts} + 1`,
        lastAttemptedAt: new Date(),
      })
      .where(and(eq(processorEvents.id, eventRowId), inArray(processorEvents.status, ["RECEIVED", "FAILED"])));
    throw error;
  }
}

/**
 * Stored events whose processing never finished (a lost event, a crash, a failure): the sweep's work
 * list. An event is due once it has rested after its last attempt (or its arrival) for
 * least(1 h, 1 min * 2^max(attempts - 5, 0)), until MAX_PROCESSING_ATTEMPTS.
 */
export async function findUnprocessedEvents(db: DbOrTx, limit = 100): Promise<string[]> {
  const rows = await db
    .select({ id: processorEvents.id })
    .from(processorEvents)
    .where(
      and(
        or(eq(processorEvents.status, "RECEIVED"), eq(processorEvents.status, "FAILED")),
        sweepDue(
          sql`coalesce(${processorEvents.lastAttemptedAt}, ${processorEvents.receivedAt})`,
          processorEvents.attempts,
          EVENT_PROCESSING_ATTEMPTS,
        ),
        lt(processorEvents.attempts, MAX_PROCESSING_ATTEMPTS),
      ),
    )
    .orderBy(processorEvents.receivedAt)
    .limit(limit);
  return rows.map((row) => row.id);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function applyEvent(ctx: ServiceContext, event: Stripe.Event, createdAt: Date): Promise<Outcome> {
  // A connected account's onboarding: recorded on its company; it never concerns a policy.
  if (event.type === "account.updated") return recordConnectedAccount(ctx, event);
  const handler = HANDLERS[event.type];
  if (!handler) return ignored(`events of type ${event.type} are not handled`);
  // Events of a reseller's connected account are its own business, whatever their metadata says.
  if (event.account) return ignored(`an event of the connected account ${event.account} never moves a policy`);
  const policyId = policyIdOf(event);
  if (!policyId) return ignored("the event names no policy (metadata.policy_id)");
  // Not one of ours (the column is a uuid: looking it up would fail, and fail again on every retry).
  if (!UUID.test(policyId))
    return ignored(`metadata.policy_id ${JSON.stringify(policyId.slice(0, 100))} is not a policy id`);
  const [policy] = await ctx.db.select().from(policies).where(eq(policies.id, policyId)).for("update");
  if (!policy) return ignored(`no policy ${policyId}`);
  // Metadata is anyone's to write: only the processor objects this service made for the policy count.
  const refusal = await refusalOfForeignObject(ctx, event, policy);
  if (refusal) return refusal;
  // Processors do not deliver in order: an event older than the newest one applied must not undo it.
  if (policy.lastPaymentEventAt && createdAt < policy.lastPaymentEventAt) {
    return ignored(
      `created ${createdAt.toISOString()}, before the newest payment event applied to the policy (${policy.lastPaymentEventAt.toISOString()})`,
    );
  }
  const outcome = await handler(ctx, event, policy);
  // Only a payment event applied to the policy sets the mark later ones are compared with: a subscription
  // update (which never moves the policy) or an event ignored here must not make a real failure or
  // success, created just before it, look late.
  if (outcome.status === "PROCESSED" && event.type !== "customer.subscription.updated") {
    await ctx.db.update(policies).set({ lastPaymentEventAt: createdAt }).where(eq(policies.id, policy.id));
  }
  return outcome;
}

/** The subscription an invoice bills (at this API version, under parent.subscription_details). */
function subscriptionIdOf(invoice: Stripe.Invoice): string | null {
  const subscription = invoice.parent?.subscription_details?.subscription;
  if (!subscription) return null;
  return typeof subscription === "string" ? subscription : subscription.id;
}

/** Why an event whose object the service did not create for this policy is left alone (trust.md section 6). */
async function refusalOfSubscription(
  ctx: ServiceContext,
  subscriptionId: string,
  policy: Policy,
): Promise<Outcome | null> {
  const [local] = await ctx.db
    .select({ policyId: subscriptions.policyId })
    .from(subscriptions)
    .where(eq(subscriptions.processorSubscriptionId, subscriptionId));
  if (!local) return ignored(`no local subscription ${subscriptionId}`);
  if (local.policyId !== policy.id)
    return ignored(`subscription ${subscriptionId} was created for another policy, not ${policy.id}`);
  return null;
}

function refusalOfCurrency(currency: string | null | undefined, policy: Policy): Outcome | null {
  // Read defensively: a malformed event must be IGNORED once, not fail on every retry.
  const upper = String(currency ?? "").toUpperCase();
  if (upper !== policy.currency) return ignored(`the amount is in ${upper}; the policy is paid in ${policy.currency}`);
  // A policy priced before the currency rules in a currency the service cannot hold: no amount converts.
  if (!isSupportedCurrency(upper)) return ignored(`unsupported currency ${upper}`);
  return null;
}

/**
 * Each payment event counts only for a subscription or payment intent the service created for the
 * policy, in the policy's currency: an invoice.paid only when paid in full (a prorated first invoice is
 * smaller than a premium and still counts), a payment_intent.succeeded only when it received the
 * intent's own amount. Null when the event may be applied; otherwise the IGNORED outcome.
 */
async function refusalOfForeignObject(
  ctx: ServiceContext,
  event: Stripe.Event,
  policy: Policy,
): Promise<Outcome | null> {
  switch (event.type) {
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = event.data.object as Stripe.Invoice;
      const subscriptionId = subscriptionIdOf(invoice);
      if (!subscriptionId) return ignored(`invoice ${invoice.id} bills no subscription`);
      const refusal =
        (await refusalOfSubscription(ctx, subscriptionId, policy)) ?? refusalOfCurrency(invoice.currency, policy);
      if (refusal) return refusal;
      if (event.type === "invoice.paid" && !(invoice.amount_paid >= invoice.amount_due)) {
        return ignored(`invoice ${invoice.id} is not paid in full (${invoice.amount_paid} of ${invoice.amount_due})`);
      }
      return null;
    }
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const subscription = event.data.object as Stripe.Subscription;
      return (
        (await refusalOfSubscription(ctx, subscription.id, policy)) ?? refusalOfCurrency(subscription.currency, policy)
      );
    }
    case "payment_intent.succeeded":
    case "payment_intent.payment_failed": {
      const intent = event.data.object as Stripe.PaymentIntent;
      const [transaction] = await ctx.db
        .select()
        .from(transactions)
        .where(and(eq(transactions.processorPaymentIntentId, intent.id), eq(transactions.policyId, policy.id)));
      if (!transaction) return ignored(`no transaction for payment intent ${intent.id}`);
      const refusal = refusalOfCurrency(intent.currency, policy) ?? refusalOfCurrency(transaction.currency, policy);
      if (refusal) return refusal;
      if (event.type === "payment_intent.succeeded") {
        const own = toMinorUnits(transaction.amount, transaction.currency);
        if (!(intent.amount_received >= intent.amount && intent.amount_received >= own)) {
          return ignored(
            `payment intent ${intent.id} received ${intent.amount_received} of its ${Math.max(intent.amount, own)}`,
          );
        }
      }
      return null;
    }
    default:
      return null;
  }
}

/**
 * account.updated (a connected account's event): once the processor says the account may take charges,
 * its company's onboarding is complete, for good; from then on only an administrator may start it again.
 */
async function recordConnectedAccount(ctx: ServiceContext, event: Stripe.Event): Promise<Outcome> {
  const account = event.data.object as Stripe.Account;
  const accountId = event.account ?? account.id;
  if (account.id !== accountId) return ignored(`the account ${account.id} is not the event's account ${accountId}`);
  if (!account.charges_enabled) return processed("the account does not take charges yet");
  const updated = await markOnboardingCompleted(ctx.db, accountId);
  return updated ? processed() : ignored(`no company has the connected account ${accountId}`);
}

/** Moves the policy when the table allows this trigger from its status; otherwise says why it stays. */
async function moveIfAllowed(
  ctx: ServiceContext,
  policy: Policy,
  to: PolicyStatus,
  trigger: PolicyTrigger,
  reason: string,
): Promise<Outcome> {
  if (policy.status === to) return processed(`the policy is already ${to}`);
  if (!canMove(policy.status, to, trigger))
    return processed(`the policy stays ${policy.status}: no move to ${to} on ${trigger}`);
  await movePolicy(ctx, { policyId: policy.id, to, reason, trigger });
  return processed();
}

/** An e-mail to the policy's client, in its language, sent once per dedupe key; the payload adds its name and policy. */
async function emailClient(
  ctx: ServiceContext,
  policy: Policy,
  notice: { template: string; dedupeKey: string; payload?: Record<string, unknown> },
) {
  const [client] = await ctx.db.select().from(clients).where(eq(clients.id, policy.clientId));
  await enqueueNotification(ctx, {
    channel: "EMAIL",
    recipient: client.email,
    template: notice.template,
    language: clientLanguage(client),
    companyId: policy.companyId,
    dedupeKey: notice.dedupeKey,
    payload: { name: client.firstName, policy_number: policy.policyNumber, ...notice.payload },
  });
}

async function notifyPaymentFailure(
  ctx: ServiceContext,
  event: Stripe.Event,
  policy: Policy,
  amount: string,
  reason: string | null,
) {
  await emailClient(ctx, policy, {
    template: "payment.failed",
    dedupeKey: `payment-failed:${event.id}`,
    payload: { amount, currency: policy.currency, reason },
  });
}

/** The transactions the processor's report of `status` may move (state-machine.ts: today, all of them). */
function reportable(status: TransactionStatus) {
  return inArray(transactions.status, transactionStatusesMovableTo(status, "processor_report"));
}

/** Records the invoice's charge once, by invoice id, whatever its events' order or repetition. */
async function recordInvoice(ctx: ServiceContext, invoice: Stripe.Invoice, policy: Policy, status: "PAID" | "FAILED") {
  const amount = fromMinorUnits(status === "PAID" ? invoice.amount_paid : invoice.amount_due, invoice.currency);
  const paidAt = status === "PAID" ? new Date((invoice.status_transitions?.paid_at ?? invoice.created) * 1000) : null;
  const failureMessage =
    status === "FAILED" ? (invoice.last_finalization_error?.message ?? "the invoice payment failed") : null;
  await ctx.db
    .insert(transactions)
    .values({
      policyId: policy.id,
      kind: "INVOICE",
      status: transactionStart("INVOICE", status),
      amount,
      currency: invoice.currency.toUpperCase(),
      processorInvoiceId: invoice.id,
      paidAt,
      failureMessage,
      createdBy: "system:stripe",
    })
    .onConflictDoUpdate({
      target: transactions.processorInvoiceId,
      set: { status, amount, paidAt, failureMessage, updatedAt: new Date() },
      setWhere: reportable(status),
    });
  return amount;
}

/**
 * The days an invoice bills, as dates (UTC): from its lines' earliest period start to their latest
 * period end (the end itself not billed); null when no line has a period.
 */
function billedPeriodOf(invoice: Stripe.Invoice): { start: string; end: string } | null {
  const periods = (invoice.lines?.data ?? []).map((line) => line.period).filter((period) => period?.end > 0);
  if (periods.length === 0) return null;
  const day = (seconds: number) => todayUtc(new Date(seconds * 1000));
  return {
    start: day(Math.min(...periods.map((period) => period.start))),
    end: day(Math.max(...periods.map((period) => period.end))),
  };
}

/** A PAID transaction's money as the policy's account receives it, dated the day it was paid. */
function receiptOf(transaction: Transaction, event: Stripe.Event, reference: string, reason: string): Receipt {
  const paidAt = transaction.paidAt ?? new Date(event.created * 1000);
  return { amount: transaction.amount, date: todayUtc(paidAt), transactionId: transaction.id, reference, reason };
}

function outcomeOfPayment(before: Policy, after: Policy): Outcome {
  return processed(after.status === before.status ? `the policy stays ${before.status}` : null);
}

const HANDLERS: Record<string, (ctx: ServiceContext, event: Stripe.Event, policy: Policy) => Promise<Outcome>> = {
  "invoice.paid": async (ctx, event, policy) => {
    const invoice = event.data.object as Stripe.Invoice;
    await recordInvoice(ctx, invoice, policy, "PAID");
    const [transaction] = await ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.processorInvoiceId, invoice.id));
    if (transaction.status !== "PAID") return processed(`the invoice's transaction stays ${transaction.status}`);
    if (await isReceived(ctx, transaction.id)) return processed(`invoice ${invoice.id} is already in the account`);
    // Its period moves the paid-to date; becoming ACTIVE renders the certificate (emission/policy.activated).
    const after = await receiveInvoice(ctx, policy, {
      ...receiptOf(transaction, event, invoice.id, `invoice ${invoice.id} paid`),
      period: billedPeriodOf(invoice),
    });
    return outcomeOfPayment(policy, after);
  },
  "invoice.payment_failed": async (ctx, event, policy) => {
    const invoice = event.data.object as Stripe.Invoice;
    const amount = await recordInvoice(ctx, invoice, policy, "FAILED");
    await notifyPaymentFailure(ctx, event, policy, amount, invoice.last_finalization_error?.message ?? null);
    // A first charge that fails leaves the policy PAID_FAILED; a failed renewal puts an active one in arrears.
    const to: PolicyStatus = policy.status === "PENDING_PAYMENT" ? "PAID_FAILED" : "IN_ARREARS";
    return moveIfAllowed(ctx, policy, to, "payment_failed", `invoice ${invoice.id} payment failed`);
  },
  "customer.subscription.updated": async (ctx, event) => {
    const subscription = event.data.object as Stripe.Subscription;
    const updated = await ctx.db
      .update(subscriptions)
      .set({
        status: subscription.status.toUpperCase(),
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
        currentPeriodEnd: periodEndOf(subscription),
        updatedAt: new Date(),
      })
      .where(eq(subscriptions.processorSubscriptionId, subscription.id))
      .returning({ id: subscriptions.id });
    return updated.length > 0 ? processed() : ignored(`no local subscription ${subscription.id}`);
  },
  // The local subscription ends. The policy is cancelled only when the service asked for the end (a
  // cancellation, a cancel at period end); one the processor ended by itself (failed retries, its
  // dashboard) leaves the policy to the lifecycle, and the client is asked to set up payment again.
  "customer.subscription.deleted": async (ctx, event, policy) => {
    const subscription = event.data.object as Stripe.Subscription;
    const [local] = await ctx.db
      .update(subscriptions)
      .set({ status: "CANCELED", cancelAtPeriodEnd: subscription.cancel_at_period_end, updatedAt: new Date() })
      .where(eq(subscriptions.processorSubscriptionId, subscription.id))
      .returning();
    if (local.cancelRequested) {
      return moveIfAllowed(
        ctx,
        policy,
        "CANCELLED",
        "subscription_deleted",
        `subscription ${subscription.id} ended at the service's request`,
      );
    }
    await emailClient(ctx, policy, {
      template: "payment.subscription_ended",
      dedupeKey: `subscription-ended:${subscription.id}`,
    });
    return processed(`subscription ${subscription.id} ended at the processor; the policy stays ${policy.status}`);
  },
  "payment_intent.succeeded": async (ctx, event, policy) => {
    const intent = event.data.object as Stripe.PaymentIntent;
    const [transaction] = await ctx.db
      .update(transactions)
      .set({ status: "PAID", paidAt: new Date(event.created * 1000), failureMessage: null, updatedAt: new Date() })
      .where(
        and(
          eq(transactions.processorPaymentIntentId, intent.id),
          eq(transactions.policyId, policy.id),
          reportable("PAID"),
        ),
      )
      .returning();
    if (!transaction) return ignored(`no transaction for payment intent ${intent.id}`);
    if (await isReceived(ctx, transaction.id)) return processed(`payment ${intent.id} is already in the account`);
    const after = await receivePayment(
      ctx,
      policy,
      receiptOf(transaction, event, intent.id, `payment ${intent.id} succeeded`),
    );
    return outcomeOfPayment(policy, after);
  },
  "payment_intent.payment_failed": async (ctx, event, policy) => {
    const intent = event.data.object as Stripe.PaymentIntent;
    const reason = intent.last_payment_error?.message ?? "the payment failed";
    const [transaction] = await ctx.db
      .update(transactions)
      .set({ status: "FAILED", failureMessage: reason, updatedAt: new Date() })
      .where(
        and(
          eq(transactions.processorPaymentIntentId, intent.id),
          eq(transactions.policyId, policy.id),
          reportable("FAILED"),
        ),
      )
      .returning();
    if (!transaction) return ignored(`no transaction for payment intent ${intent.id}`);
    await notifyPaymentFailure(ctx, event, policy, transaction.amount, reason);
    if (policy.status !== "PENDING_PAYMENT") return processed(`the policy stays ${policy.status}`);
    return moveIfAllowed(ctx, policy, "PAID_FAILED", "payment_failed", `payment ${intent.id} failed: ${reason}`);
  },
};
