import Stripe from "stripe";
import { stripeId, unixNow } from "./stripe-objects";

// Webhook deliveries as Stripe makes them, for tests of the webhook route: an Event around an object built
// with stripe-objects.ts (stripeInvoice, stripeSubscription, stripePaymentIntent...) and the
// Stripe-Signature header the real SDK's constructEvent checks.

/**
 * An Event of the SDK's pinned API version. `previousAttributes` is what an `*.updated` event carries of
 * the fields that changed, e.g. `{ cancel_at_period_end: false }`. `account` is the connected account an
 * event of a Connect endpoint comes from (a reseller's own payments, its account.updated).
 */
export function stripeEvent(
  type: Stripe.Event.Type,
  object: { object: string },
  options: { id?: string; created?: number; previousAttributes?: Record<string, unknown>; account?: string } = {},
): Stripe.Event {
  return {
    id: options.id ?? stripeId("evt"),
    object: "event",
    ...(options.account ? { account: options.account } : {}),
    api_version: Stripe.API_VERSION,
    created: options.created ?? unixNow(),
    data: options.previousAttributes ? { object, previous_attributes: options.previousAttributes } : { object },
    livemode: false,
    pending_webhooks: 1,
    // Events Stripe raises itself (invoices paid by billing, for one) name no request.
    request: { id: null, idempotency_key: null },
    type,
  } as Stripe.Event;
}

/**
 * The Stripe-Signature header for `payload` (the exact body to send), signed with the endpoint's secret
 * at `timestamp` (unix seconds; an old one tests the tolerance).
 */
export function signStripePayload(payload: string, secret: string, timestamp = unixNow()): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}
