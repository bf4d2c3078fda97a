import Stripe from "stripe";
import type { Policy, Transaction } from "@/db/schema";
import { isSupportedCurrency, processorExponent } from "@/lib/currencies";
import { BusinessRuleError, ExternalServiceError, PaymentRequiredError, ValidationError } from "@/lib/errors";
import { logError } from "@/lib/log";
import { fitsCurrency, formatMoney, money } from "@/lib/money";
import { outboundTimeoutMs } from "@/lib/outbound";

// The card processor, through the official SDK at a pinned API version. STRIPE_API_BASE points it at
// another host (tests run a local fake through this same code).

export const STRIPE_API_VERSION = Stripe.API_VERSION;

let cached: { key: string; base: string; timeoutMs: number; client: Stripe } | null = null;

export function isCardProcessingConfigured(): boolean {
  return Boolean(process.env.STRIPE_SECRET_KEY);
}

/** The SDK client, or 503 when STRIPE_SECRET_KEY is not set (manual payments still work). */
export function paymentProcessor(): Stripe {
  const key = process.env.STRIPE_SECRET_KEY;
  if (!key) throw new ExternalServiceError("card payments are not configured", 503);
  const base = process.env.STRIPE_API_BASE ?? "";
  const timeoutMs = outboundTimeoutMs();
  if (cached && cached.key === key && cached.base === base && cached.timeoutMs === timeoutMs) return cached.client;
  const target = base ? new URL(base) : null;
  const client = new Stripe(key, {
    apiVersion: STRIPE_API_VERSION,
    timeout: timeoutMs,
    maxNetworkRetries: 1,
    telemetry: false,
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === "https:" ? 443 : 80),
          protocol: target.protocol.replace(":", "") as "http" | "https",
        }
      : {}),
  });
  cached = { key, base, timeoutMs, client };
  return client;
}

function isUnknownPaymentMethod(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    error.code === "resource_missing" &&
    /payment.?method/i.test(`${error.param ?? ""} ${error.message}`)
  );
}

/**
 * Runs one processor call and turns its failures into the service's errors: a declined card is 402
 * with the processor's message; an unknown payment method 422; a timeout 504; any other failure, or an answer that is not a Stripe object,
 * 502 (its message is logged, not shown).
 */
export async function callProcessor<T>(call: () => Promise<T>): Promise<T> {
  let answer: T;
  try {
    answer = await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError)
      throw new PaymentRequiredError(`card declined: ${error.message}`);
    // A payment method the caller named that the processor does not know is the caller's mistake, not the
    // processor's failure (its id is not echoed: it is the caller's text).
    if (isUnknownPaymentMethod(error)) {
      throw new BusinessRuleError("the card processor knows no such payment method", [
        { path: "payment_method", message: "is unknown to the card processor", code: "unknown_payment_method" },
      ]);
    }
    if (error instanceof Stripe.errors.StripeConnectionError) {
      logError("[payments] the card processor did not answer:", error.message);
      throw new ExternalServiceError("the card processor did not answer in time; try again", 504);
    }
    if (error instanceof Stripe.errors.StripeError) {
      logError(
        `[payments] the card processor refused a request (${error.type}, ${error.statusCode ?? "no status"}):`,
        error.message,
      );
      throw new ExternalServiceError("the card processor refused the request", 502);
    }
    throw error;
  }
  // The SDK hands back whatever JSON came: an answer that is not the object asked for would be stored
  // as a payment without its intent (no id, no client secret), so it fails like any other bad answer.
  if (!isProcessorObject(answer)) {
    logError(
      "[payments] the card processor answered something that is not a Stripe object:",
      JSON.stringify(answer)?.slice(0, 200) ?? String(answer),
    );
    throw new ExternalServiceError("the card processor answered something unexpected", 502);
  }
  return answer;
}

/** Every call made here answers one object naming its type; all but an account link have an id. */
function isProcessorObject(value: unknown): boolean {
  if (!value || typeof value !== "object") return false;
  const { object, id } = value as { object?: unknown; id?: unknown };
  return typeof object === "string" && (typeof id === "string" || object === "account_link");
}

/**
 * Amounts at the processor are integers of the currency's minor unit as the processor counts it
 * (lib/currencies.ts): 125.00 USD is 12500, 12000 CLP is 12000. An amount finer than that unit, or a
 * currency the service cannot hold, is refused (422) rather than rounded into another charge.
 */
export function toMinorUnits(amount: string, currency: string): number {
  const exponent = processorExponent(currency);
  if (exponent === null || !isSupportedCurrency(currency))
    throw new ValidationError(`unsupported currency ${currency}`);
  if (!fitsCurrency(amount, currency))
    throw new ValidationError(`${formatMoney(amount)} ${currency} has decimals ${currency} does not have`);
  return money(amount).times(money(10).pow(exponent)).toNumber();
}

/** A processor amount back as the stored amount (two decimals): 12000 CLP is "12000.00", 12500 USD "125.00". */
export function fromMinorUnits(amount: number, currency: string): string {
  const exponent = processorExponent(currency);
  if (exponent === null || !isSupportedCurrency(currency))
    throw new ValidationError(`unsupported currency ${currency}`);
  return formatMoney(money(amount).dividedBy(money(10).pow(exponent)));
}

/** Creates the processor's payment intent for a transaction; every intent names its policy in metadata. */
export async function createProcessorIntent(
  policy: Policy,
  transaction: Transaction,
  options: { customerId: string; paymentMethodId?: string; savePaymentMethod?: boolean },
) {
  return callProcessor(() =>
    paymentProcessor().paymentIntents.create(
      {
        amount: toMinorUnits(transaction.amount, transaction.currency),
        currency: transaction.currency.toLowerCase(),
        customer: options.customerId,
        ...(options.paymentMethodId ? { payment_method: options.paymentMethodId } : {}),
        ...(options.savePaymentMethod ? { setup_future_usage: "off_session" as const } : {}),
        automatic_payment_methods: { enabled: true },
        description: `Premium of policy ${policy.policyNumber}`,
        metadata: { policy_id: policy.id, transaction_id: transaction.id },
      },
      // One intent per transaction and attempt, even when the request is sent again.
      { idempotencyKey: `intent-${transaction.id}-${transaction.attemptCount}` },
    ),
  );
}
