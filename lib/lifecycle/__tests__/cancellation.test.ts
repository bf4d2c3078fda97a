import { randomUUID } from "node:crypto";
import { and, asc, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import {
  auditLogs,
  claims,
  policies,
  policyAccountEntries,
  policyStatusHistory,
  subscriptions,
  transactions,
  type Policy,
} from "@/db/schema";
import {
  createCompanyWith,
  createIntent,
  deliverAndProcess,
  intentSucceeded,
  invoiceEvent,
  issueSubscribedPolicy,
  notificationsFor,
  payInFull,
  requestsTo,
  withFakeStripe,
} from "@/lib/payments/__tests__/helpers";
import { nextClaimNumber } from "@/lib/claims/claim-numbers";
import { api } from "@/test/api";
import { dateFromToday, expectAuditRow, issueTestPolicy, signInAs, type SignedIn } from "@/test/fixtures";

// lifecycle.md section 8 (cancellation and the cooling-off refund) and the transition endpoint's rules of
// section 3 ("Who moves a policy"). Test policies start tomorrow, so they are in their cooling-off period
// (30 days by default) unless a test moves their start_date into the past.

const { fake } = withFakeStripe();

let admin: SignedIn;
let seller: SignedIn;

beforeAll(async () => {
  [admin, seller] = await Promise.all([signInAs("ADMIN"), signInAs("VENDEDOR")]);
});

function cancel(policyId: string, body: Record<string, unknown>, options: { token?: string; dryRun?: boolean } = {}) {
  return api("POST", `/api/v1/emission/policies/${policyId}/cancel${options.dryRun ? "?dry_run=true" : ""}`, {
    token: options.token ?? admin.token,
    body,
  });
}

function transition(policyId: string, to: string, reason = "closing the file") {
  return api("POST", `/api/v1/emission/policies/${policyId}/transition`, {
    token: admin.token,
    body: { to_status: to, reason },
  });
}

function markRefunded(transactionId: string, body: Record<string, unknown> = {}, token = admin.token) {
  return api("POST", `/api/v1/payments/transactions/${transactionId}/mark-refunded`, { token, body });
}

async function setPolicy(policyId: string, values: Partial<Policy>) {
  const db = await getDb();
  await db.update(policies).set(values).where(eq(policies.id, policyId));
}

async function storedPolicy(policyId: string) {
  const db = await getDb();
  const [row] = await db.select().from(policies).where(eq(policies.id, policyId));
  return row;
}

async function refundsOf(policyId: string) {
  const db = await getDb();
  return db
    .select()
    .from(transactions)
    .where(and(eq(transactions.policyId, policyId), eq(transactions.kind, "REFUND")))
    .orderBy(asc(transactions.createdAt));
}

async function refundEntriesOf(policyId: string) {
  const db = await getDb();
  return db
    .select()
    .from(policyAccountEntries)
    .where(and(eq(policyAccountEntries.policyId, policyId), eq(policyAccountEntries.kind, "REFUND")));
}

async function historyCount(policyId: string) {
  const db = await getDb();
  const [{ n }] = await db
    .select({ n: count() })
    .from(policyStatusHistory)
    .where(eq(policyStatusHistory.policyId, policyId));
  return n;
}

async function auditCount(action: string, entityId: string) {
  const db = await getDb();
  const [{ n }] = await db
    .select({ n: count() })
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.entityId, entityId)));
  return n;
}

/** An issued policy paid in full by a manual payment (ACTIVE): the policy and its payment. */
async function manuallyPaidPolicy(issuer: SignedIn = seller) {
  const issued = await issueTestPolicy(issuer);
  const paid = await payInFull(admin, issued.policy);
  return { ...issued, payment: paid.transaction as { id: string; amount: string } };
}

/** An issued policy paid by a card intent the processor reports succeeded (ACTIVE). */
async function cardPaidPolicy() {
  const issued = await issueTestPolicy(seller);
  const intent = await createIntent(seller.token, issued.policy.id);
  expect(intent.status, intent.text).toBe(201);
  // The processor charged the card: its intent is succeeded, and so refundable.
  fake().paymentIntents.get(intent.body.processor_payment_intent_id)!.status = "succeeded";
  expect((await deliverAndProcess(intentSucceeded(issued.policy.id, intent.body))).status).toBe("PROCESSED");
  return { ...issued, payment: intent.body as { id: string; amount: string; processor_payment_intent_id: string } };
}

