import { randomBytes } from "node:crypto";
import type Stripe from "stripe";

// Stripe objects as the API at the SDK's pinned version (Stripe.API_VERSION) sends them, typed with the
// SDK's own types so the compiler keeps their shape honest. The fake server stores and answers these, and
// tests build webhook events from them. Only `*_decimal` fields differ: the wire carries strings that the
// SDK turns into its Decimal class on the way in.

const ID_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function randomToken(length: number): string {
  return Array.from(randomBytes(length), (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join("");
}

/** A random id with Stripe's prefix for the object, e.g. `cus_` + 14 characters or `sub_` + 24. */
export function stripeId(prefix: string, length = 24): string {
  return `${prefix}_${randomToken(length)}`;
}

export function unixNow(): number {
  return Math.floor(Date.now() / 1000);
}

function decimal(amount: number): Stripe.Price["unit_amount_decimal"] {
  return String(amount) as unknown as Stripe.Price["unit_amount_decimal"];
}

export type CardDecline = { declineCode: string; message: string };
export type TestCard = { brand: string; last4: string; decline?: CardDecline };

export const GENERIC_DECLINE: CardDecline = { declineCode: "generic_decline", message: "Your card was declined." };
export const INSUFFICIENT_FUNDS: CardDecline = {
  declineCode: "insufficient_funds",
  message: "Your card has insufficient funds.",
};

/**
 * Stripe's test PaymentMethod ids. Using one (attach, or a PaymentIntent's payment_method) makes a new
 * PaymentMethod with its own `pm_` id, as in Stripe's test mode. Every declining card here attaches fine
 * and declines each charge (Stripe itself already refuses to attach the 0002 card; `chargeCustomerFail`
 * is its card that attaches and then declines).
 */
export const TEST_CARDS: Record<string, TestCard> = {
  pm_card_visa: { brand: "visa", last4: "4242" },
  pm_card_mastercard: { brand: "mastercard", last4: "4444" },
  pm_card_chargeDeclined: { brand: "visa", last4: "0002", decline: GENERIC_DECLINE },
  pm_card_visa_chargeDeclined: { brand: "visa", last4: "0002", decline: GENERIC_DECLINE },
  pm_card_chargeCustomerFail: { brand: "visa", last4: "0341", decline: GENERIC_DECLINE },
  pm_card_visa_chargeCustomerFail: { brand: "visa", last4: "0341", decline: GENERIC_DECLINE },
  pm_card_chargeDeclinedInsufficientFunds: { brand: "visa", last4: "9995", decline: INSUFFICIENT_FUNDS },
  pm_card_visa_chargeDeclinedInsufficientFunds: { brand: "visa", last4: "9995", decline: INSUFFICIENT_FUNDS },
};

/** The decline a PaymentMethod made from a test card gives, found the way Stripe does: by its number. */
export function declineOf(paymentMethod: Stripe.PaymentMethod): CardDecline | undefined {
  return Object.values(TEST_CARDS).find((card) => card.last4 === paymentMethod.card?.last4)?.decline;
}

export function stripeCustomer(input: {
  email?: string | null;
  name?: string | null;
  phone?: string | null;
  description?: string | null;
  metadata?: Stripe.Metadata;
  defaultPaymentMethod?: string | null;
}): Stripe.Customer {
  return {
    id: stripeId("cus", 14),
    object: "customer",
    address: null,
    balance: 0,
    created: unixNow(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: input.description ?? null,
    discount: null,
    email: input.email ?? null,
    invoice_prefix: randomToken(8).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: input.defaultPaymentMethod ?? null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: input.metadata ?? {},
    name: input.name ?? null,
    next_invoice_sequence: 1,
    phone: input.phone ?? null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: "none",
    test_clock: null,
  };
}

export function stripeCardPaymentMethod(card: TestCard, customer: string | null): Stripe.PaymentMethod {
  return {
    id: stripeId("pm"),
    object: "payment_method",
    allow_redisplay: "unspecified",
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
    card: {
      brand: card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: "pass" },
      country: "US",
      display_brand: card.brand,
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 3,
      fingerprint: randomToken(16),
      funding: "credit",
      generated_from: null,
      last4: card.last4,
      networks: { available: [card.brand], preferred: null },
      regulated_status: "unregulated",
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: unixNow(),
    customer,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: "card",
  };
}

export function stripePaymentIntent(input: {
  amount: number;
  currency?: string;
  status: Stripe.PaymentIntent.Status;
  customer?: string | null;
  paymentMethod?: string | null;
  setupFutureUsage?: Stripe.PaymentIntent.SetupFutureUsage | null;
  metadata?: Stripe.Metadata;
  description?: string | null;
  /** The decline of the last attempt, for `requires_payment_method` after a failed charge. */
  decline?: CardDecline;
  id?: string;
}): Stripe.PaymentIntent {
  const id = input.id ?? stripeId("pi");
  const charged = input.status === "succeeded" || input.decline !== undefined;
  return {
    id,
    object: "payment_intent",
    allowed_payment_method_types: null,
    amount: input.amount,
    amount_capturable: 0,
    amount_received: input.status === "succeeded" ? input.amount : 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: { allow_redirects: "always", enabled: true },
    canceled_at: null,
    cancellation_reason: null,
    capture_method: "automatic",
    client_secret: `${id}_secret_${randomToken(25)}`,
    confirmation_method: "automatic",
    created: unixNow(),
    currency: input.currency ?? "usd",
    customer: input.customer ?? null,
    customer_account: null,
    description: input.description ?? null,
    excluded_payment_method_types: null,
    last_payment_error: input.decline
      ? {
          code: "card_declined",
          decline_code: input.decline.declineCode,
          doc_url: "https://docs.stripe.com/error-codes/card-declined",
          message: input.decline.message,
          type: "card_error",
        }
      : null,
    latest_charge: charged ? stripeId("ch") : null,
    livemode: false,
    managed_payments: null,
    metadata: input.metadata ?? {},
    next_action: null,
    on_behalf_of: null,
    payment_method: input.decline ? null : (input.paymentMethod ?? null),
    payment_method_configuration_details: null,
    payment_method_options: {
      card: { installments: null, mandate_options: null, network: null, request_three_d_secure: "automatic" },
    },
    payment_method_types: ["card"],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: input.setupFutureUsage ?? null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: input.status,
    transfer_data: null,
    transfer_group: null,
  };
}

export function stripeProduct(input: {
  name: string;
  description?: string | null;
  metadata?: Stripe.Metadata;
}): Stripe.Product {
  const created = unixNow();
  return {
    id: stripeId("prod", 14),
    object: "product",
    active: true,
    created,
    default_price: null,
    description: input.description ?? null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: input.metadata ?? {},
    name: input.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: "service",
    unit_label: null,
    updated: created,
    url: null,
  };
}

export function stripePrice(input: {
  product: string;
  unitAmount: number;
  currency?: string;
  recurring?: { interval: Stripe.Price.Recurring.Interval; intervalCount?: number } | null;
  metadata?: Stripe.Metadata;
  nickname?: string | null;
  lookupKey?: string | null;
  /** Prices made inline by `price_data` are inactive, so they cannot be reused. */
  active?: boolean;
}): Stripe.Price {
  return {
    id: stripeId("price"),
    object: "price",
    active: input.active ?? true,
    billing_scheme: "per_unit",
    created: unixNow(),
    currency: input.currency ?? "usd",
    custom_unit_amount: null,
    livemode: false,
    lookup_key: input.lookupKey ?? null,
    metadata: input.metadata ?? {},
    nickname: input.nickname ?? null,
    product: input.product,
    recurring: input.recurring
      ? {
          interval: input.recurring.interval,
          interval_count: input.recurring.intervalCount ?? 1,
          meter: null,
          trial_period_days: null,
          usage_type: "licensed",
        }
      : null,
    tax_behavior: "unspecified",
    tiers_mode: null,
    transform_quantity: null,
    type: input.recurring ? "recurring" : "one_time",
    unit_amount: input.unitAmount,
    unit_amount_decimal: decimal(input.unitAmount),
  };
}

/** The legacy Plan Stripe still puts next to the Price on every subscription item; its id is the price's. */
export function planOf(price: Stripe.Price): Stripe.Plan {
  return {
    id: price.id,
    object: "plan",
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: "per_unit",
    created: price.created,
    currency: price.currency,
    interval: price.recurring?.interval ?? "month",
    interval_count: price.recurring?.interval_count ?? 1,
    livemode: false,
    metadata: {},
    meter: null,
    nickname: null,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: "licensed",
  };
}

/** `from` moved on by the price's interval, as Stripe bills: Jan 31 + 1 month is the end of February. */
export function addInterval(from: number, interval: Stripe.Price.Recurring.Interval, count = 1): number {
  const date = new Date(from * 1000);
  if (interval === "day") date.setUTCDate(date.getUTCDate() + count);
  else if (interval === "week") date.setUTCDate(date.getUTCDate() + 7 * count);
  else {
    const months = interval === "year" ? 12 * count : count;
    const day = date.getUTCDate();
    date.setUTCDate(1);
    date.setUTCMonth(date.getUTCMonth() + months);
    const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
    date.setUTCDate(Math.min(day, lastDay));
  }
  return Math.floor(date.getTime() / 1000);
}

export type SubscriptionItemInput = { price: Stripe.Price; quantity?: number };

export function stripeSubscription(input: {
  customer?: string;
  items?: SubscriptionItemInput[];
  status?: Stripe.Subscription.Status;
  metadata?: Stripe.Metadata;
  defaultPaymentMethod?: string | null;
  latestInvoice?: string | null;
  /** Defaults to now; the period starts here. */
  startDate?: number;
  /** Defaults to one interval of the first price after `startDate`. */
  currentPeriodEnd?: number;
  billingCycleAnchor?: number;
  cancelAtPeriodEnd?: boolean;
  canceledAt?: number | null;
  applicationFeePercent?: number | null;
  transferDestination?: string | null;
  id?: string;
}): Stripe.Subscription {
  const id = input.id ?? stripeId("sub");
  const start = input.startDate ?? unixNow();
  const items = input.items ?? [
    { price: stripePrice({ product: stripeId("prod", 14), unitAmount: 10_000, recurring: { interval: "year" } }) },
  ];
  const firstRecurring = items[0].price.recurring;
  const periodEnd =
    input.currentPeriodEnd ??
    addInterval(start, firstRecurring?.interval ?? "month", firstRecurring?.interval_count ?? 1);
  const status = input.status ?? "active";
  const canceledAt = input.canceledAt ?? (status === "canceled" || input.cancelAtPeriodEnd ? unixNow() : null);
  return {
    id,
    object: "subscription",
    application: null,
    application_fee_percent: input.applicationFeePercent ?? null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: input.billingCycleAnchor ?? start,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: { proration_discounts: "included" }, type: "flexible", updated_at: start },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: input.cancelAtPeriodEnd ? periodEnd : null,
    cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
    canceled_at: canceledAt,
    cancellation_details: {
      comment: null,
      feedback: null,
      feedback_option: null,
      reason: canceledAt ? "cancellation_requested" : null,
    },
    collection_method: "charge_automatically",
    created: start,
    currency: items[0].price.currency,
    customer: input.customer ?? stripeId("cus", 14),
    customer_account: null,
    days_until_due: null,
    default_payment_method: input.defaultPaymentMethod ?? null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: status === "canceled" ? canceledAt : null,
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: { type: "self" },
    },
    items: {
      object: "list",
      data: items.map(({ price, quantity }) => ({
        id: stripeId("si", 14),
        object: "subscription_item",
        billing_thresholds: null,
        created: start,
        current_period_end: periodEnd,
        current_period_start: start,
        current_trial: null,
        discounts: [],
        metadata: {},
        plan: planOf(price),
        price,
        quantity: quantity ?? 1,
        subscription: id,
        tax_rates: [],
      })),
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: input.latestInvoice ?? null,
    livemode: false,
    managed_payments: null,
    metadata: input.metadata ?? {},
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: "off" },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: start,
    status,
    test_clock: null,
    transfer_data: input.transferDestination ? { amount_percent: null, destination: input.transferDestination } : null,
    trial_end: null,
    trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: "create_invoice" } },
    trial_start: null,
  };
}

