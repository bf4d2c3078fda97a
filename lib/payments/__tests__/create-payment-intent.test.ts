import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { clients } from "@/db/schema";
import { issueTestPolicy, signInAs, type SignedIn } from "@/test/fixtures";
import {
  createCompanyWith,
  createIntent,
  payInFull,
  requestsTo,
  setPolicyState,
  transactionsOf,
  transition,
  withFakeStripe,
} from "./helpers";

// POST /payments/intent: a PENDING transaction of the premium and the processor's intent, through the
// real SDK against the fake.

const { fake } = withFakeStripe();

let admin: SignedIn;
let seller: SignedIn;

beforeAll(async () => {
  admin = await signInAs("ADMIN");
  seller = await signInAs("VENDEDOR");
});

describe("POST /payments/intent", () => {
  it("answers 201 a PENDING transaction of final_price with the client_secret, the intent naming the policy and transaction", async () => {
    const { policy, client } = await issueTestPolicy(seller);
    const response = await createIntent(seller.token, policy.id);
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({
      policy_id: policy.id,
      kind: "INTENT",
      status: "PENDING",
      amount: policy.final_price,
      currency: "USD",
      attempt_count: 0,
      paid_at: null,
    });
    const intentId = response.body.processor_payment_intent_id as string;
    expect(intentId).toMatch(/^pi_/);
    const stored = fake().paymentIntents.get(intentId)!;
    expect(response.body.client_secret).toBe(stored.client_secret);

    const [create] = requestsTo(fake(), "POST", "/v1/payment_intents");
    expect(create.body).toMatchObject({
      amount: String(Math.round(Number(policy.final_price) * 100)),
      currency: "usd",
      metadata: { policy_id: policy.id, transaction_id: response.body.id },
    });
    expect(create.body.setup_future_usage).toBeUndefined();
    expect(create.body.payment_method).toBeUndefined();
    // The intent is for the client's customer, made with the client's e-mail.
    const [customer] = requestsTo(fake(), "POST", "/v1/customers");
    expect(customer.body).toMatchObject({ email: client.email, metadata: { client_id: client.id } });
    expect(create.body.customer).toBe(fake().customers.values().next().value!.id);

    const [transaction] = await transactionsOf(policy.id);
    expect(transaction).toMatchObject({ id: response.body.id, status: "PENDING", processorPaymentIntentId: intentId });
  });

  it("save_payment_method sets setup_future_usage off_session, and payment_method_id is passed on", async () => {
    const { policy } = await issueTestPolicy(seller);
    const response = await createIntent(seller.token, policy.id, {
      payment_method_id: "pm_card_visa",
      save_payment_method: true,
    });
    expect(response.status, response.text).toBe(201);
    const [create] = requestsTo(fake(), "POST", "/v1/payment_intents");
    expect(create.body).toMatchObject({ setup_future_usage: "off_session", payment_method: "pm_card_visa" });
  });

  it("makes the client's processor customer once and remembers it: a second intent asks for no new customer", async () => {
    const { policy, client } = await issueTestPolicy(seller);
    expect((await createIntent(seller.token, policy.id)).status).toBe(201);
    expect((await createIntent(seller.token, policy.id)).status).toBe(201);
    expect(requestsTo(fake(), "POST", "/v1/customers")).toHaveLength(1);
    const intents = requestsTo(fake(), "POST", "/v1/payment_intents");
    expect(intents).toHaveLength(2);
    const db = await getDb();
    const [row] = await db
      .select({ customer: clients.processorCustomerId })
      .from(clients)
      .where(eq(clients.id, client.id));
    expect(row.customer).toMatch(/^cus_/);
    expect(intents.map((request) => request.body.customer)).toEqual([row.customer, row.customer]);
  });

  it("takes payment for an ACTIVE policy (paying ahead) and an IN_ARREARS one, and refuses a CANCELLED one with 409", async () => {
    const { policy: active } = await issueTestPolicy(seller);
    await payInFull(admin, active);
    expect((await createIntent(seller.token, active.id)).status).toBe(201);

    const { policy: cancelled } = await issueTestPolicy(seller);
    await setPolicyState(cancelled.id, { status: "CANCELLED" });
    const refusedCancelled = await createIntent(seller.token, cancelled.id);
    expect(refusedCancelled.status).toBe(409);
    expect(refusedCancelled.body.detail).toBe(
      "a CANCELLED policy takes no payment; only PENDING_PAYMENT, PAID_FAILED, ACTIVE, IN_ARREARS, LAPSED policies do",
    );

    await transition(admin, active.id, "IN_ARREARS");
    expect((await createIntent(seller.token, active.id)).status).toBe(201);
    expect(requestsTo(fake(), "POST", "/v1/payment_intents")).toHaveLength(2);
  });

  it("answers 422 for a payment method the processor does not know, storing nothing", async () => {
    const { policy } = await issueTestPolicy(seller);
    const response = await createIntent(seller.token, policy.id, { payment_method_id: "pm_never_made" });
    expect(response.status, response.text).toBe(422);
    expect(response.body.detail).toBe("the card processor knows no such payment method");
    expect(await transactionsOf(policy.id)).toEqual([]);
  });

  it("answers 404 for a policy out of the caller's scope (another company's seller) and for an unknown one", async () => {
    const { policy } = await issueTestPolicy(seller);
    const other = await createCompanyWith();
    const outsider = await signInAs("VENDEDOR", { companyId: other.id });
    const response = await createIntent(outsider.token, policy.id);
    expect(response.status).toBe(404);
    expect(response.body.detail).toBe("policy not found");
    expect((await createIntent(seller.token, randomUUID())).status).toBe(404);
    expect(requestsTo(fake(), "POST", "/v1/payment_intents")).toHaveLength(0);
  });

  it("refuses a CLIENTE with 403", async () => {
    const { policy } = await issueTestPolicy(seller);
    const client = await signInAs("CLIENTE");
    expect((await createIntent(client.token, policy.id)).status).toBe(403);
  });

  it("with an Idempotency-Key, a repeated request replays the first answer: one transaction, one processor intent", async () => {
    const { policy } = await issueTestPolicy(seller);
    const key = randomUUID();
    const first = await createIntent(seller.token, policy.id, {}, { "Idempotency-Key": key });
    const second = await createIntent(seller.token, policy.id, {}, { "Idempotency-Key": key });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await transactionsOf(policy.id)).toHaveLength(1);
    expect(requestsTo(fake(), "POST", "/v1/payment_intents")).toHaveLength(1);

    const otherBody = await createIntent(
      seller.token,
      policy.id,
      { save_payment_method: true },
      { "Idempotency-Key": key },
    );
    expect(otherBody.status).toBe(409);
  });
});