const CLIENT_REQUEST = { reason_code: "CLIENT_REQUEST", reason: "the client changed her mind" };

describe("POST /emission/policies/{id}/cancel in the cooling-off period", () => {
  it("cancels now and refunds a manual payment as a PENDING REFUND, with its account line, audit and notice", async () => {
    const { policy, client, payment } = await manuallyPaidPolicy();
    const response = await cancel(policy.id, CLIENT_REQUEST);
    expect(response.status, response.text).toBe(200);
    expect(response.body.refund_amount).toBe("25.00");
    expect(response.body.policy).toMatchObject({
      id: policy.id,
      status: "CANCELLED",
      cancellation_reason_code: "CLIENT_REQUEST",
      cancel_at: null,
    });
    expect(response.body.policy.status_history.at(-1)).toMatchObject({
      from_status: "ACTIVE",
      to_status: "CANCELLED",
      reason: "the client changed her mind",
      changed_by: admin.user.id,
    });
    expect(response.body.refunds).toHaveLength(1);
    expect(response.body.refunds[0]).toMatchObject({
      policy_id: policy.id,
      kind: "REFUND",
      status: "PENDING",
      amount: "-25.00",
      currency: "USD",
      paid_at: null,
    });

    const [refund] = await refundsOf(policy.id);
    expect(refund).toMatchObject({ id: response.body.refunds[0].id, refundOf: payment.id, processorRefundId: null });
    const entries = await refundEntriesOf(policy.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ amount: "-25.00", transactionId: refund.id });
    // Manual money goes back by hand: nothing is asked of the processor.
    expect(requestsTo(fake(), "POST", "/v1/refunds")).toHaveLength(0);

    const audit = await expectAuditRow("POLICY_CANCELLED", policy.id);
    expect(audit.details).toMatchObject({ reason_code: "CLIENT_REQUEST", cooling_off: true, refund_amount: "25.00" });
    const [notice] = await notificationsFor(client.email, "policy.cancelled");
    expect(notice.subject).toContain(policy.policy_number);
    expect(notice.body).toContain("25");
  });

  it("refunds a card intent through the processor: one refund of the intent, PAID, with the processor's id", async () => {
    const { policy, payment } = await cardPaidPolicy();
    const response = await cancel(policy.id, CLIENT_REQUEST);
    expect(response.status, response.text).toBe(200);
    expect(response.body.refund_amount).toBe("25.00");

    const calls = requestsTo(fake(), "POST", "/v1/refunds");
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toMatchObject({ payment_intent: payment.processor_payment_intent_id, amount: "2500" });
    expect(calls[0].headers["idempotency-key"]).toBe(`refund-${payment.id}`);
    const [processorRefund] = [...fake().refunds.values()];

    expect(response.body.refunds).toEqual([
      expect.objectContaining({ kind: "REFUND", status: "PAID", amount: "-25.00" }),
    ]);
    const [refund] = await refundsOf(policy.id);
    expect(refund).toMatchObject({ refundOf: payment.id, processorRefundId: processorRefund.id, status: "PAID" });
    expect(refund.paidAt).not.toBeNull();
    expect(await refundEntriesOf(policy.id)).toEqual([
      expect.objectContaining({ amount: "-25.00", reference: processorRefund.id }),
    ]);
  });

  it("refunds a paid invoice through the intent that paid it and ends the subscription at the processor", async () => {
    const { policy, subscription } = await issueSubscribedPolicy(seller);
    const remote = fake().subscriptions.get(subscription)!;
    const invoice = fake().invoices.get(String(remote.latest_invoice))!;
    const paid = invoiceEvent("invoice.paid", policy.id, invoice.amount_paid, {
      subscription,
      invoiceId: invoice.id,
    });
    expect((await deliverAndProcess(paid)).status).toBe("PROCESSED");
    const [payment] = [...fake().invoicePayments.values()].filter((entry) => entry.invoice === invoice.id);

    const response = await cancel(policy.id, CLIENT_REQUEST);
    expect(response.status, response.text).toBe(200);
    const [call] = requestsTo(fake(), "POST", "/v1/refunds");
    expect(call.body).toMatchObject({
      payment_intent: payment.payment.payment_intent,
      amount: String(invoice.amount_paid),
    });
    expect(response.body.refunds).toEqual([expect.objectContaining({ kind: "REFUND", status: "PAID" })]);
    expect(Number(response.body.refund_amount) * 100).toBe(invoice.amount_paid);
    // Ended now, as asked by the service: its deletion event then finds the policy already cancelled.
    expect(requestsTo(fake(), "DELETE", `/v1/subscriptions/${subscription}`)).toHaveLength(1);
    const db = await getDb();
    const [local] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.processorSubscriptionId, subscription));
    expect(local).toMatchObject({ status: "CANCELED", cancelRequested: true });
  });

  it("ignores `when`: END_OF_PAID_PERIOD in the cooling-off period cancels now with the refund", async () => {
    const { policy } = await manuallyPaidPolicy();
    const response = await cancel(policy.id, { ...CLIENT_REQUEST, when: "END_OF_PAID_PERIOD" });
    expect(response.status, response.text).toBe(200);
    expect(response.body.policy).toMatchObject({ status: "CANCELLED", cancel_at: null });
    expect(response.body.refund_amount).toBe("25.00");
  });

  it("cancels a policy with nothing paid: refund 0.00 and no refunds", async () => {
    const { policy } = await issueTestPolicy(seller);
    const response = await cancel(policy.id, { reason_code: "DUPLICATE", reason: "issued twice" });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ refund_amount: "0.00", refunds: [] });
    expect(response.body.policy).toMatchObject({ status: "CANCELLED", cancellation_reason_code: "DUPLICATE" });
  });
});

