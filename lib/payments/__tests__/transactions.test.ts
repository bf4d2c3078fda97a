import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { notifications, transactions } from "@/db/schema";
import { inProcessRunner } from "@/inngest/send";
import { api } from "@/test/api";
import { startFakeWhatsApp } from "@/test/fakes/whatsapp";
import type { FakeServer } from "@/test/fakes/http-server";
import { expectAuditRow, issueTestPolicy, signInAs, type SignedIn } from "@/test/fixtures";
import {
  createCompanyWith,
  createIntent,
  deliverAndProcess,
  intentFailed,
  notificationsFor,
  requestsTo,
  withFakeStripe,
} from "./helpers";

// GET /payments/transactions (a bare list, newest first) and POST /payments/transactions/{id}/retry (only
// FAILED, at most 2 retries, then the client is told by e-mail and by messaging app).

const { fake } = withFakeStripe();
const LIMIT_DETAIL = "maximum retry attempts reached; the client has been notified";

let admin: SignedIn;
let seller: SignedIn;
let whatsapp: FakeServer;

beforeAll(async () => {
  const company = await createCompanyWith();
  admin = await signInAs("ADMIN");
  seller = await signInAs("VENDEDOR", { companyId: company.id });
  whatsapp = await startFakeWhatsApp();
});

beforeEach(() => {
  // Messages go to a fake WhatsApp, so a message without a recipient is SKIPPED with its reason.
  vi.stubEnv("WHATSAPP_TOKEN", "wa-test-token");
  vi.stubEnv("WHATSAPP_PHONE_NUMBER_ID", "1234567890");
  vi.stubEnv("WHATSAPP_API_BASE", whatsapp.url);
});

afterAll(async () => {
  await inProcessRunner().drain();
  await whatsapp.close();
});

function list(token: string, query = "") {
  return api("GET", `/api/v1/payments/transactions${query}`, { token });
}

function retry(token: string, transactionId: string) {
  return api("POST", `/api/v1/payments/transactions/${transactionId}/retry`, { token });
}

async function currentIntentOf(transactionId: string) {
  const db = await getDb();
  const [row] = await db.select().from(transactions).where(eq(transactions.id, transactionId));
  return row;
}

/** The processor's payment_intent.payment_failed for the transaction's current intent, delivered and applied. */
async function failCurrentCharge(policyId: string, transactionId: string) {
  const row = await currentIntentOf(transactionId);
  const stored = await deliverAndProcess(
    intentFailed(policyId, {
      id: row.id,
      processor_payment_intent_id: row.processorPaymentIntentId!,
      amount: row.amount,
    }),
  );
  expect(stored.status).toBe("PROCESSED");
  expect((await currentIntentOf(transactionId)).status).toBe("FAILED");
}

async function failedTransaction(clientOverrides: Record<string, unknown> = {}) {
  const { policy, client } = await issueTestPolicy(seller, { clientOverrides });
  const intent = await createIntent(seller.token, policy.id);
  expect(intent.status, intent.text).toBe(201);
  await failCurrentCharge(policy.id, intent.body.id);
  return { policy, client, transactionId: intent.body.id as string };
}

