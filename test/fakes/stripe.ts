import type Stripe from "stripe";
import { parseFormBody, type FormObject, type FormValue } from "./form-body";
import { startFakeServer, type FakeReply, type FakeServer, type RecordedRequest } from "./http-server";
import {
  addInterval,
  declineOf,
  planOf,
  stripeAccount,
  stripeAccountLink,
  stripeCardPaymentMethod,
  stripeCustomer,
  stripeId,
  stripeInvoice,
  stripeInvoicePayment,
  stripePaymentIntent,
  stripePrice,
  stripeProduct,
  stripeRefund,
  stripeSubscription,
  TEST_CARDS,
  unixNow,
  type CardDecline,
  type SubscriptionItemInput,
} from "./stripe-objects";

// A stateful in-memory stand-in for the part of Stripe's v1 API the payments module calls, driven through
// the real `stripe` SDK (its host/port/protocol set from STRIPE_API_BASE = `url`). It keeps the objects it
// made, answers with them shaped as the SDK's pinned API version has them (see stripe-objects.ts), and
// answers errors the way Stripe does, so the SDK raises the same error classes (StripeCardError on 402,
// StripeAuthenticationError on 401, StripeInvalidRequestError on 400/404).

export type FakeStripe = FakeServer & {
  customers: Map<string, Stripe.Customer>;
  paymentMethods: Map<string, Stripe.PaymentMethod>;
  paymentIntents: Map<string, Stripe.PaymentIntent>;
  products: Map<string, Stripe.Product>;
  prices: Map<string, Stripe.Price>;
  subscriptions: Map<string, Stripe.Subscription>;
  invoices: Map<string, Stripe.Invoice>;
  invoicePayments: Map<string, Stripe.InvoicePayment>;
  accounts: Map<string, Stripe.Account>;
  refunds: Map<string, Stripe.Refund>;
};

const SERVER_ERROR: FakeReply = {
  status: 500,
  body: { error: { type: "api_error", message: "An unknown error occurred (the fake Stripe is down)." } },
};

// Handlers throw this to answer with an error; the dispatcher turns it into the reply.
class StripeApiError extends Error {
  constructor(readonly reply: FakeReply) {
    super(reply.body.error.message);
  }
}

function docUrl(code: string): string {
  return `https://docs.stripe.com/error-codes/${code.replaceAll("_", "-")}`;
}

function invalidRequest(message: string, param?: string, status = 400): StripeApiError {
  return new StripeApiError({ status, body: { error: { type: "invalid_request_error", message, param } } });
}

/** `No such customer: 'cus_x'`: 404 for the object in the path, 400 for one a parameter names. */
function noSuch(label: string, id: string, param = "id"): StripeApiError {
  const status = param === "id" ? 404 : 400;
  const error = {
    type: "invalid_request_error",
    code: "resource_missing",
    doc_url: docUrl("resource_missing"),
    message: `No such ${label}: '${id}'`,
    param,
  };
  return new StripeApiError({ status, body: { error } });
}

function notAttached(paymentMethod: string, param: string): StripeApiError {
  const message = `The customer does not have a payment method with the ID ${paymentMethod}. The payment method must be attached to the customer.`;
  const error = {
    type: "invalid_request_error",
    code: "resource_missing",
    doc_url: docUrl("resource_missing"),
    message,
    param,
  };
  return new StripeApiError({ status: 400, body: { error } });
}

function cardDeclined(decline: CardDecline, extra: Record<string, unknown> = {}): StripeApiError {
  const error = {
    type: "card_error",
    code: "card_declined",
    decline_code: decline.declineCode,
    doc_url: docUrl("card_declined"),
    message: decline.message,
    ...extra,
  };
  return new StripeApiError({ status: 402, body: { error } });
}

// Parameters arrive as strings (see form-body.ts); these read them as Stripe does and refuse what it refuses.

function isFormObject(value: FormValue | undefined): value is FormObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function objectParam(params: FormObject, name: string): FormObject {
  const value = params[name];
  return isFormObject(value) ? value : (Object.create(null) as FormObject);
}

/** A string parameter; "" is how a client clears a field, so it reads as absent. */
function text(value: FormValue | undefined): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

function required(value: FormValue | undefined, param: string): string {
  const found = text(value);
  if (found === undefined) throw invalidRequest(`Missing required param: ${param}.`, param);
  return found;
}

function integer(value: FormValue | undefined, param: string): number | undefined {
  const found = text(value);
  if (found === undefined) return undefined;
  if (!/^-?\d+$/.test(found)) throw invalidRequest(`Invalid integer: ${found}`, param);
  return Number(found);
}

