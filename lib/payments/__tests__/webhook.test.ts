import { count, eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { policyDocuments, processorEvents, subscriptions } from "@/db/schema";
import { inProcessRunner } from "@/inngest/send";
import { sweepProcessorEventsFunction } from "@/inngest/functions/payments/sweep-processor-events";
import {
  EVENT_PROCESSING_ATTEMPTS,
  findUnprocessedEvents,
  MAX_PROCESSING_ATTEMPTS,
  processProcessorEvent,
} from "@/lib/payments/process-processor-event";
import { api } from "@/test/api";
import { signStripePayload, stripeEvent } from "@/test/fakes/stripe-events";
import { stripeCustomer, stripeInvoice, unixNow } from "@/test/fakes/stripe-objects";
import { issueTestPolicy, signInAs, type SignedIn } from "@/test/fixtures";
import {
  countEvents,
  createIntent,
  deliverAndProcess,
  deliverEvent,
  historyOf,
  intentFailed,
  intentSucceeded,
  invoiceEvent,
  issueSubscribedPolicy,
  notificationsFor,
  payInFull,
  policyStatus,
  storedEvent,
  subscriptionEvent,
  transactionsOf,
  withFakeStripe,
} from "./helpers";

// POST /payments/webhook: the signature, storage by event id, and each handled event applied in the
// background through the policy state machine; late events never move a policy back.

const { fake } = withFakeStripe();

let admin: SignedIn;
let seller: SignedIn;

beforeAll(async () => {
  admin = await signInAs("ADMIN");
  seller = await signInAs("VENDEDOR");
});

async function eventRows(): Promise<number> {
  const db = await getDb();
  const [{ n }] = await db.select({ n: count() }).from(processorEvents);
  return n;
}

describe("the signature", () => {
  const event = () => stripeEvent("invoice.paid", stripeInvoice({ status: "paid", amount: 2500 }));

  it("missing, wrong, tampered or older than 300 s: 400 and nothing stored", async () => {
    const before = await eventRows();
    const missing = await deliverEvent(event(), { signature: null });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe("missing Stripe-Signature header");

    const wrongSecret = await deliverEvent(event(), { secret: "whsec_other" });
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.body.detail).toMatch(/^invalid Stripe-Signature/);

    const original = JSON.stringify(event());
    const tampered = await deliverEvent(
      {},
      {
        payload: original.replace('"amount_paid":2500', '"amount_paid":1'),
        signature: signStripePayload(original, "whsec_x"),
      },
    );
    expect(tampered.status).toBe(400);

    const old = await deliverEvent(event(), { timestamp: unixNow() - 301 });
    expect(old.status).toBe(400);
    expect(old.body.detail).toMatch(/timestamp/i);

    const garbage = await deliverEvent(event(), { signature: "t=1,v1=deadbeef" });
    expect(garbage.status).toBe(400);
    expect(await eventRows()).toBe(before);
  });

  it("within the tolerance (299 s old) it is accepted", async () => {
    const accepted = event();
    expect((await deliverEvent(accepted, { timestamp: unixNow() - 299 })).status).toBe(200);
    expect(await countEvents(accepted.id)).toBe(1);
  });

  it("without STRIPE_WEBHOOK_SECRET: 503 and nothing stored", async () => {
    vi.stubEnv("STRIPE_WEBHOOK_SECRET", undefined);
    const before = await eventRows();
    const response = await deliverEvent(event());
    expect(response.status).toBe(503);
    expect(await eventRows()).toBe(before);
  });

  it("a valid event: 200 {received: true} and one row; a replay of its id: 200, still one row, processed once", async () => {
    const { policy, subscription } = await issueSubscribedPolicy(seller);
    const paid = invoiceEvent("invoice.paid", policy.id, 2500, { subscription });
    const first = await deliverEvent(paid);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true });
    await inProcessRunner().drain();
    const replay = await deliverEvent(paid);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ received: true });
    await inProcessRunner().drain();

    expect(await countEvents(paid.id)).toBe(1);
    expect(await storedEvent(paid.id)).toMatchObject({
      type: "invoice.paid",
      status: "PROCESSED",
      attempts: 1,
      error: null,
    });
    expect((await historyOf(policy.id)).filter((row) => row.toStatus === "ACTIVE")).toHaveLength(1);
    expect(await transactionsOf(policy.id)).toHaveLength(1);
  });
});