describe("POST /emission/policies/{id}/cancel outside the cooling-off period", () => {
  it("after cooling_off_days: NOW cancels without refund", async () => {
    const { policy } = await manuallyPaidPolicy();
    await setPolicy(policy.id, { startDate: dateFromToday(-31) });
    const response = await cancel(policy.id, { reason_code: "FRAUD", reason: "forged documents" });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ refund_amount: "0.00", refunds: [] });
    expect(response.body.policy).toMatchObject({ status: "CANCELLED", cancellation_reason_code: "FRAUD" });
    expect(await refundsOf(policy.id)).toHaveLength(0);
    expect(await refundEntriesOf(policy.id)).toHaveLength(0);
  });

  it("the last day of cooling-off (start_date + cooling_off_days) still refunds", async () => {
    const { policy } = await manuallyPaidPolicy();
    await setPolicy(policy.id, { startDate: dateFromToday(-30) });
    const response = await cancel(policy.id, CLIENT_REQUEST);
    expect(response.status, response.text).toBe(200);
    expect(response.body.refund_amount).toBe("25.00");
  });

  it("a renewed policy (term 2) is out of cooling-off whatever its dates", async () => {
    const { policy } = await manuallyPaidPolicy();
    await setPolicy(policy.id, { termNumber: 2 });
    const response = await cancel(policy.id, CLIENT_REQUEST);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ refund_amount: "0.00", refunds: [] });
  });

  it("a policy on which a claim was ever opened gets no refund, even in its cooling-off period", async () => {
    const { policy } = await manuallyPaidPolicy();
    const stored = await storedPolicy(policy.id);
    const db = await getDb();
    await db.insert(claims).values({
      claimNumber: await nextClaimNumber(db, stored.companyId, new Date().getUTCFullYear()),
      policyId: policy.id,
      beneficiaryId: policy.beneficiaries[0].id,
      companyId: stored.companyId,
      description: "an early death",
      status: "REJECTED",
    });
    const response = await cancel(policy.id, CLIENT_REQUEST);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ refund_amount: "0.00", refunds: [] });
    expect(response.body.policy.status).toBe("CANCELLED");
    expect(await refundsOf(policy.id)).toHaveLength(0);
  });

  it("END_OF_PAID_PERIOD keeps the policy as it is with cancel_at = paid_to_date and auto_renew false", async () => {
    const { policy, client } = await manuallyPaidPolicy();
    const paidTo = dateFromToday(10);
    await setPolicy(policy.id, { startDate: dateFromToday(-60), paidToDate: paidTo });
    const before = await historyCount(policy.id);
    const response = await cancel(policy.id, { ...CLIENT_REQUEST, when: "END_OF_PAID_PERIOD" });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ refund_amount: "0.00", refunds: [] });
    expect(response.body.policy).toMatchObject({
      status: "ACTIVE",
      cancel_at: paidTo,
      auto_renew: false,
      cancellation_reason_code: "CLIENT_REQUEST",
    });
    expect(await storedPolicy(policy.id)).toMatchObject({ status: "ACTIVE", cancelAt: paidTo, autoRenew: false });
    expect(await historyCount(policy.id)).toBe(before);
    const audit = await expectAuditRow("POLICY_CANCELLED", policy.id);
    expect(audit.details).toMatchObject({ when: "END_OF_PAID_PERIOD", cancel_at: paidTo });
    const [notice] = await notificationsFor(client.email, "policy.cancelled");
    // The client's language (Spanish by default): cancelled after the paid-to date, not now.
    expect(notice.subject).toBe(`Tu póliza ${policy.policy_number} será cancelada`);
  });

  it("END_OF_PAID_PERIOD ends a subscription at period end, not now", async () => {
    const { policy, subscription } = await issueSubscribedPolicy(seller);
    await setPolicy(policy.id, { startDate: dateFromToday(-60), status: "ACTIVE", paidToDate: dateFromToday(5) });
    const response = await cancel(policy.id, { ...CLIENT_REQUEST, when: "END_OF_PAID_PERIOD" });
    expect(response.status, response.text).toBe(200);
    const [update] = requestsTo(fake(), "POST", `/v1/subscriptions/${subscription}`);
    expect(update.body).toEqual({ cancel_at_period_end: "true" });
    expect(requestsTo(fake(), "DELETE", /^\/v1\/subscriptions\//)).toHaveLength(0);
    const db = await getDb();
    const [local] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.processorSubscriptionId, subscription));
    expect(local).toMatchObject({ cancelAtPeriodEnd: true, cancelRequested: true });
  });

  it("END_OF_PAID_PERIOD with nothing paid, or a paid-to date already past, cancels now", async () => {
    const unpaid = await issueTestPolicy(seller);
    await setPolicy(unpaid.policy.id, { startDate: dateFromToday(-40) });
    const first = await cancel(unpaid.policy.id, { ...CLIENT_REQUEST, when: "END_OF_PAID_PERIOD" });
    expect(first.status, first.text).toBe(200);
    expect(first.body.policy).toMatchObject({ status: "CANCELLED", cancel_at: null });

    const behind = await manuallyPaidPolicy();
    await setPolicy(behind.policy.id, { startDate: dateFromToday(-60), paidToDate: dateFromToday(-1) });
    const second = await cancel(behind.policy.id, { ...CLIENT_REQUEST, when: "END_OF_PAID_PERIOD" });
    expect(second.status, second.text).toBe(200);
    expect(second.body.policy).toMatchObject({ status: "CANCELLED", cancel_at: null });
  });
});

