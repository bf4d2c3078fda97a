import { asc, eq, sql } from "drizzle-orm";
import { ACCOUNT_ENTRY_KINDS } from "@/db/enums";
import { policyAccountEntries, type Policy, type PolicyAccountEntry } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { formatMoney } from "@/lib/money";
import { todayUtc } from "../dates";
import { getPolicyOrThrow, policyDates, type PolicyDateTerms } from "../internal";
import { premiumTermsOf } from "./internal";
import { arrearsAmount } from "./premiums";
import type { AccountResponse } from "./schemas";

/** The kinds in the order of db/enums.ts: a payment, the periods it pays, refunds, adjustments. */
const KIND_ORDER = sql.raw(`array[${ACCOUNT_ENTRY_KINDS.map((kind) => `'${kind}'`).join(", ")}]`);

/** What the policy owes and has paid today, without its entries (the portal's payment uses it too). */
export function accountSummary(policy: Policy, terms: PolicyDateTerms, today = todayUtc()) {
  const dates = policyDates(policy, terms, today);
  return {
    currency: policy.currency,
    premium: formatMoney(policy.finalPrice),
    paid_to_date: policy.paidToDate,
    next_due_date: dates.next_due_date,
    credit: formatMoney(policy.credit),
    arrears_amount: arrearsAmount({
      startDate: policy.startDate,
      paidToDate: policy.paidToDate,
      credit: policy.credit,
      premium: policy.finalPrice,
      today,
    }),
    grace_ends_on: dates.grace_ends_on,
  };
}

function toEntryResponse(entry: PolicyAccountEntry) {
  return { date: entry.entryDate, kind: entry.kind, amount: formatMoney(entry.amount), reference: entry.reference };
}

/** GET /emission/policies/{id}/account: whoever may read the policy (in scope, or its own client). */
export async function getAccount({
  ctx,
  policyId,
}: {
  ctx: ServiceContext;
  policyId: string;
}): Promise<AccountResponse> {
  assertCan(ctx.actor, "emission:read", "portal:read");
  const policy = await getPolicyOrThrow(ctx, policyId);
  const [terms, entries] = await Promise.all([
    premiumTermsOf(ctx.db, policy),
    ctx.db
      .select()
      .from(policyAccountEntries)
      .where(eq(policyAccountEntries.policyId, policy.id))
      .orderBy(
        asc(policyAccountEntries.entryDate),
        asc(policyAccountEntries.createdAt),
        // PGlite's clock can stamp two entries of one payment alike: the money comes in before it pays a
        // period, and periods follow their dates (the reference starts with the period's first day).
        sql`array_position(${KIND_ORDER}, ${policyAccountEntries.kind}::text)`,
        asc(policyAccountEntries.reference),
        asc(policyAccountEntries.id),
      ),
  ]);
  return { ...accountSummary(policy, terms), entries: entries.map(toEntryResponse) };
}
