import { beforeAll, describe, expect, it, vi } from "vitest";
import { monthEnd } from "@/lib/emission/premium-dates";
import { api } from "@/test/api";
import { createTestCompany, dateFromToday, issueTestPolicy, signInAs, type SignedIn } from "@/test/fixtures";
import {
  deliverAndProcess,
  historyOf,
  intentSucceeded,
  policyStatus,
  requestsTo,
  setPolicyState,
  transactionsOf,
  withFakeStripe,
} from "./helpers";

// POST /portal/policies/{id}/pay (lifecycle.md section 10): a client pays its own policy by card, for
// what is due today, or one premium when nothing is.

const { fake } = withFakeStripe();

let seller: SignedIn;

beforeAll(async () => {
  seller = await signInAs("VENDEDOR");
});

/** A policy of a new client, and that client signed in to the portal. */
async function ownPolicy() {
  const issued = await issueTestPolicy(seller);
  const holder = await signInAs("CLIENTE", { email: issued.client.email });
  return { ...issued, holder };
}

/** The processor's word that the policy's (only) card payment succeeded, delivered and processed. */
async function confirmOwnPayment(policyId: string) {
  const [transaction] = await transactionsOf(policyId);
  const intentId = transaction.processorPaymentIntentId!;
  const payment = { id: transaction.id, processor_payment_intent_id: intentId, amount: transaction.amount };
  await deliverAndProcess(intentSucceeded(policyId, payment));
}

function payOwn(policyId: string, token?: string) {
  return api("POST", `/api/v1/portal/policies/${policyId}/pay`, { token });
}

describe("POST /portal/policies/{id}/pay", () => {
  it("answers 201 {client_secret, amount, currency} with one premium when nothing is due, and a PENDING intent", async () => {
    const { policy, holder } = await ownPolicy();
    const response = await payOwn(policy.id, holder.token);
    expect(response.status, response.text).toBe(201);
    expect(response.body).toEqual({
      client_secret: expect.stringMatching(/_secret_/),
      amount: "25.00",
      currency: "USD",
    });
    const intents = requestsTo(fake(), "POST", "/v1/payment_intents");
    expect(intents).toHaveLength(1);
    expect(intents[0].body).toMatchObject({ amount: "2500", currency: "usd" });
    const [transaction] = await transactionsOf(policy.id);
    expect(transaction).toMatchObject({ kind: "INTENT", status: "PENDING", amount: "25.00" });
  });

  it("asks for the arrears amount (less credit) of a policy in arrears, and its success makes it ACTIVE", async () => {
    const { policy, holder } = await ownPolicy();
    const start = dateFromToday(-70);
    await setPolicyState(policy.id, {
      status: "IN_ARREARS",
      startDate: start,
      paidToDate: monthEnd(start, 1),
      credit: "5.00",
    });
    const response = await payOwn(policy.id, holder.token);
    expect(response.status, response.text).toBe(201);
    expect(response.body.amount).toBe("45.00");

    await confirmOwnPayment(policy.id);
    expect(await policyStatus(policy.id)).toBe("ACTIVE");
    expect((await historyOf(policy.id)).at(-1)).toMatchObject({ fromStatus: "IN_ARREARS", toStatus: "ACTIVE" });
  });

  it("reinstates a LAPSED policy inside its window, and refuses one whose window has closed with 409", async () => {
    const { policy, holder } = await ownPolicy();
    const start = dateFromToday(-70);
    await setPolicyState(policy.id, {
      status: "LAPSED",
      startDate: start,
      paidToDate: monthEnd(start, 1),
      lapsedOn: dateFromToday(-3),
    });
    const response = await payOwn(policy.id, holder.token);
    expect(response.status, response.text).toBe(201);
    expect(response.body.amount).toBe("50.00");
    await confirmOwnPayment(policy.id);
    expect((await historyOf(policy.id)).at(-1)).toMatchObject({ toStatus: "ACTIVE", reason: "reinstated" });

    const closed = await ownPolicy();
    const lapsedOn = dateFromToday(-120);
    await setPolicyState(closed.policy.id, { status: "LAPSED", lapsedOn });
    const refused = await payOwn(closed.policy.id, closed.holder.token);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(`policy lapsed on ${lapsedOn} and can no longer be reinstated`);
  });

  it("refuses a CANCELLED policy with 409 naming its status, creating no intent", async () => {
    const { policy, holder } = await ownPolicy();
    await setPolicyState(policy.id, { status: "CANCELLED" });
    const refused = await payOwn(policy.id, holder.token);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain("a CANCELLED policy takes no payment");
    expect(requestsTo(fake(), "POST", "/v1/payment_intents")).toHaveLength(0);
  });

  it("answers 404 for another client's policy, even to staff who may read it, 403 without portal:read and 401 without credentials", async () => {
    const { policy } = await ownPolicy();
    const otherClient = await signInAs("CLIENTE");
    const notOwn = await payOwn(policy.id, otherClient.token);
    expect(notOwn.status).toBe(404);
    expect(notOwn.body.detail).toBe("policy not found");
    expect((await payOwn(policy.id, (await signInAs("ADMIN")).token)).status).toBe(404);
    const outsider = await signInAs("VENDEDOR", { companyId: (await createTestCompany()).id });
    expect((await payOwn(policy.id, outsider.token)).status).toBe(403);
    expect((await payOwn(policy.id)).status).toBe(401);
    expect(await transactionsOf(policy.id)).toHaveLength(0);
  });

  it("answers 503 {detail} when card payments are not configured", async () => {
    const { policy, holder } = await ownPolicy();
    vi.stubEnv("STRIPE_SECRET_KEY", undefined);
    const response = await payOwn(policy.id, holder.token);
    expect(response.status).toBe(503);
    expect(response.body.detail).toBe("card payments are not configured");
  });
});