describe("GET /payments/transactions", () => {
  it("lists the scope's transactions newest first as a bare array, filtered by policy_id and status, paged by limit/offset", async () => {
    const { policy: first } = await issueTestPolicy(seller);
    const { policy: second } = await issueTestPolicy(seller);
    const a = await api("POST", "/api/v1/payments/manual", {
      token: admin.token,
      body: { policy_id: first.id, amount: "5.00" },
    });
    const b = await api("POST", "/api/v1/payments/manual", {
      token: admin.token,
      body: { policy_id: first.id, amount: "6.00" },
    });
    const c = await createIntent(seller.token, second.id);
    const ids = [c.body.id, b.body.transaction.id, a.body.transaction.id];

    const all = await list(seller.token);
    expect(all.status).toBe(200);
    expect(Array.isArray(all.body)).toBe(true);
    expect(all.body.map((row: { id: string }) => row.id)).toEqual(ids);
    expect(Object.keys(all.body[0]).sort()).toEqual(
      [
        "amount",
        "attempt_count",
        "created_at",
        "currency",
        "failure_message",
        "id",
        "kind",
        "paid_at",
        "policy_id",
        "processor_payment_intent_id",
        "reference",
        "status",
      ].sort(),
    );
    expect((await list(seller.token, `?policy_id=${first.id}`)).body.map((row: { id: string }) => row.id)).toEqual(
      ids.slice(1),
    );
    expect((await list(seller.token, "?status=PENDING")).body.map((row: { id: string }) => row.id)).toEqual([
      c.body.id,
    ]);
    expect((await list(seller.token, `?policy_id=${first.id}&status=PENDING`)).body).toEqual([]);
    expect((await list(seller.token, "?limit=1&offset=1")).body.map((row: { id: string }) => row.id)).toEqual([ids[1]]);
    expect((await list(seller.token, "?limit=200")).status).toBe(200);
    expect((await list(seller.token, "?limit=201")).status).toBe(422);
    expect((await list(seller.token, "?limit=0")).status).toBe(422);
    expect((await list(seller.token, "?status=REFUNDED")).status).toBe(422);

    // Another company's seller sees none of them; ADMIN sees them all.
    const outsider = await signInAs("VENDEDOR", { companyId: (await createCompanyWith()).id });
    expect((await list(outsider.token)).body).toEqual([]);
    expect((await list(outsider.token, `?policy_id=${first.id}`)).body).toEqual([]);
    expect((await list(admin.token, `?policy_id=${first.id}`)).body).toHaveLength(2);
    expect((await list(await signInAs("CLIENTE").then((user) => user.token))).status).toBe(403);
  });
});

