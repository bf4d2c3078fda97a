import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import type { ClaimStatus } from "@/db/enums";
import { claimExpenses, claimPayouts } from "@/db/schema";
import { ConflictError, ValidationError } from "@/lib/errors";
import { money, type Money } from "@/lib/money";

// What the corrections of an expense and of a payout share (correct-expense.ts, correct-payout.ts).

/**
 * What every correction checks first: a CLOSED claim is final (409 `claim_closed`: closing settled its
 * payouts against its expenses), and a correction must change the amount (422 `no_changes`).
 */
export function assertCorrectable(status: ClaimStatus, current: string, amount: string): void {
  if (status === "CLOSED")
    throw new ConflictError("the claim is CLOSED: its expenses and payouts can no longer be corrected", "claim_closed");
  if (money(current).equals(amount))
    throw new ValidationError(`the amount is already ${current}`, [
      { path: "amount", message: `the amount is already ${current}`, code: "no_changes" },
    ]);
}

/**
 * What the claim's expenses and its payouts come to in one currency, before the correction: the sums a
 * correction may not turn upside down (payouts above expenses).
 */
export async function currencyTotals(
  db: DbOrTx,
  claimId: string,
  currency: string,
): Promise<{ expensed: Money; paidOut: Money }> {
  const [expenses, payouts] = await Promise.all([
    db
      .select({ amount: claimExpenses.amount })
      .from(claimExpenses)
      .where(and(eq(claimExpenses.claimId, claimId), eq(claimExpenses.currency, currency))),
    db
      .select({ amount: claimPayouts.amount })
      .from(claimPayouts)
      .where(and(eq(claimPayouts.claimId, claimId), eq(claimPayouts.currency, currency))),
  ]);
  const sumOf = (rows: { amount: string }[]) => rows.reduce((sum, row) => sum.plus(row.amount), money(0));
  return { expensed: sumOf(expenses), paidOut: sumOf(payouts) };
}
