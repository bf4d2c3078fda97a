import { beforeAll, describe, expect, it, vi } from "vitest";
import { api } from "@/test/api";
import { expectAuditRow, issueTestPolicy, signInAs, type SignedIn } from "@/test/fixtures";
import { historyOf, policyStatus, setPolicyState, transactionsOf } from "./helpers";

// POST /payments/manual: money received outside the processor. No Stripe key is set in this file: manual
// payments need none.

let admin: SignedIn;
let seller: SignedIn;

beforeAll(async () => {
  vi.stubEnv("STRIPE_SECRET_KEY", undefined);
  admin = await signInAs("ADMIN");
  seller = await signInAs("VENDEDOR");
});

function pay(token: string, body: Record<string, unknown>) {
  return api("POST", "/api/v1/payments/manual", { token, body });
}

describe("POST /payments/manual", () => {
  it("answers 201 {transaction, policy} with a PAID transaction, and audits PAYMENT_RECORDED", async () => {
    const { policy } = await issueTestPolicy(seller);
    expect(policy.final_price).toBe("25.00");
    const response = await pay(admin.token, {
      policy_id: policy.id,
      amount: "25.00",
      reference: "bank transfer 881",
      paid_at: "2026-01-15T10:00:00Z",
    });
    expect(response.status, response.text).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(["policy", "transaction"]);
    expect(response.body.transaction).toMatchObject({
      policy_id: policy.id,
      kind: "MANUAL",
      status: "PAID",
      amount: "25.00",
      currency: "USD",
      reference: "bank transfer 881",
      paid_at: "2026-01-15T10:00:00.000Z",
      processor_payment_intent_id: null,
    });
    expect(response.body.policy).toMatchObject({ id: policy.id, status: "ACTIVE" });
    const audit = await expectAuditRow("PAYMENT_RECORDED", response.body.transaction.id);
    expect(audit.details).toMatchObject({ policy_id: policy.id, amount: "25.00", currency: "USD" });
  });

  it("adds payments up: 10 then 15 of 25 makes the policy ACTIVE on the second only, with one history row by the admin", async () => {
    const { policy } = await issueTestPolicy(seller);
    const first = await pay(admin.token, { policy_id: policy.id, amount: 10 });
    expect(first.status, first.text).toBe(201);
    expect(first.body.transaction.amount).toBe("10.00");
    expect(first.body.policy.status).toBe("PENDING_PAYMENT");
    expect((await historyOf(policy.id)).map((row) => row.toStatus)).toEqual(["PENDING_PAYMENT"]);

    const second = await pay(admin.token, { policy_id: policy.id, amount: "15" });
    expect(second.status, second.text).toBe(201);
    expect(second.body.policy.status).toBe("ACTIVE");
    const history = await historyOf(policy.id);
    expect(history.map((row) => [row.fromStatus, row.toStatus])).toEqual([
      [null, "PENDING_PAYMENT"],
      ["PENDING_PAYMENT", "ACTIVE"],
    ]);
    expect(history[1].changedBy).toBe(admin.user.id);
    expect((await transactionsOf(policy.id)).map((row) => [row.amount, row.status])).toEqual([
      ["10.00", "PAID"],
      ["15.00", "PAID"],
    ]);

    // An ACTIVE policy is paid ahead: money short of a premium waits as credit.
    const ahead = await pay(admin.token, { policy_id: policy.id, amount: "1.00" });
    expect(ahead.status, ahead.text).toBe(201);
    expect(ahead.body.policy).toMatchObject({ status: "ACTIVE", credit: "1.00" });
  });

  it("refuses a currency other than the policy's with 422 and stores nothing", async () => {
    const { policy } = await issueTestPolicy(seller);
    const response = await pay(admin.token, { policy_id: policy.id, amount: "25.00", currency: "EUR" });
    expect(response.status).toBe(422);
    expect(response.body.detail).toBe("the policy is paid in USD, not EUR");
    expect(await transactionsOf(policy.id)).toHaveLength(0);
    expect(await policyStatus(policy.id)).toBe("PENDING_PAYMENT");
  });

  it("refuses an amount of 0 or below with 422", async () => {
    const { policy } = await issueTestPolicy(seller);
    expect((await pay(admin.token, { policy_id: policy.id, amount: 0 })).status).toBe(422);
    expect((await pay(admin.token, { policy_id: policy.id, amount: "-5.00" })).status).toBe(422);
    expect(await transactionsOf(policy.id)).toHaveLength(0);
  });

  it("refuses a CANCELLED policy with 409", async () => {
    const { policy } = await issueTestPolicy(seller);
    await setPolicyState(policy.id, { status: "CANCELLED" });
    const response = await pay(admin.token, { policy_id: policy.id, amount: "25.00" });
    expect(response.status).toBe(409);
    expect(response.body.detail).toContain("CANCELLED");
    expect(await transactionsOf(policy.id)).toHaveLength(0);
  });

  it("with an Idempotency-Key, a repeated payment is recorded once and answers the same; another body with the key 409", async () => {
    const { policy } = await issueTestPolicy(seller);
    const key = `manual-${policy.id}`;
    const body = { policy_id: policy.id, amount: "10.00", reference: "cash 17" };
    const first = await api("POST", "/api/v1/payments/manual", {
      token: admin.token,
      body,
      headers: { "Idempotency-Key": key },
    });
    const second = await api("POST", "/api/v1/payments/manual", {
      token: admin.token,
      body,
      headers: { "Idempotency-Key": key },
    });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body).toEqual(first.body);
    expect(await transactionsOf(policy.id)).toHaveLength(1);
    const other = await api("POST", "/api/v1/payments/manual", {
      token: admin.token,
      body: { ...body, amount: "15.00" },
      headers: { "Idempotency-Key": key },
    });
    expect(other.status).toBe(409);
    expect(await transactionsOf(policy.id)).toHaveLength(1);
  });

  it("refuses a VENDEDOR with 403", async () => {
    const { policy } = await issueTestPolicy(seller);
    expect((await pay(seller.token, { policy_id: policy.id, amount: "25.00" })).status).toBe(403);
    expect(await transactionsOf(policy.id)).toHaveLength(0);
  });
});
