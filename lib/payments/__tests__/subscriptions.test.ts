import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { planVersions, plans, subscriptions } from "@/db/schema";
import { paymentProcessor } from "@/lib/payments/processor";
import { api } from "@/test/api";
import { createSellableVersion, expectAuditRow, issueTestPolicy, signInAs, type SignedIn } from "@/test/fixtures";
import { createCompanyWith, historyOf, policyStatus, requestsTo, withFakeStripe } from "./helpers";

// POST /payments/subscription (the spec's five steps, read from the fake's recorded requests) and
// POST /payments/subscription/cancel.

const { fake } = withFakeStripe();

let admin: SignedIn;
let seller: SignedIn;

beforeAll(async () => {
  admin = await signInAs("ADMIN");
  seller = await signInAs("VENDEDOR");
});

function subscribe(token: string, body: Record<string, unknown>) {
  return api("POST", "/api/v1/payments/subscription", { token, body });
}

function cancel(token: string, body: Record<string, unknown>) {
  return api("POST", "/api/v1/payments/subscription/cancel", { token, body });
}

/** The unix time of the next midnight (UTC) on `day` of a month, strictly after now. */
function nextAnchorDay(day: number): number {
  const now = new Date();
  const thisMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), day);
  return (thisMonth > now.getTime() ? thisMonth : Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, day)) / 1000;
}

async function localSubscriptions(policyId: string) {
  const db = await getDb();
  return db.select().from(subscriptions).where(eq(subscriptions.policyId, policyId));
}

async function planOfVersion(versionId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ plan: plans })
    .from(planVersions)
    .innerJoin(plans, eq(plans.id, planVersions.planId))
    .where(eq(planVersions.id, versionId));
  return row.plan;
}

