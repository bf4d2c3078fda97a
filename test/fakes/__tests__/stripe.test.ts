import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { signStripePayload, stripeEvent } from "@/test/fakes/stripe-events";
import { startFakeStripe, type FakeStripe } from "@/test/fakes/stripe";
import { GENERIC_DECLINE, stripeInvoice, stripePaymentIntent, stripeSubscription } from "@/test/fakes/stripe-objects";

// The fake Stripe driven through the real SDK, configured the way lib/payments configures it.

let fake: FakeStripe;
let stripe: Stripe;

function client(apiKey = "sk_test_fake", options: { timeout?: number; maxNetworkRetries?: number } = {}): Stripe {
  const base = new URL(fake.url);
  return new Stripe(apiKey, {
    apiVersion: Stripe.API_VERSION,
    host: base.hostname,
    port: Number(base.port),
    protocol: "http",
    timeout: options.timeout ?? 10_000,
    maxNetworkRetries: options.maxNetworkRetries ?? 1,
  });
}

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = client();
});

afterEach(() => fake.reset());

afterAll(() => fake.close());

async function customerWithCard(card = "pm_card_visa") {
  const customer = await stripe.customers.create({ email: "ana@example.com", metadata: { client_id: "c1" } });
  const paymentMethod = await stripe.paymentMethods.attach(card, { customer: customer.id });
  return { customer, paymentMethod };
}

async function yearlyPriceData(unitAmount = 120_00) {
  const product = await stripe.products.create({ name: "Life policy" });
  return { currency: "usd", product: product.id, unit_amount: unitAmount, recurring: { interval: "year" as const } };
}

describe("customers and payment methods", () => {
  it("creates, retrieves and updates a customer, recording the parsed form body and the headers", async () => {
    const created = await stripe.customers.create({
      email: "ana@example.com",
      name: "Ana",
      metadata: { client_id: "c1" },
    });
    expect(created).toMatchObject({
      object: "customer",
      email: "ana@example.com",
      livemode: false,
      metadata: { client_id: "c1" },
    });
    expect(created.id).toMatch(/^cus_\w+$/);
    expect(created.created).toBeCloseTo(Date.now() / 1000, -1);

    const [request] = fake.requests;
    expect(request).toMatchObject({
      method: "POST",
      path: "/v1/customers",
      body: { email: "ana@example.com", metadata: { client_id: "c1" } },
    });
    expect(request.headers.authorization).toBe("Bearer sk_test_fake");
    expect(request.headers["stripe-version"]).toBe(Stripe.API_VERSION);
    expect(request.headers["idempotency-key"]).toEqual(expect.any(String));

    expect(await stripe.customers.retrieve(created.id)).toEqual(created);

    const paymentMethod = await stripe.paymentMethods.attach("pm_card_visa", { customer: created.id });
    const updated = await stripe.customers.update(created.id, {
      invoice_settings: { default_payment_method: paymentMethod.id },
      metadata: { policy_id: "p1" },
    });
    expect(updated.invoice_settings.default_payment_method).toBe(paymentMethod.id);
    expect(updated.metadata).toEqual({ client_id: "c1", policy_id: "p1" });
  });

  it("answers 404 resource_missing for an unknown customer", async () => {
    const retrieving = stripe.customers.retrieve("cus_missing");
    await expect(retrieving).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(retrieving).rejects.toMatchObject({
      statusCode: 404,
      code: "resource_missing",
      message: "No such customer: 'cus_missing'",
    });
  });

  it("attaches a test card as a new PaymentMethod of the customer", async () => {
    const { customer, paymentMethod } = await customerWithCard();
    expect(paymentMethod.id).toMatch(/^pm_\w+$/);
    expect(paymentMethod).toMatchObject({
      object: "payment_method",
      type: "card",
      customer: customer.id,
      card: { brand: "visa", last4: "4242" },
    });
    expect(fake.paymentMethods.get(paymentMethod.id)?.customer).toBe(customer.id);
  });

  it("refuses an invoice default that is not attached to the customer", async () => {
    const customer = await stripe.customers.create({});
    await expect(
      stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: "pm_card_visa" } }),
    ).rejects.toMatchObject({
      statusCode: 400,
      param: "invoice_settings[default_payment_method]",
    });
  });
});