describe("each event type", () => {
  it("invoice.paid: the policy becomes ACTIVE (changed by system:invoice.paid), an INVOICE transaction is PAID, the certificate is rendered", async () => {
    const { policy, subscription } = await issueSubscribedPolicy(seller);
    const paid = invoiceEvent("invoice.paid", policy.id, 2500, { subscription });
    const stored = await deliverAndProcess(paid);
    expect(stored).toMatchObject({ status: "PROCESSED", attempts: 1 });
    expect(stored.processedAt).not.toBeNull();
    expect(await policyStatus(policy.id)).toBe("ACTIVE");
    expect((await historyOf(policy.id)).at(-1)).toMatchObject({
      fromStatus: "PENDING_PAYMENT",
      toStatus: "ACTIVE",
      changedBy: "system:invoice.paid",
    });
    const [transaction] = await transactionsOf(policy.id);
    const invoice = paid.data.object as { id: string };
    expect(transaction).toMatchObject({
      kind: "INVOICE",
      status: "PAID",
      amount: "25.00",
      currency: "USD",
      processorInvoiceId: invoice.id,
    });
    expect(transaction.paidAt).not.toBeNull();
    const db = await getDb();
    const documents = await db
      .select({ kind: policyDocuments.kind, type: policyDocuments.contentType })
      .from(policyDocuments)
      .where(eq(policyDocuments.policyId, policy.id));
    expect(documents).toEqual([{ kind: "CERTIFICATE", type: "application/pdf" }]);
  });

  it("invoice.payment_failed: a PENDING_PAYMENT policy becomes PAID_FAILED and the client is told", async () => {
    const { policy, client, subscription } = await issueSubscribedPolicy(seller);
    const failed = invoiceEvent("invoice.payment_failed", policy.id, 2500, { subscription });
    expect((await deliverAndProcess(failed)).status).toBe("PROCESSED");
    expect(await policyStatus(policy.id)).toBe("PAID_FAILED");
    expect((await historyOf(policy.id)).at(-1)).toMatchObject({
      fromStatus: "PENDING_PAYMENT",
      toStatus: "PAID_FAILED",
      changedBy: "system:invoice.payment_failed",
    });
    expect((await transactionsOf(policy.id))[0]).toMatchObject({ kind: "INVOICE", status: "FAILED", amount: "25.00" });
    const notices = await notificationsFor(client.email, "payment.failed");
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      channel: "EMAIL",
      payload: expect.objectContaining({ policy_number: policy.policy_number, amount: "25.00" }),
    });
  });

  it("invoice.payment_failed: an ACTIVE policy goes IN_ARREARS, and a later invoice.paid brings it back to ACTIVE", async () => {
    const { policy, client, subscription } = await issueSubscribedPolicy(seller);
    await payInFull(admin, policy);
    const now = unixNow();
    expect(
      (
        await deliverAndProcess(
          invoiceEvent("invoice.payment_failed", policy.id, 2500, { subscription, created: now - 20 }),
        )
      ).status,
    ).toBe("PROCESSED");
    expect(await policyStatus(policy.id)).toBe("IN_ARREARS");
    expect(await notificationsFor(client.email, "payment.failed")).toHaveLength(1);
    expect(
      (await deliverAndProcess(invoiceEvent("invoice.paid", policy.id, 2500, { subscription, created: now - 10 })))
        .status,
    ).toBe("PROCESSED");
    expect(await policyStatus(policy.id)).toBe("ACTIVE");
    expect((await historyOf(policy.id)).map((row) => row.toStatus)).toEqual([
      "PENDING_PAYMENT",
      "ACTIVE",
      "IN_ARREARS",
      "ACTIVE",
    ]);
    expect((await historyOf(policy.id)).at(-1)!.changedBy).toBe("system:invoice.paid");
  });

  it("customer.subscription.deleted by the processor itself: the local subscription is CANCELED, the policy stays and the client is asked to pay again", async () => {
    const { policy, client } = await issueTestPolicy(seller);
    const created = await api("POST", "/api/v1/payments/subscription", {
      token: seller.token,
      body: { policy_id: policy.id, processor_payment_method_id: "pm_card_visa" },
    });
    expect(created.status, created.text).toBe(201);
    await deliverAndProcess(
      invoiceEvent("invoice.paid", policy.id, 2500, {
        subscription: created.body.processor_subscription_id,
        created: unixNow() - 5,
      }),
    );
    expect(await policyStatus(policy.id)).toBe("ACTIVE");

    const deleted = subscriptionEvent(
      "customer.subscription.deleted",
      policy.id,
      created.body.processor_subscription_id,
    );
    const stored = await deliverAndProcess(deleted);
    expect(stored.status).toBe("PROCESSED");
    expect(stored.error).toBe(
      `subscription ${created.body.processor_subscription_id} ended at the processor; the policy stays ACTIVE`,
    );
    // Failed retries or the processor's dashboard end a subscription: the lifecycle, not the event, decides.
    expect(await policyStatus(policy.id)).toBe("ACTIVE");
    expect((await historyOf(policy.id)).at(-1)).toMatchObject({ fromStatus: "PENDING_PAYMENT", toStatus: "ACTIVE" });
    const db = await getDb();
    const [local] = await db.select().from(subscriptions).where(eq(subscriptions.id, created.body.id));
    expect(local.status).toBe("CANCELED");
    expect(await notificationsFor(client.email, "payment.subscription_ended")).toHaveLength(1);
    // The same event again changes nothing and sends nothing more.
    expect((await deliverAndProcess({ ...deleted, id: `${deleted.id}_again` })).status).toBe("PROCESSED");
    expect(await notificationsFor(client.email, "payment.subscription_ended")).toHaveLength(1);
  });

  it("customer.subscription.updated: the processor's status and cancel_at_period_end are stored", async () => {
    const { policy } = await issueTestPolicy(seller);
    const created = await api("POST", "/api/v1/payments/subscription", {
      token: seller.token,
      body: { policy_id: policy.id, processor_payment_method_id: "pm_card_visa" },
    });
    expect(created.status, created.text).toBe(201);
    const updated = subscriptionEvent(
      "customer.subscription.updated",
      policy.id,
      created.body.processor_subscription_id,
      { status: "past_due", cancelAtPeriodEnd: true },
    );
    expect((await deliverAndProcess(updated)).status).toBe("PROCESSED");
    const db = await getDb();
    const [local] = await db.select().from(subscriptions).where(eq(subscriptions.id, created.body.id));
    expect(local).toMatchObject({ status: "PAST_DUE", cancelAtPeriodEnd: true });
    expect(await policyStatus(policy.id)).toBe("PENDING_PAYMENT");

    const unknown = subscriptionEvent("customer.subscription.updated", policy.id, "sub_unknown");
    expect(await deliverAndProcess(unknown)).toMatchObject({
      status: "IGNORED",
      error: "no local subscription sub_unknown",
    });
  });

  it("payment_intent.succeeded: the transaction is PAID and the policy, paid in full, ACTIVE", async () => {
    const { policy } = await issueTestPolicy(seller);
    const intent = await createIntent(seller.token, policy.id);
    expect(intent.status).toBe(201);
    expect((await deliverAndProcess(intentSucceeded(policy.id, intent.body))).status).toBe("PROCESSED");
    const [transaction] = await transactionsOf(policy.id);
    expect(transaction).toMatchObject({ id: intent.body.id, status: "PAID", failureMessage: null });
    expect(transaction.paidAt).not.toBeNull();
    expect(await policyStatus(policy.id)).toBe("ACTIVE");
    expect((await historyOf(policy.id)).at(-1)).toMatchObject({
      toStatus: "ACTIVE",
      changedBy: "system:payment_intent.succeeded",
    });
  });

  it("payment_intent.payment_failed: the transaction is FAILED with the processor's message and the policy PAID_FAILED", async () => {
    const { policy, client } = await issueTestPolicy(seller);
    const intent = await createIntent(seller.token, policy.id);
    expect((await deliverAndProcess(intentFailed(policy.id, intent.body))).status).toBe("PROCESSED");
    expect((await transactionsOf(policy.id))[0]).toMatchObject({
      status: "FAILED",
      failureMessage: "Your card was declined.",
    });
    expect(await policyStatus(policy.id)).toBe("PAID_FAILED");
    expect((await historyOf(policy.id)).at(-1)).toMatchObject({
      fromStatus: "PENDING_PAYMENT",
      toStatus: "PAID_FAILED",
      changedBy: "system:payment_intent.payment_failed",
    });
    expect(await notificationsFor(client.email, "payment.failed")).toHaveLength(1);

    // A later successful charge (a new intent) returns it to ACTIVE.
    const second = await createIntent(seller.token, policy.id);
    expect(second.status).toBe(201);
    await deliverAndProcess(intentSucceeded(policy.id, second.body));
    expect(await policyStatus(policy.id)).toBe("ACTIVE");
  });

  it("an event of a type not handled is stored IGNORED", async () => {
    const customer = stripeEvent("customer.created", stripeCustomer({ email: "ana@example.com" }));
    expect(await deliverAndProcess(customer)).toMatchObject({
      status: "IGNORED",
      error: "events of type customer.created are not handled",
      attempts: 1,
    });
  });

  it("an event that names no policy, or a policy that is not a UUID or not there, is stored IGNORED", async () => {
    const noPolicy = stripeEvent("invoice.paid", stripeInvoice({ status: "paid", amount: 2500 }));
    expect(await deliverAndProcess(noPolicy)).toMatchObject({
      status: "IGNORED",
      error: "the event names no policy (metadata.policy_id)",
    });
    expect(
      await deliverAndProcess(invoiceEvent("invoice.paid", "not-a-uuid", 2500, { subscription: "sub_not_ours" })),
    ).toMatchObject({
      status: "IGNORED",
      error: 'metadata.policy_id "not-a-uuid" is not a policy id',
      attempts: 1,
    });
    const missing = "9b2f3c8e-0000-4000-8000-000000000000";
    expect(
      await deliverAndProcess(invoiceEvent("invoice.paid", missing, 2500, { subscription: "sub_not_ours" })),
    ).toMatchObject({ status: "IGNORED", error: `no policy ${missing}`, attempts: 1 });
  });
});