describe("POST /payments/subscription", () => {
  it("makes the five steps at the processor and answers 201 with the local subscription", async () => {
    const { policy, client, versionId } = await issueTestPolicy(seller);
    const response = await subscribe(seller.token, {
      policy_id: policy.id,
      processor_payment_method_id: "pm_card_visa",
      billing_anchor_day: 5,
    });
    expect(response.status, response.text).toBe(201);

    // 1. the client's customer
    const [customerCall] = requestsTo(fake(), "POST", "/v1/customers");
    expect(customerCall.body).toMatchObject({ email: client.email, metadata: { client_id: client.id } });
    const customerId = [...fake().customers.keys()][0];
    // 2. the card attached to it
    const [attach] = requestsTo(fake(), "POST", "/v1/payment_methods/pm_card_visa/attach");
    expect(attach.body).toEqual({ customer: customerId });
    const attachedId = attach.reply!.body.id as string;
    expect(attachedId).toMatch(/^pm_/);
    expect(attachedId).not.toBe("pm_card_visa");
    // ... and made the customer's default
    const [setDefault] = requestsTo(fake(), "POST", `/v1/customers/${customerId}`);
    expect(setDefault.body).toEqual({ invoice_settings: { default_payment_method: attachedId } });
    // 3. the plan's price and product, made once and remembered on the plan
    const [priceCall] = requestsTo(fake(), "POST", "/v1/prices");
    expect(priceCall.body).toMatchObject({ currency: "usd", recurring: { interval: "month" } });
    const plan = await planOfVersion(versionId);
    expect(plan.processorPriceId).toBe(priceCall.reply!.body.id);
    const productId = priceCall.reply!.body.product as string;
    // 4./5. the subscription: monthly at final_price, the attached card, the anchor, no incomplete subscription
    const [create] = requestsTo(fake(), "POST", "/v1/subscriptions");
    expect(create.body).toMatchObject({
      customer: customerId,
      items: [
        { price_data: { currency: "usd", product: productId, unit_amount: "2500", recurring: { interval: "month" } } },
      ],
      default_payment_method: attachedId,
      billing_cycle_anchor: String(nextAnchorDay(5)),
      payment_behavior: "error_if_incomplete",
      metadata: { policy_id: policy.id },
    });
    expect(create.body.application_fee_percent).toBeUndefined();
    expect(create.body.transfer_data).toBeUndefined();
    // The steps in the spec's order.
    expect(fake().requests.map((request) => `${request.method} ${request.path.split("?")[0]}`)).toEqual([
      "POST /v1/customers",
      "POST /v1/payment_methods/pm_card_visa/attach",
      `POST /v1/customers/${customerId}`,
      "POST /v1/prices",
      "POST /v1/subscriptions",
    ]);

    const remote = fake().subscriptions.get(create.reply!.body.id)!;
    expect(response.body).toEqual({
      id: expect.any(String),
      policy_id: policy.id,
      processor_subscription_id: remote.id,
      status: "ACTIVE",
      billing_anchor_day: 5,
      current_period_end: new Date(nextAnchorDay(5) * 1000).toISOString(),
      cancel_at_period_end: false,
    });
    const [local] = await localSubscriptions(policy.id);
    expect(local).toMatchObject({
      id: response.body.id,
      processorSubscriptionId: remote.id,
      status: "ACTIVE",
      billingAnchorDay: 5,
    });
    await expectAuditRow("SUBSCRIPTION_CREATED", local.id);
    // The policy waits for invoice.paid.
    expect(await policyStatus(policy.id)).toBe("PENDING_PAYMENT");
  });

  it("links the plan's remembered price for the next policy of the same plan: no new price, no new product", async () => {
    const { version } = await createSellableVersion();
    const { policy: first } = await issueTestPolicy(seller, { versionId: version.id });
    const { policy: second } = await issueTestPolicy(seller, { versionId: version.id });
    expect(
      (await subscribe(seller.token, { policy_id: first.id, processor_payment_method_id: "pm_card_visa" })).status,
    ).toBe(201);
    const priceId = (await planOfVersion(version.id)).processorPriceId!;
    const productId = fake().prices.get(priceId)!.product;
    fake().requests.length = 0;

    expect(
      (await subscribe(seller.token, { policy_id: second.id, processor_payment_method_id: "pm_card_visa" })).status,
    ).toBe(201);
    expect(requestsTo(fake(), "POST", "/v1/prices")).toHaveLength(0);
    expect(requestsTo(fake(), "POST", "/v1/products")).toHaveLength(0);
    expect(requestsTo(fake(), "GET", `/v1/prices/${priceId}`)).toHaveLength(1);
    const [create] = requestsTo(fake(), "POST", "/v1/subscriptions");
    expect(create.body.items[0].price_data.product).toBe(productId);
    expect((await planOfVersion(version.id)).processorPriceId).toBe(priceId);
  });

  it("defaults billing_anchor_day to today's day of the month (at most 28)", async () => {
    const { policy } = await issueTestPolicy(seller);
    const response = await subscribe(seller.token, {
      policy_id: policy.id,
      processor_payment_method_id: "pm_card_visa",
    });
    expect(response.status, response.text).toBe(201);
    const day = Math.min(new Date().getUTCDate(), 28);
    expect(response.body.billing_anchor_day).toBe(day);
    const [create] = requestsTo(fake(), "POST", "/v1/subscriptions");
    expect(create.body.billing_cycle_anchor).toBe(String(nextAnchorDay(day)));
  });

  it("refuses billing_anchor_day 0 and 29 with 422, before any processor call", async () => {
    const { policy } = await issueTestPolicy(seller);
    for (const day of [0, 29]) {
      const response = await subscribe(seller.token, {
        policy_id: policy.id,
        processor_payment_method_id: "pm_card_visa",
        billing_anchor_day: day,
      });
      expect(response.status).toBe(422);
      expect(response.text).toContain("must be between 1 and 28");
    }
    expect(fake().requests).toHaveLength(0);
  });

  it("sends a reseller's commission_rate as application_fee_percent and its connected account as transfer destination", async () => {
    const account = await paymentProcessor().accounts.create({ type: "express" });
    const reseller = await createCompanyWith({
      is_reseller: true,
      commission_rate: "12.50",
      processor_connect_id: account.id,
    });
    const resellerSeller = await signInAs("VENDEDOR", { companyId: reseller.id });
    const { policy } = await issueTestPolicy(resellerSeller);
    const response = await subscribe(resellerSeller.token, {
      policy_id: policy.id,
      processor_payment_method_id: "pm_card_visa",
    });
    expect(response.status, response.text).toBe(201);
    const [create] = requestsTo(fake(), "POST", "/v1/subscriptions");
    expect(create.body).toMatchObject({ application_fee_percent: "12.5", transfer_data: { destination: account.id } });
    expect(fake().subscriptions.get(response.body.processor_subscription_id)).toMatchObject({
      application_fee_percent: 12.5,
      transfer_data: { destination: account.id },
    });
  });

  it("sends neither for a company that is not a reseller, even with a commission rate", async () => {
    const company = await createCompanyWith({ is_reseller: false, commission_rate: "10.00" });
    const companySeller = await signInAs("VENDEDOR", { companyId: company.id });
    const { policy } = await issueTestPolicy(companySeller);
    expect(
      (await subscribe(companySeller.token, { policy_id: policy.id, processor_payment_method_id: "pm_card_visa" }))
        .status,
    ).toBe(201);
    const [create] = requestsTo(fake(), "POST", "/v1/subscriptions");
    expect(create.body.application_fee_percent).toBeUndefined();
    expect(create.body.transfer_data).toBeUndefined();
  });

  it("a card declined on the first charge answers 402 with the processor's message and stores no subscription", async () => {
    const { policy } = await issueTestPolicy(seller);
    const response = await subscribe(seller.token, {
      policy_id: policy.id,
      processor_payment_method_id: "pm_card_chargeCustomerFail",
    });
    expect(response.status).toBe(402);
    expect(response.body.detail).toBe("card declined: Your card was declined.");
    // The card was attached (it attaches, then declines); the processor kept no subscription.
    expect(requestsTo(fake(), "POST", "/v1/payment_methods/pm_card_chargeCustomerFail/attach")).toHaveLength(1);
    expect(fake().subscriptions.size).toBe(0);
    expect(await localSubscriptions(policy.id)).toHaveLength(0);
    expect(await policyStatus(policy.id)).toBe("PENDING_PAYMENT");
  });

  it("refuses a second subscription for the same policy with 409", async () => {
    const { policy } = await issueTestPolicy(seller);
    expect(
      (await subscribe(seller.token, { policy_id: policy.id, processor_payment_method_id: "pm_card_visa" })).status,
    ).toBe(201);
    const again = await subscribe(seller.token, {
      policy_id: policy.id,
      processor_payment_method_id: "pm_card_mastercard",
    });
    expect(again.status).toBe(409);
    expect(requestsTo(fake(), "POST", "/v1/subscriptions")).toHaveLength(1);
    expect(await localSubscriptions(policy.id)).toHaveLength(1);
  });

  it("with an Idempotency-Key, a repeated request answers the first 201 and makes one subscription at the processor", async () => {
    const { policy } = await issueTestPolicy(seller);
    const body = { policy_id: policy.id, processor_payment_method_id: "pm_card_visa" };
    const headers = { "Idempotency-Key": `subscribe-${policy.id}` };
    const first = await api("POST", "/api/v1/payments/subscription", { token: seller.token, body, headers });
    const second = await api("POST", "/api/v1/payments/subscription", { token: seller.token, body, headers });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body).toEqual(first.body);
    expect(requestsTo(fake(), "POST", "/v1/subscriptions")).toHaveLength(1);
    expect(await localSubscriptions(policy.id)).toHaveLength(1);
  });

  it("refuses a CLIENTE with 403", async () => {
    const { policy } = await issueTestPolicy(seller);
    const client = await signInAs("CLIENTE");
    expect(
      (await subscribe(client.token, { policy_id: policy.id, processor_payment_method_id: "pm_card_visa" })).status,
    ).toBe(403);
  });
});

