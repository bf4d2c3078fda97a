import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "@/test/api";
import { stripeEvent } from "@/test/fakes/stripe-events";
import { createSellableVersion, issueTestPolicy, signInAs, type SignedIn } from "@/test/fixtures";
import {
  createIntent,
  deliverAndProcess,
  intentSucceeded,
  policyStatus,
  requestsTo,
  subscribe,
  transactionsOf,
  withFakeStripe,
} from "./helpers";

// trust.md section 7: processor amounts use the currency's minor unit both ways. A premium of 12000 CLP
// is charged as 12000 (the peso has no decimals), never 1200000; what the processor reports in pesos is
// stored as pesos.

const { fake } = withFakeStripe();

let admin: SignedIn;
let seller: SignedIn;
let pesoVersion: string;

beforeEach(() => {
  vi.stubEnv("CATALOG_CURRENCIES", "CLP");
});

beforeAll(async () => {
  vi.stubEnv("CATALOG_CURRENCIES", "CLP");
  admin = await signInAs("ADMIN");
  seller = await signInAs("VENDEDOR");
  // 12000 CLP in Mexico (the test client's country), no surcharge at the test client's age.
  pesoVersion = (
    await createSellableVersion({
      currency: "CLP",
      public_price: "12000",
      cost_price: "5000",
      countries: [{ country_code: "MX" }],
      age_surcharges: [],
    })
  ).version.id;
});

async function pesoPolicy() {
  const { policy, client } = await issueTestPolicy(seller, { versionId: pesoVersion });
  expect(policy).toMatchObject({ currency: "CLP", final_price: "12000.00" });
  return { policy, client };
}

describe("a premium in CLP at the processor", () => {
  it("a payment intent asks for 12000, and its payment_intent.succeeded of 12000 pays the policy in full", async () => {
    const { policy } = await pesoPolicy();
    const intent = await createIntent(seller.token, policy.id);
    expect(intent.status, intent.text).toBe(201);
    expect(intent.body).toMatchObject({ amount: "12000.00", currency: "CLP" });
    expect(requestsTo(fake(), "POST", "/v1/payment_intents")[0].body).toMatchObject({
      amount: "12000",
      currency: "clp",
    });
    expect(fake().paymentIntents.get(intent.body.processor_payment_intent_id)!.amount).toBe(12000);

    const succeeded = intentSucceeded(policy.id, intent.body);
    Object.assign(succeeded.data.object, { currency: "clp", amount: 12000, amount_received: 12000 });
    expect((await deliverAndProcess(succeeded)).status).toBe("PROCESSED");
    expect(await policyStatus(policy.id)).toBe("ACTIVE");
  });

  it("a subscription bills 12000 a month (the plan's price too), and its first invoice is stored in pesos", async () => {
    const { policy } = await pesoPolicy();
    const subscription = await subscribe(seller.token, policy.id);
    const [price] = requestsTo(fake(), "POST", "/v1/prices");
    expect(price.body).toMatchObject({ currency: "clp", unit_amount: "12000" });
    const [created] = requestsTo(fake(), "POST", "/v1/subscriptions");
    expect(created.body.items[0].price_data).toMatchObject({ currency: "clp", unit_amount: "12000" });

    const first = [...fake().invoices.values()].find(
      (invoice) => invoice.parent?.subscription_details?.subscription === subscription,
    )!;
    expect(first.currency).toBe("clp");
    expect(first.amount_paid).toBeLessThan(12000);
    expect((await deliverAndProcess(stripeEvent("invoice.paid", first))).status).toBe("PROCESSED");
    expect(await policyStatus(policy.id)).toBe("ACTIVE");
    // 11600 at the processor is 11600 pesos here, not 116.
    expect((await transactionsOf(policy.id)).map((row) => [row.kind, row.amount, row.currency])).toEqual([
      ["INVOICE", `${first.amount_paid}.00`, "CLP"],
    ]);
  });

  it("a manual payment in CLP with decimals is refused (422 on amount); a whole one is taken", async () => {
    const { policy } = await pesoPolicy();
    const refused = await api("POST", "/api/v1/payments/manual", {
      token: admin.token,
      body: { policy_id: policy.id, amount: "11999.50" },
    });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body.errors).toEqual([
      { path: "amount", message: "must be a whole amount of CLP", code: "not_whole_amount" },
    ]);
    expect(await transactionsOf(policy.id)).toHaveLength(0);
    const taken = await api("POST", "/api/v1/payments/manual", {
      token: admin.token,
      body: { policy_id: policy.id, amount: "12000" },
    });
    expect(taken.status, taken.text).toBe(201);
    expect(taken.body.policy.status).toBe("ACTIVE");
  });
});