describe("only the policy's own processor objects count (trust.md section 6)", () => {
  it("a signed invoice.paid of 0.01 on a subscription the service never made, naming the policy: IGNORED, the policy stays PENDING_PAYMENT", async () => {
    const { policy } = await issueTestPolicy(seller);
    const forged = await deliverAndProcess(
      invoiceEvent("invoice.paid", policy.id, 1, { subscription: "sub_someone_elses" }),
    );
    expect(forged).toMatchObject({ status: "IGNORED", error: "no local subscription sub_someone_elses", attempts: 1 });
    expect(await policyStatus(policy.id)).toBe("PENDING_PAYMENT");
    expect(await transactionsOf(policy.id)).toHaveLength(0);
  });

  it("an invoice of another policy's subscription naming this policy: IGNORED, neither policy moves", async () => {
    const { policy } = await issueTestPolicy(seller);
    const other = await issueSubscribedPolicy(seller);
    const stored = await deliverAndProcess(
      invoiceEvent("invoice.paid", policy.id, 2500, { subscription: other.subscription }),
    );
    expect(stored).toMatchObject({
      status: "IGNORED",
      error: `subscription ${other.subscription} was created for another policy, not ${policy.id}`,
    });
    expect(await policyStatus(policy.id)).toBe("PENDING_PAYMENT");
    expect(await policyStatus(other.policy.id)).toBe("PENDING_PAYMENT");
    expect(await transactionsOf(policy.id)).toHaveLength(0);
  });

  it("an invoice of the policy's own subscription in another currency: IGNORED", async () => {
    const { policy, subscription } = await issueSubscribedPolicy(seller);
    const stored = await deliverAndProcess(
      invoiceEvent("invoice.paid", policy.id, 2500, { subscription, currency: "eur" }),
    );
    expect(stored).toMatchObject({ status: "IGNORED", error: "the amount is in EUR; the policy is paid in USD" });
    expect(await policyStatus(policy.id)).toBe("PENDING_PAYMENT");
  });

  it("an invoice.paid not paid in full (amount_paid below amount_due): IGNORED", async () => {
    const { policy, subscription } = await issueSubscribedPolicy(seller);
    const partial = invoiceEvent("invoice.paid", policy.id, 2500, { subscription, amountPaid: 2499 });
    const invoice = partial.data.object as { id: string };
    expect(await deliverAndProcess(partial)).toMatchObject({
      status: "IGNORED",
      error: `invoice ${invoice.id} is not paid in full (2499 of 2500)`,
    });
    expect(await policyStatus(policy.id)).toBe("PENDING_PAYMENT");
    expect(await transactionsOf(policy.id)).toHaveLength(0);
  });

  it("the prorated first invoice of the policy's subscription, smaller than the premium and paid in full, activates it for the period it bills", async () => {
    const { policy, subscription } = await issueSubscribedPolicy(seller);
    // The invoice the processor made when the service created the subscription (prorated to the anchor day).
    const first = [...fake().invoices.values()].find(
      (invoice) => invoice.parent?.subscription_details?.subscription === subscription,
    )!;
    expect(first.amount_paid).toBeGreaterThan(0);
    expect(first.amount_paid).toBeLessThan(2500);
    expect(first.amount_paid).toBe(first.amount_due);
    const stored = await deliverAndProcess(stripeEvent("invoice.paid", first));
    expect(stored).toMatchObject({ status: "PROCESSED", error: null });
    expect(await policyStatus(policy.id)).toBe("ACTIVE");
    expect((await transactionsOf(policy.id)).map((row) => [row.kind, row.status, row.amount])).toEqual([
      ["INVOICE", "PAID", (first.amount_paid / 100).toFixed(2)],
    ]);
  });

  it("customer.subscription.deleted of another policy's subscription naming this policy: IGNORED, the policy is not cancelled", async () => {
    const { policy } = await issueTestPolicy(seller);
    await payInFull(admin, policy);
    const other = await issueSubscribedPolicy(seller);
    const stored = await deliverAndProcess(
      subscriptionEvent("customer.subscription.deleted", policy.id, other.subscription),
    );
    expect(stored).toMatchObject({
      status: "IGNORED",
      error: `subscription ${other.subscription} was created for another policy, not ${policy.id}`,
    });
    expect(await policyStatus(policy.id)).toBe("ACTIVE");
  });

  it("payment_intent.succeeded that received less than the intent's own amount, or in another currency: IGNORED", async () => {
    const { policy } = await issueTestPolicy(seller);
    const intent = await createIntent(seller.token, policy.id);
    expect(intent.status, intent.text).toBe(201);
    const short = intentSucceeded(policy.id, intent.body);
    (short.data.object as { amount_received: number }).amount_received = 2499;
    expect(await deliverAndProcess(short)).toMatchObject({
      status: "IGNORED",
      error: `payment intent ${intent.body.processor_payment_intent_id} received 2499 of its 2500`,
    });
    const lowered = intentSucceeded(policy.id, intent.body);
    Object.assign(lowered.data.object, { amount: 1, amount_received: 1 });
    expect(await deliverAndProcess(lowered)).toMatchObject({
      status: "IGNORED",
      error: `payment intent ${intent.body.processor_payment_intent_id} received 1 of its 2500`,
    });
    const euros = intentSucceeded(policy.id, intent.body);
    (euros.data.object as { currency: string }).currency = "eur";
    expect(await deliverAndProcess(euros)).toMatchObject({
      status: "IGNORED",
      error: "the amount is in EUR; the policy is paid in USD",
    });
    expect(await policyStatus(policy.id)).toBe("PENDING_PAYMENT");
    expect((await transactionsOf(policy.id)).map((row) => row.status)).toEqual(["PENDING"]);
    // The whole amount, as the processor reports it: the payment counts.
    expect((await deliverAndProcess(intentSucceeded(policy.id, intent.body))).status).toBe("PROCESSED");
    expect(await policyStatus(policy.id)).toBe("ACTIVE");
  });

  it("a connected account's event (event.account set) never moves a policy, even about the policy's own subscription", async () => {
    const { policy, subscription } = await issueSubscribedPolicy(seller);
    const own = invoiceEvent("invoice.paid", policy.id, 2500, { subscription });
    const fromConnected = stripeEvent("invoice.paid", own.data.object as Stripe.Invoice, { account: "acct_reseller" });
    expect(await deliverAndProcess(fromConnected)).toMatchObject({
      status: "IGNORED",
      error: "an event of the connected account acct_reseller never moves a policy",
    });
    expect(await policyStatus(policy.id)).toBe("PENDING_PAYMENT");
    expect(await transactionsOf(policy.id)).toHaveLength(0);
  });
});