/**
 * A subscription's invoice. At this API version the subscription is not a top-level field: it is in
 * `parent.subscription_details.subscription`, with the subscription's metadata (copied when the invoice
 * was made) in `parent.subscription_details.metadata`. `invoice.metadata` is the invoice's own.
 * `paid` is a paid invoice; `open` with `attemptCount` > 0 is one whose charge failed.
 */
export function stripeInvoice(input: {
  status: "paid" | "open" | "draft" | "void" | "uncollectible";
  amount: number;
  currency?: string;
  customer?: string;
  subscription?: string | null;
  subscriptionMetadata?: Stripe.Metadata;
  /** The line's price and period (a subscription item's current period). */
  price?: Stripe.Price;
  subscriptionItem?: string;
  periodStart?: number;
  periodEnd?: number;
  attemptCount?: number;
  billingReason?: Stripe.Invoice.BillingReason;
  defaultPaymentMethod?: string | null;
  metadata?: Stripe.Metadata;
  id?: string;
}): Stripe.Invoice {
  const id = input.id ?? stripeId("in");
  const created = unixNow();
  const currency = input.currency ?? "usd";
  const isPaid = input.status === "paid";
  const subscription = input.subscription ?? null;
  const periodStart = input.periodStart ?? created;
  const attemptCount = input.attemptCount ?? (isPaid && input.amount > 0 ? 1 : 0);
  const product = input.price ? String(input.price.product) : stripeId("prod", 14);
  return {
    id,
    object: "invoice",
    account_country: "US",
    account_name: "Fake Stripe account",
    account_tax_ids: null,
    amount_due: input.amount,
    amount_overpaid: 0,
    amount_paid: isPaid ? input.amount : 0,
    amount_remaining: isPaid ? 0 : input.amount,
    amount_shipping: 0,
    application: null,
    attempt_count: attemptCount,
    attempted: attemptCount > 0 || isPaid,
    auto_advance: !isPaid,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: input.billingReason ?? (subscription ? "subscription_create" : "manual"),
    collection_method: "charge_automatically",
    created,
    currency,
    custom_fields: null,
    customer: input.customer ?? stripeId("cus", 14),
    customer_account: null,
    customer_address: null,
    customer_email: null,
    customer_name: null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: "none",
    default_payment_method: input.defaultPaymentMethod ?? null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: input.status === "draft" ? null : created,
    ending_balance: input.status === "draft" ? null : 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: `https://invoice.stripe.com/i/${id}`,
    invoice_pdf: `https://pay.stripe.com/invoice/${id}/pdf`,
    issuer: { type: "self" },
    last_finalization_error: null,
    latest_revision: null,
    lines: {
      object: "list",
      data: [
        {
          id: stripeId("il"),
          object: "line_item",
          amount: input.amount,
          currency,
          description: null,
          discount_amounts: [],
          discountable: true,
          discounts: [],
          invoice: id,
          livemode: false,
          metadata: input.subscriptionMetadata ?? {},
          parent: subscription
            ? {
                invoice_item_details: null,
                subscription_item_details: {
                  invoice_item: null,
                  proration: false,
                  proration_details: { credited_items: null },
                  subscription,
                  subscription_item: input.subscriptionItem ?? stripeId("si", 14),
                },
                type: "subscription_item_details",
              }
            : null,
          period: { start: periodStart, end: input.periodEnd ?? periodStart },
          pretax_credit_amounts: [],
          pricing: {
            price_details: { price: input.price?.id ?? stripeId("price"), product },
            type: "price_details",
            unit_amount_decimal: decimal(input.price?.unit_amount ?? input.amount),
          },
          quantity: 1,
          quantity_decimal: decimal(1),
          subscription,
          subtotal: input.amount,
          taxes: [],
        },
      ],
      has_more: false,
      url: `/v1/invoices/${id}/lines`,
    },
    livemode: false,
    metadata: input.metadata ?? {},
    next_payment_attempt: isPaid || attemptCount === 0 ? null : created + 3 * 24 * 3600,
    number: `${randomToken(8).toUpperCase()}-0001`,
    on_behalf_of: null,
    parent: subscription
      ? {
          quote_details: null,
          subscription_details: { metadata: input.subscriptionMetadata ?? {}, subscription },
          type: "subscription_details",
        }
      : null,
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    // The invoice's own period is the one before it (for a subscription's first invoice, its creation);
    // the line carries the subscription period it bills.
    period_end: created,
    period_start: created,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: input.status,
    status_transitions: {
      finalized_at: input.status === "draft" ? null : created,
      marked_uncollectible_at: null,
      paid_at: isPaid ? created : null,
      voided_at: null,
    },
    subtotal: input.amount,
    subtotal_excluding_tax: input.amount,
    test_clock: null,
    total: input.amount,
    total_discount_amounts: [],
    total_excluding_tax: input.amount,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: null,
  };
}