describe("POST /emission/policies/{id}/cancel?dry_run=true", () => {
  it("answers the same body and stores, sends and asks the processor nothing", async () => {
    const { policy, client } = await cardPaidPolicy();
    const manual = await api("POST", "/api/v1/payments/manual", {
      token: admin.token,
      body: { policy_id: policy.id, amount: "5.00" },
    });
    // A second payment is accepted only once the lifecycle rules take ACTIVE policies' payments.
    const received = manual.status === 201 ? "30.00" : "25.00";
    fake().requests.length = 0;
    const before = { history: await historyCount(policy.id), stored: await storedPolicy(policy.id) };

    const preview = await cancel(policy.id, CLIENT_REQUEST, { dryRun: true });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.refund_amount).toBe(received);
    expect(preview.body.policy).toMatchObject({ status: "CANCELLED", cancellation_reason_code: "CLIENT_REQUEST" });
    expect(preview.body.refunds[0]).toMatchObject({ kind: "REFUND", amount: "-25.00" });

    expect(fake().requests).toHaveLength(0);
    expect(await storedPolicy(policy.id)).toEqual(before.stored);
    expect(await historyCount(policy.id)).toBe(before.history);
    expect(await refundsOf(policy.id)).toHaveLength(0);
    expect(await refundEntriesOf(policy.id)).toHaveLength(0);
    expect(await auditCount("POLICY_CANCELLED", policy.id)).toBe(0);
    expect(await notificationsFor(client.email, "policy.cancelled")).toHaveLength(0);

    // The real cancellation then gives what the preview said.
    const real = await cancel(policy.id, CLIENT_REQUEST);
    expect(real.status, real.text).toBe(200);
    expect(real.body.refund_amount).toBe(received);
  });

  it("a dry run is refused as the cancellation would be (409 on a cancelled policy)", async () => {
    const { policy } = await issueTestPolicy(seller);
    expect((await cancel(policy.id, CLIENT_REQUEST)).status).toBe(200);
    const preview = await cancel(policy.id, CLIENT_REQUEST, { dryRun: true });
    expect(preview.status).toBe(409);
  });
});