describe("events out of order", () => {
  it("a payment_failed created before an invoice.paid already applied is stored IGNORED and the policy stays ACTIVE", async () => {
    const { policy, subscription } = await issueSubscribedPolicy(seller);
    const now = unixNow();
    await deliverAndProcess(invoiceEvent("invoice.paid", policy.id, 2500, { subscription, created: now }));
    expect(await policyStatus(policy.id)).toBe("ACTIVE");
    const late = await deliverAndProcess(
      invoiceEvent("invoice.payment_failed", policy.id, 2500, { subscription, created: now - 60 }),
    );
    expect(late.status).toBe("IGNORED");
    expect(late.error).toMatch(/before the newest payment event applied/);
    expect(await policyStatus(policy.id)).toBe("ACTIVE");
    expect((await historyOf(policy.id)).map((row) => row.toStatus)).toEqual(["PENDING_PAYMENT", "ACTIVE"]);
  });

  it("a success created after a failure returns PAID_FAILED to ACTIVE", async () => {
    const { policy, subscription } = await issueSubscribedPolicy(seller);
    const now = unixNow();
    await deliverAndProcess(
      invoiceEvent("invoice.payment_failed", policy.id, 2500, {
        subscription,
        created: now - 30,
        invoiceId: "in_first_try",
      }),
    );
    expect(await policyStatus(policy.id)).toBe("PAID_FAILED");
    await deliverAndProcess(
      invoiceEvent("invoice.paid", policy.id, 2500, { subscription, created: now - 10, invoiceId: "in_first_try" }),
    );
    expect(await policyStatus(policy.id)).toBe("ACTIVE");
    // The invoice is one transaction, now PAID.
    expect((await transactionsOf(policy.id)).map((row) => [row.processorInvoiceId, row.status])).toEqual([
      ["in_first_try", "PAID"],
    ]);
  });
});

