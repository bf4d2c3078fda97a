import { and, eq, sql } from "drizzle-orm";
import { policies, policyAccountEntries, type AccountEntryKind, type Policy } from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { formatMoney } from "@/lib/money";
import { writeAudit } from "@/lib/operations/audit";
import { todayUtc } from "../dates";
import type { PolicyDateTerms } from "../internal";
import { movePolicy } from "../move-policy";
import { premiumTermsOf, refusalOfPayment } from "./internal";
import { invoicePeriod, laterDate, periodReference, takePremiums, type CoveredPeriod } from "./premiums";

// Every payment path (manual payments, card intents, paid invoices) brings its money into the policy's
// account here (lifecycle.md sections 3 and 6): the account entries, the credit, the paid-to date, and
// the status move the premiums earn. The caller holds the policy's row lock, in its transaction.

/** Money received for a policy: how much, on which day, by which transaction, and why (for the history). */
export type Receipt = {
  amount: string;
  date: string;
  transactionId: string;
  reference: string | null;
  /** The history's reason for a move the payment earns ("manual payment received", "invoice in_... paid"). */
  reason: string;
};

async function writeEntry(
  ctx: ServiceContext,
  policy: Policy,
  entry: { kind: AccountEntryKind; amount: string; date: string; reference: string | null; transactionId: string },
) {
  await ctx.db.insert(policyAccountEntries).values({
    policyId: policy.id,
    entryDate: entry.date,
    kind: entry.kind,
    amount: formatMoney(entry.amount),
    reference: entry.reference,
    transactionId: entry.transactionId,
    // Entries of one payment share a date and a transaction: the clock keeps them in the order written.
    createdAt: sql`clock_timestamp()`,
  });
}

/** Whether a transaction's money is already in the account: an event repeated brings it once. */
export async function isReceived(ctx: ServiceContext, transactionId: string): Promise<boolean> {
  const [entry] = await ctx.db
    .select({ id: policyAccountEntries.id })
    .from(policyAccountEntries)
    .where(and(eq(policyAccountEntries.transactionId, transactionId), eq(policyAccountEntries.kind, "PAYMENT")))
    .limit(1);
  return entry !== undefined;
}

async function writePremiums(
  ctx: ServiceContext,
  policy: Policy,
  receipt: Receipt,
  periods: CoveredPeriod[],
  amount: string,
) {
  for (const period of periods) {
    await writeEntry(ctx, policy, {
      kind: "PREMIUM_PAID",
      amount,
      date: receipt.date,
      reference: periodReference(period),
      transactionId: receipt.transactionId,
    });
  }
}

/**
 * A manual payment or a card intent: a PAYMENT entry, the money added to the credit, and while the credit
 * covers a whole premium one PREMIUM_PAID entry per month of cover taken. A policy that takes no payment
 * (its status, or a closed reinstatement window: a card payment confirmed late) keeps the money as credit.
 * Returns the policy as it is afterwards.
 */
export async function receivePayment(ctx: ServiceContext, policy: Policy, receipt: Receipt): Promise<Policy> {
  await writeEntry(ctx, policy, { kind: "PAYMENT", ...receipt });
  const terms = await premiumTermsOf(ctx.db, policy);
  const today = todayUtc();
  const isPayable = refusalOfPayment(policy, terms, today) === null;
  const taken = takePremiums({
    startDate: policy.startDate,
    paidToDate: policy.paidToDate,
    credit: policy.credit,
    // No premium is taken from the money of a policy that takes no payment.
    premium: isPayable ? policy.finalPrice : "0",
    received: receipt.amount,
  });
  await writePremiums(ctx, policy, receipt, taken.months, policy.finalPrice);
  const updated = await saveAccount(ctx, policy, { paidToDate: taken.paidToDate, credit: taken.credit });
  return settleStatus(ctx, updated, terms, receipt.reason, today);
}

/**
 * A paid invoice: a PAYMENT entry and one PREMIUM_PAID entry for the invoice line's period; the paid-to
 * date becomes at least the day before the period ends (a prorated first invoice covers up to the day
 * before the billing anchor). Without a period the money counts as a manual payment's would.
 */
export async function receiveInvoice(
  ctx: ServiceContext,
  policy: Policy,
  receipt: Receipt & { period: { start: string; end: string } | null },
): Promise<Policy> {
  const { period, ...payment } = receipt;
  if (period === null) return receivePayment(ctx, policy, payment);
  await writeEntry(ctx, policy, { kind: "PAYMENT", ...payment });
  const covered = invoicePeriod(period.start, period.end);
  await writePremiums(ctx, policy, payment, [covered], payment.amount);
  const updated = await saveAccount(ctx, policy, {
    paidToDate: laterDate(policy.paidToDate, covered.to),
    credit: policy.credit,
  });
  return settleStatus(ctx, updated, await premiumTermsOf(ctx.db, policy), payment.reason, todayUtc());
}

async function saveAccount(
  ctx: ServiceContext,
  policy: Policy,
  account: { paidToDate: string | null; credit: string },
): Promise<Policy> {
  const [updated] = await ctx.db
    .update(policies)
    .set({ paidToDate: account.paidToDate, credit: account.credit, updatedAt: new Date() })
    .where(eq(policies.id, policy.id))
    .returning();
  return updated;
}

/**
 * The move the premiums earn (lifecycle.md sections 3 and 6), through the policy state machine: the first
 * premium makes a PENDING_PAYMENT or PAID_FAILED policy ACTIVE; an IN_ARREARS one is ACTIVE again once paid
 * to today or later (a partial payment leaves it in arrears); a LAPSED one inside its window is reinstated
 * once paid to the later of today and its lapse day. Any other status stays as it is.
 */
async function settleStatus(
  ctx: ServiceContext,
  policy: Policy,
  terms: PolicyDateTerms,
  reason: string,
  today: string,
): Promise<Policy> {
  const paidTo = policy.paidToDate;
  if (paidTo === null) return policy;
  switch (policy.status) {
    case "PENDING_PAYMENT":
    case "PAID_FAILED":
      return movePolicy(ctx, { policyId: policy.id, to: "ACTIVE", reason, trigger: "payment_succeeded" });
    case "IN_ARREARS":
      if (paidTo < today) return policy;
      return movePolicy(ctx, { policyId: policy.id, to: "ACTIVE", reason, trigger: "payment_succeeded" });
    case "LAPSED":
      if (refusalOfPayment(policy, terms, today) !== null || paidTo < laterDate(policy.lapsedOn, today)) return policy;
      return reinstate(ctx, policy, today);
    default:
      return policy;
  }
}

async function reinstate(ctx: ServiceContext, policy: Policy, today: string): Promise<Policy> {
  const reinstated = await movePolicy(ctx, {
    policyId: policy.id,
    to: "ACTIVE",
    reason: "reinstated",
    trigger: "payment_succeeded",
    set: { reinstatedOn: today },
  });
  await writeAudit(ctx, {
    action: "POLICY_REINSTATED",
    entity: "policies",
    entityId: policy.id,
    companyId: policy.companyId,
    details: { lapsed_on: policy.lapsedOn, paid_to_date: policy.paidToDate, reinstated_on: today },
  });
  return reinstated;
}