describe("POST /payments/transactions/{id}/retry", () => {
  it("retries only a FAILED transaction: 409 for PENDING and PAID", async () => {
    const { policy } = await issueTestPolicy(seller);
    const pending = await createIntent(seller.token, policy.id);
    const refusedPending = await retry(seller.token, pending.body.id);
    expect(refusedPending.status).toBe(409);
    expect(refusedPending.body.detail).toContain("PENDING");
    const paid = await api("POST", "/api/v1/payments/manual", {
      token: admin.token,
      body: { policy_id: policy.id, amount: "1.00" },
    });
    const refusedPaid = await retry(seller.token, paid.body.transaction.id);
    expect(refusedPaid.status).toBe(409);
    expect(refusedPaid.body.detail).toContain("PAID");
  });

  it("counts attempts 0 -> 1 -> 2 with a new intent and client_secret each time, then answers 422 and notifies the client once", async () => {
    const phone = "+525512345678";
    const { policy, client, transactionId } = await failedTransaction({ phone_e164: phone });
    const firstIntent = (await currentIntentOf(transactionId)).processorPaymentIntentId;
    fake().requests.length = 0;

    const one = await retry(seller.token, transactionId);
    expect(one.status, one.text).toBe(200);
    const afterOne = await currentIntentOf(transactionId);
    expect(one.body).toEqual({
      transaction_id: transactionId,
      attempt_count: 1,
      status: "PENDING",
      message: expect.any(String),
      client_secret: fake().paymentIntents.get(afterOne.processorPaymentIntentId!)!.client_secret,
    });
    expect(afterOne.processorPaymentIntentId).not.toBe(firstIntent);
    const [intentCall] = requestsTo(fake(), "POST", "/v1/payment_intents");
    expect(intentCall.body.metadata).toEqual({ policy_id: policy.id, transaction_id: transactionId });
    await expectAuditRow("PAYMENT_RETRIED", transactionId);

    await failCurrentCharge(policy.id, transactionId);
    const two = await retry(seller.token, transactionId);
    expect(two.status, two.text).toBe(200);
    expect(two.body).toMatchObject({ transaction_id: transactionId, attempt_count: 2, status: "PENDING" });
    const afterTwo = await currentIntentOf(transactionId);
    expect(afterTwo.processorPaymentIntentId).not.toBe(afterOne.processorPaymentIntentId);
    expect(two.body.client_secret).not.toBe(one.body.client_secret);
    const intentCalls = requestsTo(fake(), "POST", "/v1/payment_intents");
    expect(intentCalls).toHaveLength(2);
    expect(intentCalls[0].headers["idempotency-key"]).not.toBe(intentCalls[1].headers["idempotency-key"]);

    await failCurrentCharge(policy.id, transactionId);
    fake().requests.length = 0;
    const limit = await retry(seller.token, transactionId);
    expect(limit.status).toBe(422);
    expect(limit.body.detail).toBe(LIMIT_DETAIL);
    expect(fake().requests).toHaveLength(0);
    expect(await currentIntentOf(transactionId)).toMatchObject({ status: "FAILED", attemptCount: 2 });
    await expectAuditRow("PAYMENT_RETRY_LIMIT_REACHED", transactionId);

    const email = await notificationsFor(client.email, "payment.retry_limit");
    const message = await notificationsFor(phone, "payment.retry_limit");
    expect(email.map((row) => row.channel)).toEqual(["EMAIL"]);
    expect(message.map((row) => row.channel)).toEqual(["MESSAGING"]);
    expect(email[0].payload).toMatchObject({ policy_number: policy.policy_number, amount: policy.final_price });

    // Asking again: the same 422, and no more notices.
    const again = await retry(seller.token, transactionId);
    expect(again.status).toBe(422);
    expect(again.body.detail).toBe(LIMIT_DETAIL);
    await inProcessRunner().drain();
    expect(await notificationsFor(client.email, "payment.retry_limit")).toHaveLength(1);
    expect(await notificationsFor(phone, "payment.retry_limit")).toHaveLength(1);
    // The message went out through the messaging provider.
    expect((await notificationsFor(phone, "payment.retry_limit"))[0].status).toBe("SENT");
    expect(whatsapp.requests.filter((request) => request.body?.to === phone.slice(1))).toHaveLength(1);
  });

  it("a client without a phone still gets the message recorded, and its delivery is SKIPPED with the reason", async () => {
    const { client, transactionId } = await failedTransaction();
    await expectRetryLimit(transactionId);
    const email = await notificationsFor(client.email, "payment.retry_limit");
    expect(email).toHaveLength(1);
    const db = await getDb();
    const messages = await db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, `retry-limit:${transactionId}:messaging`));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      channel: "MESSAGING",
      recipient: "",
      template: "payment.retry_limit",
      status: "SKIPPED",
    });
    expect(messages[0].error).toBe("no recipient on record (the client has no phone number)");
  });

  it("answers 404 for another company's transaction and 403 for a CLIENTE", async () => {
    const { transactionId } = await failedTransaction();
    const outsider = await signInAs("VENDEDOR", { companyId: (await createCompanyWith()).id });
    expect((await retry(outsider.token, transactionId)).status).toBe(404);
    expect((await retry((await signInAs("CLIENTE")).token, transactionId)).status).toBe(403);
    expect((await currentIntentOf(transactionId)).attemptCount).toBe(0);
  });

  async function expectRetryLimit(transactionId: string) {
    const row = await currentIntentOf(transactionId);
    for (let attempt = 1; attempt <= 2; attempt++) {
      expect((await retry(seller.token, transactionId)).status).toBe(200);
      await failCurrentCharge(row.policyId, transactionId);
    }
    const limit = await retry(seller.token, transactionId);
    expect(limit.status).toBe(422);
    expect(limit.body.detail).toBe(LIMIT_DETAIL);
    await inProcessRunner().drain();
  }
});