describe("events that do not move a policy", () => {
  it("a customer.subscription.updated created later does not make an earlier payment failure late: the policy still goes IN_ARREARS", async () => {
    const { policy, client, subscription } = await issueSubscribedPolicy(seller);
    await payInFull(admin, policy);
    const now = unixNow();
    // A renewal fails: the processor marks the subscription past_due and reports the failed invoice; the
    // subscription's event (a second later) arrives first.
    const pastDue = subscriptionEvent("customer.subscription.updated", policy.id, subscription, {
      status: "past_due",
      created: now,
    });
    expect((await deliverAndProcess(pastDue)).status).toBe("PROCESSED");
    const failed = await deliverAndProcess(
      invoiceEvent("invoice.payment_failed", policy.id, 2500, { subscription, created: now - 1 }),
    );
    expect(failed.status).toBe("PROCESSED");
    expect(await policyStatus(policy.id)).toBe("IN_ARREARS");
    expect(await notificationsFor(client.email, "payment.failed")).toHaveLength(1);
  });

  it("an ignored payment_intent event (an intent with no transaction here) does not make an earlier success late", async () => {
    const { policy } = await issueTestPolicy(seller);
    const intent = await createIntent(seller.token, policy.id);
    expect(intent.status).toBe(201);
    const now = unixNow();
    const stranger = intentSucceeded(
      policy.id,
      { id: intent.body.id, processor_payment_intent_id: "pi_not_ours", amount: "25.00" },
      now,
    );
    expect(await deliverAndProcess(stranger)).toMatchObject({
      status: "IGNORED",
      error: "no transaction for payment intent pi_not_ours",
    });
    expect((await deliverAndProcess(intentSucceeded(policy.id, intent.body, now - 1))).status).toBe("PROCESSED");
    expect(await policyStatus(policy.id)).toBe("ACTIVE");
  });
});