/** How a PaymentIntent paid (or tried to pay) an invoice: what `expand: ["latest_invoice.payments"]` lists. */
export function stripeInvoicePayment(
  invoice: Stripe.Invoice,
  paymentIntent: Stripe.PaymentIntent,
): Stripe.InvoicePayment {
  const isPaid = paymentIntent.status === "succeeded";
  return {
    id: stripeId("inpay"),
    object: "invoice_payment",
    amount_paid: isPaid ? paymentIntent.amount : null,
    amount_requested: paymentIntent.amount,
    created: paymentIntent.created,
    currency: paymentIntent.currency,
    invoice: invoice.id,
    is_default: true,
    livemode: false,
    payment: { payment_intent: paymentIntent.id, type: "payment_intent" },
    status: isPaid ? "paid" : "open",
    status_transitions: { canceled_at: null, paid_at: isPaid ? paymentIntent.created : null },
  };
}

export function stripeAccount(input: {
  type?: Stripe.Account.Type;
  country?: string;
  email?: string | null;
  metadata?: Stripe.Metadata;
  controller?: Stripe.Account.Controller;
}): Stripe.Account {
  return {
    id: stripeId("acct", 16),
    object: "account",
    business_profile: null,
    business_type: null,
    capabilities: {},
    charges_enabled: false,
    controller: input.controller,
    country: input.country ?? "US",
    created: unixNow(),
    default_currency: "usd",
    details_submitted: false,
    email: input.email ?? null,
    metadata: input.metadata ?? {},
    payouts_enabled: false,
    settings: null,
    type: input.type ?? "none",
  };
}