describe("POST /emission/policies/{id}/cancel: refusals", () => {
  it.each(["CANCELLED", "EXPIRED", "NOT_TAKEN_UP"] as const)("a %s policy: 409, nothing stored", async (status) => {
    const { policy } = await manuallyPaidPolicy();
    await setPolicy(policy.id, { status });
    const response = await cancel(policy.id, CLIENT_REQUEST);
    expect(response.status, response.text).toBe(409);
    expect(response.body.detail).toBe(`policy ${policy.policy_number} is ${status} and cannot be cancelled`);
    expect(await refundsOf(policy.id)).toHaveLength(0);
  });

  it("422 for an unknown reason_code, a missing reason or an unknown `when`", async () => {
    const { policy } = await issueTestPolicy(seller);
    const badCode = await cancel(policy.id, { reason_code: "BORED", reason: "x" });
    expect(badCode.status).toBe(422);
    expect(badCode.text).toContain("must be one of CLIENT_REQUEST, NON_PAYMENT");
    expect((await cancel(policy.id, { reason_code: "OTHER", reason: "  " })).status).toBe(422);
    expect((await cancel(policy.id, { reason_code: "OTHER", reason: "x", when: "LATER" })).status).toBe(422);
    expect((await storedPolicy(policy.id)).status).toBe("PENDING_PAYMENT");
  });

  it("404 for an unknown policy; 403 for a seller (no policies:transition)", async () => {
    expect((await cancel(randomUUID(), CLIENT_REQUEST)).status).toBe(404);
    const { policy } = await issueTestPolicy(seller);
    expect((await cancel(policy.id, CLIENT_REQUEST, { token: seller.token })).status).toBe(403);
    expect((await storedPolicy(policy.id)).status).toBe("PENDING_PAYMENT");
  });
});

describe("POST /portal/policies/{id}/cancel", () => {
  function portalCancel(policyId: string, token: string, dryRun = false) {
    return api("POST", `/api/v1/portal/policies/${policyId}/cancel${dryRun ? "?dry_run=true" : ""}`, {
      token,
      body: { reason: "I found a cheaper cover" },
    });
  }

  it("the client cancels its own policy now, reason_code CLIENT_REQUEST, with the cooling-off refund", async () => {
    const { policy, client } = await manuallyPaidPolicy();
    const owner = await signInAs("CLIENTE", { email: client.email });
    const preview = await portalCancel(policy.id, owner.token, true);
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.refund_amount).toBe("25.00");
    expect((await storedPolicy(policy.id)).status).toBe("ACTIVE");

    const response = await portalCancel(policy.id, owner.token);
    expect(response.status, response.text).toBe(200);
    expect(response.body.refund_amount).toBe("25.00");
    expect(response.body.policy).toMatchObject({ status: "CANCELLED", cancellation_reason_code: "CLIENT_REQUEST" });
    expect(response.body.policy.status_history.at(-1)).toMatchObject({
      reason: "I found a cheaper cover",
      changed_by: owner.user.id,
    });
  });

  it("another client's policy is 404, and stays as it is", async () => {
    const { policy } = await manuallyPaidPolicy();
    const other = await issueTestPolicy(seller);
    const stranger = await signInAs("CLIENTE", { email: other.client.email });
    const response = await portalCancel(policy.id, stranger.token);
    expect(response.status).toBe(404);
    expect(response.body.detail).toBe("policy not found");
    expect((await storedPolicy(policy.id)).status).toBe("ACTIVE");
  });
});