describe("a processing that fails", () => {
  it("is recorded FAILED with its error and attempts, and the sweep applies it once the cause is gone", async () => {
    const { policy, subscription } = await issueSubscribedPolicy(seller);
    const db = await getDb();
    // The database refuses invoice transactions for a while (a constraint added by an operator, a full
    // disk: the write fails, whatever the reason).
    await db.execute(
      sql`alter table transactions add constraint test_refuse_invoices check (kind <> 'INVOICE') not valid`,
    );
    const paid = invoiceEvent("invoice.paid", policy.id, 2500, { subscription });
    let stored;
    try {
      stored = await deliverAndProcess(paid);
    } finally {
      await db.execute(sql`alter table transactions drop constraint test_refuse_invoices`);
    }
    // The background function's five attempts (one and four retries) all failed.
    expect(stored).toMatchObject({ status: "FAILED", attempts: 5 });
    // The database's reason, not the SQL text of the query that failed.
    expect(stored.error).toBe('new row for relation "transactions" violates check constraint "test_refuse_invoices"');
    expect(await policyStatus(policy.id)).toBe("PENDING_PAYMENT");
    expect(await transactionsOf(policy.id)).toHaveLength(0);

    // Just failed: the sweep waits a minute before it tries again.
    expect(await findUnprocessedEvents(db)).not.toContain(stored.id);
    await ageEvent(stored.id, 70);
    const found = await findUnprocessedEvents(db);
    expect(found).toContain(stored.id);
    expect(await processProcessorEvent(db, stored.id)).toEqual({ status: "PROCESSED", note: null });
    expect(await storedEvent(paid.id)).toMatchObject({ status: "PROCESSED", attempts: 6, error: null });
    expect(await policyStatus(policy.id)).toBe("ACTIVE");
    await ageEvent(stored.id, 86_400);
    expect(await findUnprocessedEvents(db)).not.toContain(stored.id);
    // Applying it again does nothing.
    expect(await processProcessorEvent(db, stored.id)).toBe("ALREADY_DONE");
    expect((await historyOf(policy.id)).filter((row) => row.toStatus === "ACTIVE")).toHaveLength(1);
  });
});

