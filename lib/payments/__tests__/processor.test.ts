import Stripe from "stripe";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { api } from "@/test/api";
import { GARBAGE_REPLY } from "@/test/fakes/http-server";
import { issueTestPolicy, signInAs, type SignedIn } from "@/test/fixtures";
import {
  createCompanyWith,
  createIntent,
  deliverAndProcess,
  intentFailed,
  payInFull,
  requestsTo,
  withFakeStripe,
} from "./helpers";

// The processor as the outside world: no key (503 on every card endpoint, manual payments still work),
// the pinned API version on every request, a processor that fails (502 after the SDK's one retry) and
// one that does not answer (504 within OUTBOUND_TIMEOUT_MS).

const { fake } = withFakeStripe();
const NOT_CONFIGURED = { detail: "card payments are not configured" };

let admin: SignedIn;
let seller: SignedIn;

beforeAll(async () => {
  admin = await signInAs("ADMIN");
  seller = await signInAs("VENDEDOR");
});

describe("without STRIPE_SECRET_KEY", () => {
  it("answers 503 on every card endpoint and asks nothing of the processor", async () => {
    const { policy } = await issueTestPolicy(seller);
    // A FAILED transaction below the retry limit, made while the key was there.
    const intent = await createIntent(seller.token, policy.id);
    expect(intent.status).toBe(201);
    await deliverAndProcess(intentFailed(policy.id, intent.body));
    const reseller = await createCompanyWith({ is_reseller: true });
    const resellerSeller = await signInAs("VENDEDOR", { companyId: reseller.id });
    fake().reset();

    vi.stubEnv("STRIPE_SECRET_KEY", undefined);
    const calls = [
      await createIntent(seller.token, policy.id),
      await api("POST", "/api/v1/payments/subscription", {
        token: seller.token,
        body: { policy_id: policy.id, processor_payment_method_id: "pm_card_visa" },
      }),
      await api("POST", "/api/v1/payments/subscription/cancel", {
        token: admin.token,
        body: { policy_id: policy.id, cancel_immediately: true },
      }),
      await api("POST", `/api/v1/payments/transactions/${intent.body.id}/retry`, { token: seller.token }),
      await api("POST", "/api/v1/payments/connect/onboarding", { token: resellerSeller.token }),
    ];
    for (const response of calls) {
      expect(response.status, response.text).toBe(503);
      expect(response.body.detail).toBe(NOT_CONFIGURED.detail);
    }
    expect(fake().requests).toHaveLength(0);
  });

  it("still records manual payments, and the policy becomes ACTIVE", async () => {
    vi.stubEnv("STRIPE_SECRET_KEY", undefined);
    const { policy } = await issueTestPolicy(seller);
    const paid = await payInFull(admin, policy);
    expect(paid.transaction).toMatchObject({ kind: "MANUAL", status: "PAID", amount: policy.final_price });
    expect(fake().requests).toHaveLength(0);
  });
});

describe("requests to the processor", () => {
  it("carry the pinned Stripe-Version, the secret key and an idempotency key", async () => {
    const { policy } = await issueTestPolicy(seller);
    expect((await createIntent(seller.token, policy.id)).status).toBe(201);
    expect(fake().requests.length).toBeGreaterThanOrEqual(2);
    for (const request of fake().requests) {
      expect(request.headers["stripe-version"]).toBe(Stripe.API_VERSION);
      expect(request.headers.authorization).toBe("Bearer sk_test_x");
      expect(request.headers["idempotency-key"]).toEqual(expect.any(String));
    }
  });

  it("a processor that answers 500 is tried twice (the SDK's retry), then 502, and nothing is stored", async () => {
    const { policy } = await issueTestPolicy(seller);
    fake().failAlways();
    const response = await createIntent(seller.token, policy.id);
    expect(response.status).toBe(502);
    expect(response.body.detail).toBe("the card processor refused the request");
    // The customer call is the first; the SDK sends it once more before giving up.
    expect(requestsTo(fake(), "POST", "/v1/customers")).toHaveLength(2);
    const list = await api("GET", `/api/v1/payments/transactions?policy_id=${policy.id}`, { token: seller.token });
    expect(list.body).toEqual([]);
  });

  it("a processor that fails once is retried by the SDK with the same idempotency key, and the call succeeds", async () => {
    const { policy } = await issueTestPolicy(seller);
    fake().failNext(1);
    const response = await createIntent(seller.token, policy.id);
    expect(response.status, response.text).toBe(201);
    const customerCalls = requestsTo(fake(), "POST", "/v1/customers");
    expect(customerCalls).toHaveLength(2);
    expect(customerCalls[0].headers["idempotency-key"]).toBe(customerCalls[1].headers["idempotency-key"]);
  });

  it("a processor that does not answer gives 504 within the time limit (OUTBOUND_TIMEOUT_MS)", async () => {
    vi.stubEnv("OUTBOUND_TIMEOUT_MS", "300");
    const { policy } = await issueTestPolicy(seller);
    fake().hang(5_000);
    const started = Date.now();
    const response = await createIntent(seller.token, policy.id);
    const elapsed = Date.now() - started;
    expect(response.status).toBe(504);
    expect(response.body.detail).toBe("the card processor did not answer in time; try again");
    // Two attempts of 300 ms and the SDK's back-off, far below the 5 s the fake would hold its answer.
    expect(elapsed).toBeLessThan(4_000);
    expect(requestsTo(fake(), "POST", "/v1/customers")).toHaveLength(2);
    vi.stubEnv("OUTBOUND_TIMEOUT_MS", undefined);
  });

  it.each([
    ["a page that is not JSON", GARBAGE_REPLY],
    ["JSON that is not a Stripe object", { status: 200, body: { unexpected: true } }],
  ])("a processor that answers %s gives 502, and nothing is stored", async (_, reply) => {
    const { policy } = await issueTestPolicy(seller);
    fake().failAlways(reply);
    const response = await createIntent(seller.token, policy.id);
    expect(response.status, response.text).toBe(502);
    expect(response.body.detail).toEqual(expect.any(String));
    const list = await api("GET", `/api/v1/payments/transactions?policy_id=${policy.id}`, { token: seller.token });
    expect(list.body).toEqual([]);
    // The processor answering again, the same payment goes through: nothing half-made stands in its way.
    fake().reset();
    const retried = await createIntent(seller.token, policy.id);
    expect(retried.status, retried.text).toBe(201);
    expect(retried.body.processor_payment_intent_id).toMatch(/^pi_/);
  });
});