describe("payment intents", () => {
  it("creates an intent to confirm on the client, with its client_secret, and retrieves it", async () => {
    const customer = await stripe.customers.create({});
    const intent = await stripe.paymentIntents.create({
      amount: 250_00,
      currency: "usd",
      customer: customer.id,
      setup_future_usage: "off_session",
      automatic_payment_methods: { enabled: true },
      metadata: { policy_id: "p1" },
    });
    expect(intent).toMatchObject({
      object: "payment_intent",
      status: "requires_payment_method",
      amount: 250_00,
      metadata: { policy_id: "p1" },
    });
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_\\w+$`));
    expect(fake.requests[1].body).toMatchObject({ amount: "25000", automatic_payment_methods: { enabled: "true" } });
    expect(await stripe.paymentIntents.retrieve(intent.id)).toEqual(intent);
  });

  it("charges a good card at once and raises StripeCardError for a declining one", async () => {
    const paid = await stripe.paymentIntents.create({
      amount: 100_00,
      currency: "usd",
      payment_method: "pm_card_visa",
      confirm: true,
    });
    expect(paid).toMatchObject({ status: "succeeded", amount_received: 100_00 });

    const declining = stripe.paymentIntents.create({
      amount: 100_00,
      currency: "usd",
      payment_method: "pm_card_chargeDeclined",
      confirm: true,
    });
    await expect(declining).rejects.toBeInstanceOf(Stripe.errors.StripeCardError);
    await expect(declining).rejects.toMatchObject({
      statusCode: 402,
      code: "card_declined",
      decline_code: "generic_decline",
      message: "Your card was declined.",
    });
  });
});

describe("subscriptions", () => {
  it("starts an active subscription whose items carry the period, its first invoice paid", async () => {
    const { customer, paymentMethod } = await customerWithCard();
    const account = await stripe.accounts.create({ type: "express" });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price_data: await yearlyPriceData() }],
      default_payment_method: paymentMethod.id,
      payment_behavior: "error_if_incomplete",
      application_fee_percent: 12.5,
      transfer_data: { destination: account.id },
      metadata: { policy_id: "p1" },
      expand: ["latest_invoice.payments"],
    });

    expect(subscription).toMatchObject({
      object: "subscription",
      status: "active",
      customer: customer.id,
      metadata: { policy_id: "p1" },
    });
    expect(subscription).toMatchObject({ application_fee_percent: 12.5, transfer_data: { destination: account.id } });
    const [item] = subscription.items.data;
    expect(item).toMatchObject({
      object: "subscription_item",
      subscription: subscription.id,
      price: { unit_amount: 120_00, recurring: { interval: "year" } },
    });
    const start = new Date(item.current_period_start * 1000);
    expect(new Date(item.current_period_end * 1000)).toEqual(
      new Date(start.setUTCFullYear(start.getUTCFullYear() + 1)),
    );

    const invoice = subscription.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      object: "invoice",
      status: "paid",
      amount_paid: 120_00,
      billing_reason: "subscription_create",
    });
    expect(invoice.parent?.subscription_details).toEqual({
      subscription: subscription.id,
      metadata: { policy_id: "p1" },
    });
    const intentId = invoice.payments?.data[0].payment.payment_intent as string;
    expect(fake.paymentIntents.get(intentId)?.status).toBe("succeeded");

    expect(fake.requests.at(-1)?.body).toMatchObject({
      items: [{ price_data: { recurring: { interval: "year" }, unit_amount: "12000" } }],
      expand: ["latest_invoice.payments"],
    });
    expect(fake.subscriptions.get(subscription.id)?.latest_invoice).toBe(invoice.id);
  });

  it("answers 402 and keeps nothing when the first charge is declined with error_if_incomplete", async () => {
    const { customer, paymentMethod } = await customerWithCard("pm_card_visa_chargeDeclined");
    const creating = stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price_data: await yearlyPriceData() }],
      default_payment_method: paymentMethod.id,
      payment_behavior: "error_if_incomplete",
    });
    await expect(creating).rejects.toBeInstanceOf(Stripe.errors.StripeCardError);
    await expect(creating).rejects.toMatchObject({
      statusCode: 402,
      type: "StripeCardError",
      message: "Your card was declined.",
    });
    expect(fake.subscriptions.size).toBe(0);
  });

  it("keeps an incomplete subscription with an open invoice when a charge is declined under the default payment_behavior", async () => {
    const { customer, paymentMethod } = await customerWithCard("pm_card_chargeDeclined");
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price_data: await yearlyPriceData() }],
      default_payment_method: paymentMethod.id,
      expand: ["latest_invoice"],
    });
    expect(subscription.status).toBe("incomplete");
    expect(subscription.latest_invoice).toMatchObject({ status: "open", attempted: true, amount_remaining: 120_00 });
  });

  it("charges nothing before a billing anchor without prorations, and ends the first period there", async () => {
    const { customer } = await customerWithCard();
    const paymentMethod = await stripe.paymentMethods.attach("pm_card_chargeDeclined", { customer: customer.id });
    const anchor = Math.floor(Date.now() / 1000) + 10 * 24 * 3600;
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price_data: await yearlyPriceData() }],
      default_payment_method: paymentMethod.id,
      billing_cycle_anchor: anchor,
      proration_behavior: "none",
      payment_behavior: "error_if_incomplete",
      expand: ["latest_invoice"],
    });
    expect(subscription).toMatchObject({
      status: "active",
      billing_cycle_anchor: anchor,
      latest_invoice: { status: "paid", amount_due: 0 },
    });
    expect(subscription.items.data[0].current_period_end).toBe(anchor);
  });

  it("refuses to expand what this API version does not have", async () => {
    const { customer, paymentMethod } = await customerWithCard();
    const creating = stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price_data: await yearlyPriceData() }],
      default_payment_method: paymentMethod.id,
      expand: ["latest_invoice.payment_intent"],
    });
    await expect(creating).rejects.toMatchObject({
      statusCode: 400,
      message: "This property cannot be expanded (payment_intent).",
    });
  });

  it("cancels at the period end, or at once", async () => {
    const { customer, paymentMethod } = await customerWithCard();
    const price = await stripe.prices.create(await yearlyPriceData());
    expect(await stripe.prices.retrieve(price.id, { expand: ["product"] })).toMatchObject({
      product: { object: "product", name: "Life policy" },
    });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      default_payment_method: paymentMethod.id,
    });

    const atPeriodEnd = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(atPeriodEnd).toMatchObject({
      status: "active",
      cancel_at_period_end: true,
      cancel_at: subscription.items.data[0].current_period_end,
    });

    const canceled = await stripe.subscriptions.cancel(subscription.id);
    expect(canceled).toMatchObject({ status: "canceled", ended_at: expect.any(Number) });
    expect(fake.subscriptions.get(subscription.id)?.status).toBe("canceled");
    expect(fake.requests.at(-1)).toMatchObject({ method: "DELETE", path: `/v1/subscriptions/${subscription.id}` });
    // Stripe no longer finds a canceled subscription to cancel or change.
    await expect(stripe.subscriptions.cancel(subscription.id)).rejects.toMatchObject({
      statusCode: 404,
      code: "resource_missing",
    });
    await expect(stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false })).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});

describe("Connect", () => {
  it("creates an Express account and its onboarding link", async () => {
    const account = await stripe.accounts.create({
      type: "express",
      country: "US",
      email: "broker@example.com",
      metadata: { company_id: "co1" },
    });
    expect(account).toMatchObject({
      object: "account",
      type: "express",
      charges_enabled: false,
      metadata: { company_id: "co1" },
    });
    expect(account.id).toMatch(/^acct_\w+$/);

    const link = await stripe.accountLinks.create({
      account: account.id,
      refresh_url: "https://backoffice.example/connect/refresh",
      return_url: "https://backoffice.example/connect/done",
      type: "account_onboarding",
    });
    expect(link).toMatchObject({ object: "account_link", url: expect.stringContaining(account.id) });
    expect(link.expires_at).toBeGreaterThan(link.created);
  });
});

describe("the API's manners", () => {
  it("answers a repeated Idempotency-Key with the first response, and refuses it with other parameters", async () => {
    const first = await stripe.customers.create({ email: "ana@example.com" }, { idempotencyKey: "k1" });
    const again = await stripe.customers.create({ email: "ana@example.com" }, { idempotencyKey: "k1" });
    expect(again.id).toBe(first.id);
    expect(fake.customers.size).toBe(1);
    await expect(
      stripe.customers.create({ email: "bea@example.com" }, { idempotencyKey: "k1" }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it("refuses requests without a test secret key", async () => {
    await expect(client("sk_live_not_for_tests").customers.create({})).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
    const response = await fetch(`${fake.url}/v1/customers`, { method: "POST" });
    expect(response.status).toBe(401);
    expect(fake.customers.size).toBe(0);
  });

  it("answers 404 for what it does not fake", async () => {
    await expect(stripe.coupons.create({ percent_off: 10 })).rejects.toMatchObject({
      statusCode: 404,
      message: expect.stringMatching(/^Unrecognized request URL/),
    });
  });

  it("fails when told to; the SDK's one retry gets through a single failure", async () => {
    fake.failNext(1);
    await expect(stripe.customers.create({})).resolves.toMatchObject({ object: "customer" });
    expect(fake.requests.map((request) => request.reply?.status)).toEqual([500, 200]);

    fake.failAlways();
    await expect(stripe.customers.create({})).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
  });

  it("hangs for timeout tests, having done the work", async () => {
    fake.hang(2_000);
    const impatient = client("sk_test_fake", { timeout: 100, maxNetworkRetries: 0 });
    await expect(impatient.customers.create({})).rejects.toBeInstanceOf(Stripe.errors.StripeConnectionError);
    expect(fake.customers.size).toBe(1);
  });
});

describe("webhook events", () => {
  const secret = "whsec_test_secret";

  it("builds events the real SDK verifies, and refuses when tampered with or older than the tolerance", () => {
    const invoice = stripeInvoice({
      status: "paid",
      amount: 120_00,
      subscription: "sub_1",
      subscriptionMetadata: { policy_id: "p1" },
    });
    const payload = JSON.stringify(stripeEvent("invoice.paid", invoice));
    const event = stripe.webhooks.constructEvent(payload, signStripePayload(payload, secret), secret, 300);
    expect(event).toMatchObject({
      object: "event",
      type: "invoice.paid",
      api_version: Stripe.API_VERSION,
      livemode: false,
    });
    expect(event.id).toMatch(/^evt_\w+$/);
    expect((event.data.object as Stripe.Invoice).parent?.subscription_details?.metadata).toEqual({ policy_id: "p1" });

    const tampered = payload.replace("sub_1", "sub_2");
    expect(() => stripe.webhooks.constructEvent(tampered, signStripePayload(payload, secret), secret, 300)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    const old = signStripePayload(payload, secret, Math.floor(Date.now() / 1000) - 301);
    expect(() => stripe.webhooks.constructEvent(payload, old, secret, 300)).toThrow(/tolerance/);
  });

  it("builds the subscription and payment intent objects the webhook handles", () => {
    const ending = stripeSubscription({ cancelAtPeriodEnd: true, metadata: { policy_id: "p1" } });
    expect(ending).toMatchObject({
      status: "active",
      cancel_at_period_end: true,
      cancel_at: ending.items.data[0].current_period_end,
    });
    expect(stripeSubscription({ status: "canceled" })).toMatchObject({
      status: "canceled",
      ended_at: expect.any(Number),
    });

    const failed = stripePaymentIntent({
      status: "requires_payment_method",
      amount: 100_00,
      decline: GENERIC_DECLINE,
      metadata: { policy_id: "p1" },
    });
    expect(failed.last_payment_error).toMatchObject({
      type: "card_error",
      code: "card_declined",
      message: "Your card was declined.",
    });

    const updated = stripeEvent("customer.subscription.updated", ending, {
      previousAttributes: { cancel_at_period_end: false },
    });
    expect(updated.data).toMatchObject({
      object: { metadata: { policy_id: "p1" } },
      previous_attributes: { cancel_at_period_end: false },
    });
  });
});