/** Makes an event's last attempt (and its arrival) look `seconds` old, as if that time had passed. */
async function ageEvent(id: string, seconds: number) {
  await (
    await getDb()
  )
    .update(processorEvents)
    .set({
      lastAttemptedAt: sql`now() - make_interval(secs => ${seconds})`,
      receivedAt: sql`now() - make_interval(secs => ${seconds})`,
    })
    .where(eq(processorEvents.id, id));
}

/** The database refuses invoice transactions (a failure whatever its cause) while `refusing` runs. */
async function whileInvoicesRefused<T>(refusing: () => Promise<T>): Promise<T> {
  const db = await getDb();
  await db.execute(
    sql`alter table transactions add constraint test_refuse_invoices check (kind <> 'INVOICE') not valid`,
  );
  try {
    return await refusing();
  } finally {
    await db.execute(sql`alter table transactions drop constraint test_refuse_invoices`);
  }
}

async function sweepOnce() {
  await inProcessRunner().run(sweepProcessorEventsFunction, {
    name: "inngest/scheduled.timer",
    data: { cron: "* * * * *" },
  });
}

describe("a processing that fails for longer than the event's retries", () => {
  it("the sweep keeps retrying with a back-off (1 min, then 2 min ...) and applies it once after the cause is gone", async () => {
    const { policy, subscription } = await issueSubscribedPolicy(seller);
    const db = await getDb();
    const paid = invoiceEvent("invoice.paid", policy.id, 2500, { subscription });
    const silence = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const stored = await whileInvoicesRefused(async () => {
        const failed = await deliverAndProcess(paid);
        expect(failed).toMatchObject({ status: "FAILED", attempts: EVENT_PROCESSING_ATTEMPTS });
        expect(await findUnprocessedEvents(db)).not.toContain(failed.id);
        await ageEvent(failed.id, 50);
        expect(await findUnprocessedEvents(db)).not.toContain(failed.id);
        await ageEvent(failed.id, 70);
        expect(await findUnprocessedEvents(db)).toContain(failed.id);
        // Still failing at the sweep: one more attempt, and now two minutes of rest.
        await sweepOnce();
        const again = await storedEvent(paid.id);
        expect(again).toMatchObject({ status: "FAILED", attempts: EVENT_PROCESSING_ATTEMPTS + 1 });
        expect(again.error).toContain("test_refuse_invoices");
        await ageEvent(failed.id, 70);
        expect(await findUnprocessedEvents(db)).not.toContain(failed.id);
        return failed;
      });
      expect(await policyStatus(policy.id)).toBe("PENDING_PAYMENT");

      await ageEvent(stored.id, 130);
      expect(await findUnprocessedEvents(db)).toContain(stored.id);
      await sweepOnce();
      expect(await storedEvent(paid.id)).toMatchObject({
        status: "PROCESSED",
        attempts: EVENT_PROCESSING_ATTEMPTS + 2,
        error: null,
      });
      await ageEvent(stored.id, 7200);
      await sweepOnce();
      expect(await policyStatus(policy.id)).toBe("ACTIVE");
      expect(await transactionsOf(policy.id)).toHaveLength(1);
      expect((await historyOf(policy.id)).filter((row) => row.toStatus === "ACTIVE")).toHaveLength(1);
    } finally {
      silence.mockRestore();
    }
  });

  it(`the back-off is capped at an hour, and the ${MAX_PROCESSING_ATTEMPTS}th failure leaves the event FAILED for good`, async () => {
    const { policy, subscription } = await issueSubscribedPolicy(seller);
    const db = await getDb();
    const paid = invoiceEvent("invoice.paid", policy.id, 2500, { subscription });
    const silence = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await whileInvoicesRefused(async () => {
        const stored = await deliverAndProcess(paid);
        await db
          .update(processorEvents)
          .set({ attempts: MAX_PROCESSING_ATTEMPTS - 1 })
          .where(eq(processorEvents.id, stored.id));
        await ageEvent(stored.id, 3590);
        expect(await findUnprocessedEvents(db)).not.toContain(stored.id);
        await ageEvent(stored.id, 3610);
        expect(await findUnprocessedEvents(db)).toContain(stored.id);
        await expect(processProcessorEvent(db, stored.id)).rejects.toThrow();
        const last = await storedEvent(paid.id);
        expect(last).toMatchObject({ status: "FAILED", attempts: MAX_PROCESSING_ATTEMPTS });
        expect(last.error).toContain("test_refuse_invoices");
        await ageEvent(stored.id, 86_400);
        expect(await findUnprocessedEvents(db)).not.toContain(stored.id);
      });
    } finally {
      silence.mockRestore();
    }
    await sweepOnce();
    expect(await storedEvent(paid.id)).toMatchObject({ status: "FAILED", attempts: MAX_PROCESSING_ATTEMPTS });
    expect(await policyStatus(policy.id)).toBe("PENDING_PAYMENT");
  });
});