/** Onboarding links last five minutes, like Stripe's. */
export function stripeAccountLink(account: string): Stripe.AccountLink {
  const created = unixNow();
  return {
    object: "account_link",
    created,
    expires_at: created + 300,
    url: `https://connect.stripe.com/setup/e/${account}/${randomToken(12)}`,
  };
}

/** A refund of a payment intent: `succeeded` as Stripe's test cards refund at once, or as asked. */
export function stripeRefund(input: {
  paymentIntent: Stripe.PaymentIntent;
  amount: number;
  metadata?: Stripe.Metadata;
  reason?: Stripe.Refund.Reason | null;
  status?: "succeeded" | "pending" | "failed";
}): Stripe.Refund {
  return {
    id: stripeId("re"),
    object: "refund",
    amount: input.amount,
    balance_transaction: stripeId("txn"),
    charge: typeof input.paymentIntent.latest_charge === "string" ? input.paymentIntent.latest_charge : null,
    created: unixNow(),
    currency: input.paymentIntent.currency,
    customer: input.paymentIntent.customer as string | null,
    customer_account: null,
    metadata: input.metadata ?? {},
    payment_intent: input.paymentIntent.id,
    payment_method: input.paymentIntent.payment_method as string | null,
    reason: input.reason ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: input.status ?? "succeeded",
    transfer_reversal: null,
  };
}