function decimalNumber(value: FormValue | undefined, param: string): number | undefined {
  const found = text(value);
  if (found === undefined) return undefined;
  if (!/^\d+(\.\d+)?$/.test(found)) throw invalidRequest(`Invalid decimal: ${found}`, param);
  return Number(found);
}

function boolean(value: FormValue | undefined, param: string): boolean | undefined {
  const found = text(value);
  if (found === undefined) return undefined;
  if (found !== "true" && found !== "false") throw invalidRequest(`Invalid boolean: ${found}`, param);
  return found === "true";
}

function oneOf<T extends string>(value: FormValue | undefined, param: string, allowed: readonly T[]): T | undefined {
  const found = text(value);
  if (found === undefined) return undefined;
  if (!allowed.includes(found as T))
    throw invalidRequest(`Invalid ${param}: must be one of ${allowed.join(", ")}`, param);
  return found as T;
}

/** Metadata is merged into what is there; a key sent as "" is removed, and `metadata=""` clears all. */
function mergeMetadata(current: Stripe.Metadata, update: FormValue | undefined): Stripe.Metadata {
  if (update === undefined) return current;
  if (!isFormObject(update)) return {};
  const merged = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (typeof value !== "string")
      throw invalidRequest(`Invalid value for metadata[${key}]: must be a string`, `metadata[${key}]`);
    if (value === "") delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** The form object as plain JSON (no null prototypes), for settings the fake echoes back as they came. */
function plain(value: FormObject): Record<string, unknown> {
  return JSON.parse(JSON.stringify(value));
}

function expandPaths(params: FormObject): string[] {
  const expand = params.expand;
  if (expand === undefined) return [];
  return (Array.isArray(expand) ? expand : [expand]).filter((path): path is string => typeof path === "string");
}

export async function startFakeStripe(port = 0): Promise<FakeStripe> {
  const customers = new Map<string, Stripe.Customer>();
  const paymentMethods = new Map<string, Stripe.PaymentMethod>();
  const paymentIntents = new Map<string, Stripe.PaymentIntent>();
  const products = new Map<string, Stripe.Product>();
  const prices = new Map<string, Stripe.Price>();
  const subscriptions = new Map<string, Stripe.Subscription>();
  const invoices = new Map<string, Stripe.Invoice>();
  const invoicePayments = new Map<string, Stripe.InvoicePayment>();
  const accounts = new Map<string, Stripe.Account>();
  const refunds = new Map<string, Stripe.Refund>();
  const stores: Map<string, { id?: string }>[] = [
    customers,
    paymentMethods,
    paymentIntents,
    products,
    prices,
    subscriptions,
    invoices,
    invoicePayments,
    accounts,
    refunds,
  ];
  // Stripe answers a repeated Idempotency-Key with the first response; keys belong to one API key and account.
  const idempotentReplies = new Map<string, { request: string; reply: FakeReply }>();

  function findById(id: string): object | undefined {
    for (const store of stores) {
      const found = store.get(id);
      if (found) return found;
    }
    return undefined;
  }

  function getOrThrow<T>(store: Map<string, T>, label: string, id: string, param = "id"): T {
    const found = store.get(id);
    if (!found) throw noSuch(label, id, param);
    return found;
  }

  // --- expand: ids become their objects, and "includable" fields Stripe sends only when asked are added.

  function includable(owner: Record<string, unknown>, field: string): unknown {
    if (owner.object !== "invoice") return undefined;
    const payments = [...invoicePayments.values()].filter((payment) => payment.invoice === owner.id);
    if (field === "payments")
      return { object: "list", data: payments, has_more: false, url: `/v1/invoices/${owner.id}/payments` };
    if (field === "confirmation_secret") {
      const open = payments
        .map((payment) => paymentIntents.get(String(payment.payment.payment_intent)))
        .find((intent) => intent && intent.status !== "succeeded");
      return open ? { client_secret: open.client_secret, type: "payment_intent" } : null;
    }
    return undefined;
  }

  function expandAt(target: unknown, path: string[]): void {
    if (path.length === 0 || typeof target !== "object" || target === null) return;
    const owner = target as Record<string, unknown>;
    const [field, ...rest] = path;
    if (owner.object === "list" && field === "data") {
      for (const item of owner.data as unknown[]) expandAt(item, rest);
      return;
    }
    let value = owner[field];
    if (typeof value === "string") value = structuredClone(findById(value)) ?? value;
    else if (value === undefined) value = includable(owner, field);
    if (value === undefined || typeof value === "number" || typeof value === "boolean")
      throw invalidRequest(`This property cannot be expanded (${field}).`);
    owner[field] = value;
    expandAt(value, rest);
  }

  /** A snapshot (a replayed response must not change with the stored object) with `expand` applied. */
  function present(object: object, expand: string[]): object {
    const copy = structuredClone(object);
    for (const path of expand) expandAt(copy, path.split("."));
    return copy;
  }

  // --- payment methods

  /** Attached to `customer`, as subscriptions and invoice settings require. */
  function attachedPaymentMethod(id: string, customer: string, param: string): Stripe.PaymentMethod {
    const paymentMethod = paymentMethods.get(id);
    if (!paymentMethod || paymentMethod.customer !== customer) throw notAttached(id, param);
    return paymentMethod;
  }

  /** A stored PaymentMethod, or a new one made from a test card id (`pm_card_visa`) as Stripe's test mode does. */
  function usablePaymentMethod(id: string, param: string): Stripe.PaymentMethod {
    const card = TEST_CARDS[id];
    if (!card) return getOrThrow(paymentMethods, "PaymentMethod", id, param);
    const paymentMethod = stripeCardPaymentMethod(card, null);
    paymentMethods.set(paymentMethod.id, paymentMethod);
    return paymentMethod;
  }

  function attachPaymentMethod(id: string, params: FormObject): Stripe.PaymentMethod {
    const customer = required(params.customer, "customer");
    getOrThrow(customers, "customer", customer, "customer");
    const paymentMethod = usablePaymentMethod(id, "id");
    if (paymentMethod.customer && paymentMethod.customer !== customer) {
      throw invalidRequest("The payment method you provided has already been attached to a customer.", "customer");
    }
    paymentMethod.customer = customer;
    return paymentMethod;
  }

  // --- customers

  function createCustomer(params: FormObject): Stripe.Customer {
    const paymentMethodId = text(params.payment_method);
    const defaultPaymentMethod = text(objectParam(params, "invoice_settings").default_payment_method);
    // A new customer has nothing attached yet but the payment_method sent with it.
    if (defaultPaymentMethod && defaultPaymentMethod !== paymentMethodId)
      throw notAttached(defaultPaymentMethod, "invoice_settings[default_payment_method]");
    const paymentMethod = paymentMethodId ? usablePaymentMethod(paymentMethodId, "payment_method") : undefined;
    const customer = stripeCustomer({
      email: text(params.email),
      name: text(params.name),
      phone: text(params.phone),
      description: text(params.description),
      metadata: mergeMetadata({}, params.metadata),
      defaultPaymentMethod: defaultPaymentMethod ? paymentMethod?.id : null,
    });
    customers.set(customer.id, customer);
    if (paymentMethod) paymentMethod.customer = customer.id;
    return customer;
  }

  function updateCustomer(id: string, params: FormObject): Stripe.Customer {
    const customer = getOrThrow(customers, "customer", id);
    const defaultPaymentMethod = text(objectParam(params, "invoice_settings").default_payment_method);
    if (defaultPaymentMethod)
      attachedPaymentMethod(defaultPaymentMethod, id, "invoice_settings[default_payment_method]");
    if (params.email !== undefined) customer.email = text(params.email) ?? null;
    if (params.name !== undefined) customer.name = text(params.name) ?? null;
    if (params.phone !== undefined) customer.phone = text(params.phone) ?? null;
    if (params.description !== undefined) customer.description = text(params.description) ?? null;
    customer.metadata = mergeMetadata(customer.metadata, params.metadata);
    if (defaultPaymentMethod) customer.invoice_settings.default_payment_method = defaultPaymentMethod;
    return customer;
  }

  // --- payment intents

  function createPaymentIntent(params: FormObject): Stripe.PaymentIntent {
    const amount = integer(params.amount, "amount");
    if (amount === undefined) throw invalidRequest("Missing required param: amount.", "amount");
    const currency = required(params.currency, "currency").toLowerCase();
    const customer = text(params.customer);
    if (customer) getOrThrow(customers, "customer", customer, "customer");
    const setupFutureUsage = oneOf(params.setup_future_usage, "setup_future_usage", [
      "off_session",
      "on_session",
    ] as const);
    const confirm = boolean(params.confirm, "confirm") ?? false;
    const paymentMethodId = text(params.payment_method);
    if (confirm && !paymentMethodId) {
      throw invalidRequest(
        "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
      );
    }
    const paymentMethod = paymentMethodId ? usablePaymentMethod(paymentMethodId, "payment_method") : undefined;
    const decline = confirm && paymentMethod ? declineOf(paymentMethod) : undefined;
    const status = !paymentMethod
      ? "requires_payment_method"
      : !confirm
        ? "requires_confirmation"
        : decline
          ? "requires_payment_method"
          : "succeeded";
    const paymentIntent = stripePaymentIntent({
      amount,
      currency,
      status,
      customer,
      paymentMethod: paymentMethod?.id,
      setupFutureUsage,
      metadata: mergeMetadata({}, params.metadata),
      description: text(params.description),
      decline,
    });
    paymentIntents.set(paymentIntent.id, paymentIntent);
    // A successful payment saved for later attaches its PaymentMethod to the customer.
    if (status === "succeeded" && setupFutureUsage && customer && paymentMethod && !paymentMethod.customer)
      paymentMethod.customer = customer;
    if (decline && paymentMethod)
      throw cardDeclined(decline, {
        payment_intent: present(paymentIntent, []),
        payment_method: present(paymentMethod, []),
      });
    return paymentIntent;
  }

  // --- products and prices

  const INTERVALS = ["day", "week", "month", "year"] as const;

  function createProduct(params: FormObject): Stripe.Product {
    const product = stripeProduct({
      name: required(params.name, "name"),
      description: text(params.description),
      metadata: mergeMetadata({}, params.metadata),
    });
    products.set(product.id, product);
    return product;
  }

  /** The Price of `prices.create` or of a subscription item's `price_data` (`paramPrefix` names its fields). */
  function newPrice(
    params: FormObject,
    paramPrefix: string,
    options: { mustRecur: boolean; active: boolean },
  ): Stripe.Price {
    // The parameter's full name in errors: `unit_amount`, or `items[0][price_data][unit_amount]`.
    const name = (...path: string[]) =>
      [paramPrefix, ...path]
        .filter(Boolean)
        .map((key, index) => (index === 0 ? key : `[${key}]`))
        .join("");
    const currency = required(params.currency, name("currency")).toLowerCase();
    const unitAmount = integer(params.unit_amount, name("unit_amount"));
    if (unitAmount === undefined)
      throw invalidRequest(`Missing required param: ${name("unit_amount")}.`, name("unit_amount"));
    const recurring = objectParam(params, "recurring");
    const interval = oneOf(recurring.interval, name("recurring", "interval"), INTERVALS);
    if (options.mustRecur && !interval)
      throw invalidRequest(`Missing required param: ${name("recurring")}.`, name("recurring"));
    const intervalCount = integer(recurring.interval_count, name("recurring", "interval_count"));
    // prices.create may name a new product inline; a subscription item's price_data names an existing one.
    const productData = objectParam(params, "product_data");
    let product = text(params.product);
    if (product) getOrThrow(products, "product", product, name("product"));
    else if (!paramPrefix && text(productData.name)) product = createProduct(productData).id;
    else throw invalidRequest(`Missing required param: ${name("product")}.`, name("product"));
    return stripePrice({
      product,
      unitAmount,
      currency,
      recurring: interval ? { interval, intervalCount } : null,
      metadata: mergeMetadata({}, params.metadata),
      nickname: text(params.nickname),
      lookupKey: text(params.lookup_key),
      active: options.active,
    });
  }

  function createPrice(params: FormObject): Stripe.Price {
    const price = newPrice(params, "", { mustRecur: false, active: true });
    prices.set(price.id, price);
    return price;
  }

  // --- subscriptions

  const PAYMENT_BEHAVIORS = [
    "allow_incomplete",
    "default_incomplete",
    "error_if_incomplete",
    "pending_if_incomplete",
  ] as const;

  function subscriptionItems(params: FormObject): SubscriptionItemInput[] {
    const items = params.items;
    if (!Array.isArray(items) || items.length === 0) throw invalidRequest("Missing required param: items.", "items");
    return items.map((item, index) => {
      const param = `items[${index}]`;
      if (!isFormObject(item)) throw invalidRequest(`Invalid object`, param);
      const quantity = integer(item.quantity, `${param}[quantity]`) ?? 1;
      const priceId = text(item.price);
      if (priceId) {
        const price = getOrThrow(prices, "price", priceId, `${param}[price]`);
        if (!price.recurring) {
          throw invalidRequest(
            "The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.",
            `${param}[price]`,
          );
        }
        return { price, quantity };
      }
      if (isFormObject(item.price_data))
        return {
          price: newPrice(item.price_data, `${param}[price_data]`, { mustRecur: true, active: false }),
          quantity,
        };
      throw invalidRequest(`Missing required param: ${param}[price].`, `${param}[price]`);
    });
  }

  /**
   * The subscription and its first invoice, charged at once like Stripe's: a good card makes it `active`
   * with a paid invoice; a declining card answers 402 with `payment_behavior: "error_if_incomplete"` (and
   * nothing is kept), and otherwise (the default `allow_incomplete`) makes it `incomplete` with an open
   * invoice. `default_incomplete` never charges: `incomplete` until the invoice's intent is confirmed.
   * With a future `billing_cycle_anchor` the first invoice covers the time until the anchor: prorated, or
   * nothing at all (paid without a charge) with `proration_behavior: "none"`.
   */
  function createSubscription(params: FormObject): Stripe.Subscription {
    const customer = getOrThrow(customers, "customer", required(params.customer, "customer"), "customer");
    const items = subscriptionItems(params);
    const explicitPaymentMethod = text(params.default_payment_method);
    const paymentMethodId =
      explicitPaymentMethod ?? (customer.invoice_settings.default_payment_method as string | null);
    const paymentMethod = paymentMethodId
      ? attachedPaymentMethod(paymentMethodId, customer.id, "default_payment_method")
      : undefined;
    const destination = text(objectParam(params, "transfer_data").destination);
    if (destination) getOrThrow(accounts, "destination", destination, "transfer_data[destination]");
    const applicationFeePercent = decimalNumber(params.application_fee_percent, "application_fee_percent");
    const paymentBehavior = oneOf(params.payment_behavior, "payment_behavior", PAYMENT_BEHAVIORS) ?? "allow_incomplete";
    const prorationBehavior =
      oneOf(params.proration_behavior, "proration_behavior", [
        "always_invoice",
        "create_prorations",
        "none",
      ] as const) ?? "create_prorations";

    const start = unixNow();
    const recurring = items[0].price.recurring!;
    const naturalEnd = addInterval(start, recurring.interval, recurring.interval_count);
    const anchor = integer(params.billing_cycle_anchor, "billing_cycle_anchor");
    if (anchor !== undefined && anchor < start)
      throw invalidRequest("billing_cycle_anchor cannot be in the past.", "billing_cycle_anchor");
    if (anchor !== undefined && anchor > naturalEnd) {
      throw invalidRequest(
        `billing_cycle_anchor cannot be later than next natural billing date (${naturalEnd}) for plan`,
        "billing_cycle_anchor",
      );
    }
    const fullAmount = items.reduce((sum, item) => sum + (item.price.unit_amount ?? 0) * (item.quantity ?? 1), 0);
    const amountDue =
      anchor === undefined
        ? fullAmount
        : prorationBehavior === "none"
          ? 0
          : Math.round((fullAmount * (anchor - start)) / (naturalEnd - start));

    const needsCharge = amountDue > 0;
    const charges = needsCharge && paymentBehavior !== "default_incomplete";
    if (charges && !paymentMethod) {
      throw invalidRequest(
        "This customer has no attached payment source or default payment method. Please consider adding a default payment method. For more information, visit https://docs.stripe.com/billing/subscriptions/payment-methods-setting#payment-method-priority.",
      );
    }
    const decline = charges && paymentMethod ? declineOf(paymentMethod) : undefined;
    if (decline && paymentBehavior === "error_if_incomplete") throw cardDeclined(decline);
    const isPaid = !needsCharge || (charges && !decline);

    const metadata = mergeMetadata({}, params.metadata);
    const invoiceId = stripeId("in");
    const subscription = stripeSubscription({
      customer: customer.id,
      items,
      status: isPaid ? "active" : "incomplete",
      metadata,
      defaultPaymentMethod: explicitPaymentMethod ?? null,
      latestInvoice: invoiceId,
      startDate: start,
      currentPeriodEnd: anchor ?? naturalEnd,
      billingCycleAnchor: anchor ?? start,
      applicationFeePercent: applicationFeePercent ?? null,
      transferDestination: destination ?? null,
    });
    const invoice = stripeInvoice({
      id: invoiceId,
      status: isPaid ? "paid" : "open",
      amount: amountDue,
      currency: items[0].price.currency,
      customer: customer.id,
      subscription: subscription.id,
      subscriptionMetadata: metadata,
      price: items[0].price,
      subscriptionItem: subscription.items.data[0].id,
      periodStart: start,
      periodEnd: anchor ?? naturalEnd,
      attemptCount: charges ? 1 : 0,
      billingReason: "subscription_create",
    });
    for (const { price } of items) prices.set(price.id, price);
    subscriptions.set(subscription.id, subscription);
    invoices.set(invoice.id, invoice);
    if (needsCharge) {
      const paymentIntent = stripePaymentIntent({
        amount: amountDue,
        currency: invoice.currency,
        status: isPaid
          ? "succeeded"
          : decline
            ? "requires_payment_method"
            : paymentMethod
              ? "requires_confirmation"
              : "requires_payment_method",
        customer: customer.id,
        paymentMethod: paymentMethod?.id,
        description: "Subscription creation",
        decline,
      });
      paymentIntents.set(paymentIntent.id, paymentIntent);
      const payment = stripeInvoicePayment(invoice, paymentIntent);
      invoicePayments.set(payment.id, payment);
    }
    return subscription;
  }

  function updateSubscription(id: string, params: FormObject): Stripe.Subscription {
    const subscription = getOrThrow(subscriptions, "subscription", id);
    const isEnded = subscription.status === "canceled" || subscription.status === "incomplete_expired";
    if (isEnded && Object.keys(params).some((key) => !["metadata", "cancellation_details", "expand"].includes(key))) {
      throw invalidRequest("A canceled subscription can only update its cancellation_details and metadata.");
    }
    const defaultPaymentMethod = text(params.default_payment_method);
    if (defaultPaymentMethod)
      attachedPaymentMethod(defaultPaymentMethod, String(subscription.customer), "default_payment_method");
    const cancelAtPeriodEnd = boolean(params.cancel_at_period_end, "cancel_at_period_end");
    if (cancelAtPeriodEnd !== undefined) {
      subscription.cancel_at_period_end = cancelAtPeriodEnd;
      subscription.cancel_at = cancelAtPeriodEnd ? subscription.items.data[0].current_period_end : null;
      subscription.canceled_at = cancelAtPeriodEnd ? unixNow() : null;
      subscription.cancellation_details = {
        comment: subscription.cancellation_details?.comment ?? null,
        feedback: subscription.cancellation_details?.feedback ?? null,
        feedback_option: null,
        reason: cancelAtPeriodEnd ? "cancellation_requested" : null,
      };
    }
    if (params.items !== undefined) repriceSubscriptionItems(subscription, params);
    if (defaultPaymentMethod) subscription.default_payment_method = defaultPaymentMethod;
    subscription.metadata = mergeMetadata(subscription.metadata, params.metadata);
    return subscription;
  }

  /**
   * `items[i][id]` with a new `price` or `price_data` (and `quantity`): an existing item bills the new
   * price from the next invoice. No invoice is made now: as with `proration_behavior: "none"`, the only
   * behaviour the service asks for; adding or deleting items is not modelled.
   */
  function repriceSubscriptionItems(subscription: Stripe.Subscription, params: FormObject): void {
    oneOf(params.proration_behavior, "proration_behavior", ["always_invoice", "create_prorations", "none"] as const);
    const items = params.items;
    if (!Array.isArray(items)) throw invalidRequest("Invalid array", "items");
    items.forEach((item, index) => {
      const param = `items[${index}]`;
      if (!isFormObject(item)) throw invalidRequest("Invalid object", param);
      const itemId = required(item.id, `${param}[id]`);
      const existing = subscription.items.data.find((candidate) => candidate.id === itemId);
      if (!existing) throw noSuch("subscription_item", itemId, `${param}[id]`);
      const priceId = text(item.price);
      const price = priceId
        ? getOrThrow(prices, "price", priceId, `${param}[price]`)
        : isFormObject(item.price_data)
          ? newPrice(item.price_data, `${param}[price_data]`, { mustRecur: true, active: false })
          : existing.price;
      prices.set(price.id, price);
      existing.price = price;
      existing.plan = planOf(price);
      existing.quantity = integer(item.quantity, `${param}[quantity]`) ?? existing.quantity;
    });
  }

  function cancelSubscription(id: string): Stripe.Subscription {
    const subscription = getOrThrow(subscriptions, "subscription", id);
    // A canceled subscription can still be retrieved, but Stripe no longer finds it to cancel.
    if (subscription.status === "canceled") throw noSuch("subscription", id);
    const now = unixNow();
    subscription.status = "canceled";
    subscription.canceled_at = now;
    subscription.ended_at = now;
    subscription.cancel_at = null;
    subscription.cancel_at_period_end = false;
    subscription.cancellation_details = {
      comment: null,
      feedback: null,
      feedback_option: null,
      reason: "cancellation_requested",
    };
    return subscription;
  }

  // --- refunds

  /**
   * A refund of a succeeded payment intent, in full or of `amount` (minor units), never more than is left
   * unrefunded. Refunds of test cards succeed at once, as in Stripe's test mode.
   */
  function createRefund(params: FormObject): Stripe.Refund {
    const paymentIntentId = text(params.payment_intent);
    if (!paymentIntentId) {
      if (text(params.charge)) throw invalidRequest("The fake Stripe refunds payment intents only.", "charge");
      throw invalidRequest(
        "One of the following params should be provided for this request: payment_intent or charge.",
      );
    }
    const paymentIntent = getOrThrow(paymentIntents, "payment_intent", paymentIntentId, "payment_intent");
    if (paymentIntent.status !== "succeeded") {
      throw invalidRequest(
        `This PaymentIntent (${paymentIntent.id}) does not have a successful charge to refund.`,
        "payment_intent",
      );
    }
    const refunded = [...refunds.values()]
      .filter((refund) => refund.payment_intent === paymentIntent.id && refund.status !== "failed")
      .reduce((sum, refund) => sum + refund.amount, 0);
    const left = paymentIntent.amount - refunded;
    if (left <= 0) {
      const error = {
        type: "invalid_request_error",
        code: "charge_already_refunded",
        doc_url: docUrl("charge_already_refunded"),
        message: `Charge ${String(paymentIntent.latest_charge)} has already been refunded.`,
      };
      throw new StripeApiError({ status: 400, body: { error } });
    }
    const amount = integer(params.amount, "amount") ?? left;
    if (amount <= 0) throw invalidRequest("Invalid positive integer", "amount");
    if (amount > left)
      throw invalidRequest(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, "amount");
    const refund = stripeRefund({
      paymentIntent,
      amount,
      metadata: mergeMetadata({}, params.metadata),
      reason: oneOf(params.reason, "reason", ["duplicate", "fraudulent", "requested_by_customer"] as const),
    });
    refunds.set(refund.id, refund);
    return refund;
  }

  // --- Connect

  function createAccount(params: FormObject): Stripe.Account {
    const type = oneOf(params.type, "type", ["custom", "express", "standard"] as const);
    const controller = isFormObject(params.controller) ? plain(params.controller) : undefined;
    if (!type && !controller) throw invalidRequest("Missing required param: type.", "type");
    const account = stripeAccount({
      // Accounts made with `controller` settings instead of a type report `none`.
      type: type ?? "none",
      country: text(params.country)?.toUpperCase(),
      email: text(params.email),
      metadata: mergeMetadata({}, params.metadata),
      controller: controller ? { ...controller, type: "application", is_controller: true } : undefined,
    });
    accounts.set(account.id, account);
    return account;
  }

  function createAccountLink(params: FormObject): Stripe.AccountLink {
    const account = required(params.account, "account");
    getOrThrow(accounts, "account", account, "account");
    required(params.type, "type");
    oneOf(params.type, "type", ["account_onboarding", "account_update"] as const);
    return stripeAccountLink(account);
  }

  // --- dispatch

  type Route = { method: string; path: RegExp; handle: (params: FormObject, id: string) => object };
  const routes: Route[] = [
    { method: "POST", path: /^\/v1\/customers$/, handle: createCustomer },
    { method: "GET", path: /^\/v1\/customers\/([^/]+)$/, handle: (_, id) => getOrThrow(customers, "customer", id) },
    { method: "POST", path: /^\/v1\/customers\/([^/]+)$/, handle: (params, id) => updateCustomer(id, params) },
    {
      method: "POST",
      path: /^\/v1\/payment_methods\/([^/]+)\/attach$/,
      handle: (params, id) => attachPaymentMethod(id, params),
    },
    {
      method: "GET",
      path: /^\/v1\/payment_methods\/([^/]+)$/,
      handle: (_, id) => getOrThrow(paymentMethods, "PaymentMethod", id),
    },
    { method: "POST", path: /^\/v1\/payment_intents$/, handle: createPaymentIntent },
    {
      method: "GET",
      path: /^\/v1\/payment_intents\/([^/]+)$/,
      handle: (_, id) => getOrThrow(paymentIntents, "payment_intent", id),
    },
    { method: "POST", path: /^\/v1\/products$/, handle: createProduct },
    { method: "GET", path: /^\/v1\/products\/([^/]+)$/, handle: (_, id) => getOrThrow(products, "product", id) },
    { method: "POST", path: /^\/v1\/prices$/, handle: createPrice },
    { method: "GET", path: /^\/v1\/prices\/([^/]+)$/, handle: (_, id) => getOrThrow(prices, "price", id) },
    { method: "POST", path: /^\/v1\/subscriptions$/, handle: createSubscription },
    {
      method: "GET",
      path: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: (_, id) => getOrThrow(subscriptions, "subscription", id),
    },
    { method: "POST", path: /^\/v1\/subscriptions\/([^/]+)$/, handle: (params, id) => updateSubscription(id, params) },
    { method: "DELETE", path: /^\/v1\/subscriptions\/([^/]+)$/, handle: (_, id) => cancelSubscription(id) },
    { method: "GET", path: /^\/v1\/invoices\/([^/]+)$/, handle: (_, id) => getOrThrow(invoices, "invoice", id) },
    { method: "POST", path: /^\/v1\/refunds$/, handle: createRefund },
    { method: "GET", path: /^\/v1\/refunds\/([^/]+)$/, handle: (_, id) => getOrThrow(refunds, "refund", id) },
    { method: "POST", path: /^\/v1\/accounts$/, handle: createAccount },
    { method: "GET", path: /^\/v1\/accounts\/([^/]+)$/, handle: (_, id) => getOrThrow(accounts, "account", id) },
    { method: "POST", path: /^\/v1\/account_links$/, handle: createAccountLink },
  ];

  function authenticationError(authorization: string | undefined): FakeReply | undefined {
    const key = authorization?.match(/^Bearer (\S+)$/)?.[1];
    if (key?.startsWith("sk_test_")) return undefined;
    const message = key
      ? `Invalid API Key provided: ${key.slice(0, 8)}${"*".repeat(Math.max(key.length - 12, 0))}${key.slice(-4)}`
      : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://docs.stripe.com/api#authentication for details, or we can help at https://support.stripe.com/.";
    return { status: 401, body: { error: { type: "invalid_request_error", message } } };
  }

  function handle(request: RecordedRequest, pathname: string, params: FormObject): FakeReply {
    for (const route of routes) {
      const match = route.path.exec(pathname);
      if (!match || route.method !== request.method) continue;
      try {
        const result = route.handle(params, match[1] ? decodeURIComponent(match[1]) : "");
        return { status: 200, body: present(result, expandPaths(params)) };
      } catch (error) {
        if (error instanceof StripeApiError) return error.reply;
        throw error;
      }
    }
    const message = `Unrecognized request URL (${request.method}: ${pathname}). Please see https://docs.stripe.com or we can help at https://support.stripe.com/.`;
    return { status: 404, body: { error: { type: "invalid_request_error", message } } };
  }

  function respond(request: RecordedRequest): FakeReply {
    const unauthenticated = authenticationError(request.headers.authorization);
    if (unauthenticated) return unauthenticated;
    const url = new URL(request.path, "http://fake-stripe");
    // GET and DELETE carry their parameters in the query string, POST in the form body (no form: none).
    const params =
      request.method === "POST"
        ? isFormObject(request.body)
          ? request.body
          : parseFormBody("")
        : parseFormBody(url.search.slice(1));
    const key = request.headers["idempotency-key"];
    if (request.method !== "POST" || typeof key !== "string") return handle(request, url.pathname, params);

    const scope = `${request.headers.authorization} ${request.headers["stripe-account"] ?? ""} ${key}`;
    const fingerprint = `${request.method} ${url.pathname} ${JSON.stringify(params)}`;
    const earlier = idempotentReplies.get(scope);
    if (earlier && earlier.request !== fingerprint) {
      return {
        status: 400,
        body: {
          error: {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          },
        },
      };
    }
    if (earlier) return earlier.reply;
    const reply = handle(request, url.pathname, params);
    // Like Stripe, a result is kept once the request ran (success or a declined card), not when it was refused.
    if (reply.status === 200 || reply.status === 402) idempotentReplies.set(scope, { request: fingerprint, reply });
    return reply;
  }

  const server = await startFakeServer(respond, SERVER_ERROR, port);
  return {
    ...server,
    customers,
    paymentMethods,
    paymentIntents,
    products,
    prices,
    subscriptions,
    invoices,
    invoicePayments,
    accounts,
    refunds,
    reset: () => {
      server.reset();
      for (const store of stores) store.clear();
      idempotentReplies.clear();
    },
  };
}
