import type Stripe from "stripe";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { policyAccountEntries, transactions, type Policy, type Transaction } from "@/db/schema";
import { actorLabel } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { todayUtc } from "@/lib/emission/dates";
import { ExternalServiceError } from "@/lib/errors";
import { logError } from "@/lib/log";
import { formatMoney, money } from "@/lib/money";
import { callProcessor, paymentProcessor, toMinorUnits } from "./processor";
import { transactionStart, type TransactionStatus } from "./state-machine";

// Money going back to the client (lifecycle.md section 8, the cooling-off refund): every premium received
// on a policy, a card payment through the processor's refund, a manual one as a PENDING refund that staff
// mark paid once the money has gone back outside the system (mark-refunded.ts).

/** The kinds of transaction that bring money in, and whose processor object a refund names. */
const CARD_KINDS = ["INTENT", "INVOICE"] as const;

/** The processor's refund statuses as a transaction's: money on its way is PENDING, arrived PAID. */
const REFUND_STATUSES: Partial<Record<string, TransactionStatus>> = {
  succeeded: "PAID",
  pending: "PENDING",
  requires_action: "PENDING",
};

/**
 * Refunds every PAID payment of the policy not refunded yet: a REFUND transaction (negative amount,
 * refund_of the payment) and a REFUND account entry for each. With `atProcessor` false nothing is asked
 * of the processor and card refunds are recorded PENDING (a preview that is rolled back). Returns the
 * refunds, oldest payment first.
 */
export async function refundPremiums(
  ctx: ServiceContext,
  policy: Policy,
  options: { atProcessor: boolean },
): Promise<Transaction[]> {
  const refunds = alias(transactions, "refunds");
  const rows = await ctx.db
    .select({ payment: transactions })
    .from(transactions)
    .leftJoin(refunds, eq(refunds.refundOf, transactions.id))
    .where(
      and(
        eq(transactions.policyId, policy.id),
        eq(transactions.status, "PAID"),
        inArray(transactions.kind, ["INTENT", "INVOICE", "MANUAL"]),
        isNull(refunds.id),
      ),
    )
    .orderBy(asc(transactions.paidAt), asc(transactions.createdAt));
  const made: Transaction[] = [];
  // A zero invoice (a first period billed nothing) received no money: there is nothing to give back.
  for (const { payment } of rows.filter((row) => money(row.payment.amount).gt(0))) {
    const isCard = (CARD_KINDS as readonly string[]).includes(payment.kind);
    const processorRefund = isCard && options.atProcessor ? await refundAtProcessor(payment) : null;
    const [refund] = await ctx.db
      .insert(transactions)
      .values({
        policyId: policy.id,
        kind: "REFUND",
        status: transactionStart("REFUND", processorRefund?.status ?? "PENDING"),
        amount: formatMoney(money(payment.amount).negated()),
        currency: payment.currency,
        refundOf: payment.id,
        processorRefundId: processorRefund?.id ?? null,
        reference: payment.reference,
        paidAt: processorRefund?.status === "PAID" ? new Date() : null,
        createdBy: actorLabel(ctx.actor),
      })
      .returning();
    await ctx.db.insert(policyAccountEntries).values({
      policyId: policy.id,
      entryDate: todayUtc(),
      kind: "REFUND",
      amount: refund.amount,
      reference: refund.processorRefundId ?? payment.reference,
      transactionId: refund.id,
    });
    made.push(refund);
  }
  return made;
}

/**
 * The processor's refund of a card payment, in full: of its payment intent, or of the intent that paid
 * its invoice. One refund per payment, however often this is asked (idempotency key).
 */
async function refundAtProcessor(payment: Transaction): Promise<{ id: string; status: TransactionStatus }> {
  const stripe = paymentProcessor();
  const paymentIntent = payment.processorPaymentIntentId ?? (await invoicePaymentIntent(stripe, payment));
  const refund = await callProcessor(() =>
    stripe.refunds.create(
      {
        payment_intent: paymentIntent,
        amount: toMinorUnits(payment.amount, payment.currency),
        metadata: { policy_id: payment.policyId, transaction_id: payment.id },
      },
      { idempotencyKey: `refund-${payment.id}` },
    ),
  );
  const status = REFUND_STATUSES[refund.status ?? ""];
  if (!status) {
    logError(`[payments] the card processor answered refund ${refund.id} of ${payment.id} with status`, refund.status);
    throw new ExternalServiceError("the card processor did not refund the payment", 502);
  }
  return { id: refund.id, status };
}

/** The payment intent that paid an invoice (an invoice names its payments, not an intent). */
async function invoicePaymentIntent(stripe: Stripe, payment: Transaction): Promise<string> {
  const invoiceId = payment.processorInvoiceId ?? "";
  const invoice = await callProcessor(() => stripe.invoices.retrieve(invoiceId, { expand: ["payments"] }));
  const paid = invoice.payments?.data.find((entry) => entry.status === "paid" && entry.payment.payment_intent);
  const intent = paid?.payment.payment_intent;
  if (!intent) {
    logError(`[payments] invoice ${invoiceId} of transaction ${payment.id} names no paid payment intent`);
    throw new ExternalServiceError("the card processor did not say how the invoice was paid", 502);
  }
  return typeof intent === "string" ? intent : intent.id;
}