describe("POST /payments/subscription/cancel", () => {
  async function subscribedPolicy() {
    const { policy } = await issueTestPolicy(seller);
    const created = await subscribe(seller.token, {
      policy_id: policy.id,
      processor_payment_method_id: "pm_card_visa",
    });
    expect(created.status, created.text).toBe(201);
    return { policy, subscription: created.body as { id: string; processor_subscription_id: string } };
  }

  it("cancel_immediately cancels at the processor now and the policy becomes CANCELLED with its history row", async () => {
    const { policy, subscription } = await subscribedPolicy();
    const response = await cancel(admin.token, { policy_id: policy.id, cancel_immediately: true });
    expect(response.status, response.text).toBe(200);
    expect(requestsTo(fake(), "DELETE", `/v1/subscriptions/${subscription.processor_subscription_id}`)).toHaveLength(1);
    expect(response.body.subscription).toMatchObject({ id: subscription.id, status: "CANCELED" });
    expect(response.body.policy).toMatchObject({ id: policy.id, status: "CANCELLED" });
    const last = (await historyOf(policy.id)).at(-1)!;
    expect(last).toMatchObject({ fromStatus: "PENDING_PAYMENT", toStatus: "CANCELLED", changedBy: admin.user.id });
    await expectAuditRow("SUBSCRIPTION_CANCELLED", subscription.id);
  });

  it("cancel at period end sets cancel_at_period_end at the processor and leaves the policy as it is", async () => {
    const { policy, subscription } = await subscribedPolicy();
    const response = await cancel(admin.token, { policy_id: policy.id, cancel_immediately: false });
    expect(response.status, response.text).toBe(200);
    const [update] = requestsTo(fake(), "POST", `/v1/subscriptions/${subscription.processor_subscription_id}`);
    expect(update.body).toEqual({ cancel_at_period_end: "true" });
    expect(requestsTo(fake(), "DELETE", /^\/v1\/subscriptions\//)).toHaveLength(0);
    expect(response.body.subscription).toMatchObject({ status: "ACTIVE", cancel_at_period_end: true });
    expect(response.body.policy.status).toBe("PENDING_PAYMENT");
    expect(await policyStatus(policy.id)).toBe("PENDING_PAYMENT");
    expect(await historyOf(policy.id)).toHaveLength(1);
  });

  it("answers 404 when the policy has no subscription", async () => {
    const { policy } = await issueTestPolicy(seller);
    const response = await cancel(admin.token, { policy_id: policy.id, cancel_immediately: true });
    expect(response.status).toBe(404);
    expect(response.body.detail).toBe("subscription not found");
    expect(fake().requests).toHaveLength(0);
  });

  it("refuses a VENDEDOR with 403", async () => {
    const { policy } = await subscribedPolicy();
    expect((await cancel(seller.token, { policy_id: policy.id, cancel_immediately: true })).status).toBe(403);
    expect(requestsTo(fake(), "DELETE", /^\/v1\/subscriptions\//)).toHaveLength(0);
  });
});