describe("POST /payments/transactions/{id}/mark-refunded", () => {
  it("marks a PENDING refund PAID with its reference (200, audit); a second time is 409", async () => {
    const { policy } = await manuallyPaidPolicy();
    const cancelled = await cancel(policy.id, CLIENT_REQUEST);
    const refundId = cancelled.body.refunds[0].id as string;

    const response = await markRefunded(refundId, { reference: "transfer 0042" });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ id: refundId, kind: "REFUND", status: "PAID", reference: "transfer 0042" });
    expect(response.body.paid_at).not.toBeNull();
    await expectAuditRow("REFUND_MARKED_PAID", refundId);

    const again = await markRefunded(refundId);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe("only a PENDING transaction can be marked refunded; this one is PAID");
  });

  it("409 for a transaction that is not a refund; 404 unknown; 403 for a seller", async () => {
    const { policy, payment } = await manuallyPaidPolicy();
    const response = await markRefunded(payment.id);
    expect(response.status).toBe(409);
    expect(response.body.detail).toBe("only a refund can be marked refunded; this transaction is MANUAL");
    expect((await markRefunded(randomUUID())).status).toBe(404);

    const cancelled = await cancel(policy.id, CLIENT_REQUEST);
    expect((await markRefunded(cancelled.body.refunds[0].id, {}, seller.token)).status).toBe(403);
    expect((await refundsOf(policy.id))[0].status).toBe("PENDING");
  });

  it("the reseller dashboard nets a refund off what was received once it is paid back", async () => {
    const company = await createCompanyWith({ is_reseller: true, commission_rate: "10.00" });
    const companySeller = await signInAs("VENDEDOR", { companyId: company.id });
    const { policy } = await manuallyPaidPolicy(companySeller);
    const dashboard = async () =>
      (await api("GET", "/api/v1/payments/reseller/dashboard", { token: companySeller.token })).body;
    expect((await dashboard()).gross_amount).toBe("25.00");

    const cancelled = await cancel(policy.id, CLIENT_REQUEST);
    // PENDING: the money has not gone back yet.
    expect((await dashboard()).gross_amount).toBe("25.00");
    expect((await markRefunded(cancelled.body.refunds[0].id)).status).toBe(200);
    expect(await dashboard()).toMatchObject({ gross_amount: "0.00", commission_amount: "0.00", net_amount: "0.00" });
  });
});

describe("POST /emission/policies/{id}/transition (lifecycle.md section 3)", () => {
  it("refuses a move into ACTIVE: 409 `record a payment or reinstate instead`", async () => {
    const { policy } = await issueTestPolicy(seller);
    const response = await transition(policy.id, "ACTIVE");
    expect(response.status).toBe(409);
    expect(response.body.detail).toBe("record a payment or reinstate instead");
    expect((await storedPolicy(policy.id)).status).toBe("PENDING_PAYMENT");
  });

  it("a move into CANCELLED is a cancellation: reason_code OTHER, now, refunding in the cooling-off period", async () => {
    const { policy } = await manuallyPaidPolicy();
    const response = await transition(policy.id, "CANCELLED", "duplicate file");
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ id: policy.id, status: "CANCELLED", cancellation_reason_code: "OTHER" });
    expect(response.body.status_history.at(-1)).toMatchObject({ to_status: "CANCELLED", reason: "duplicate file" });
    const [refund] = await refundsOf(policy.id);
    expect(refund).toMatchObject({ status: "PENDING", amount: "-25.00" });
    await expectAuditRow("POLICY_CANCELLED", policy.id);
  });

  it("closes a lapsed file: LAPSED -> CANCELLED", async () => {
    const { policy } = await manuallyPaidPolicy();
    await setPolicy(policy.id, { status: "LAPSED", startDate: dateFromToday(-120), lapsedOn: dateFromToday(-5) });
    const response = await transition(policy.id, "CANCELLED");
    expect(response.status, response.text).toBe(200);
    expect(response.body.status_history.at(-1)).toMatchObject({ from_status: "LAPSED", to_status: "CANCELLED" });
    expect(await refundsOf(policy.id)).toHaveLength(0);
  });

  it("a cancelled policy cannot be cancelled again (409)", async () => {
    const { policy } = await issueTestPolicy(seller);
    expect((await transition(policy.id, "CANCELLED")).status).toBe(200);
    expect((await transition(policy.id, "CANCELLED")).status).toBe(409);
  });
});
