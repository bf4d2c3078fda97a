import type { ClaimStatus } from "@/db/enums";
import { ConflictError, ValidationError } from "@/lib/errors";
import { money } from "@/lib/money";

// What the corrections of an expense and of a payout share (correct-expense.ts, correct-payout.ts).

/** The sum of these amounts. */
export function sumOf(rows: { amount: string }[]) {
  return rows.reduce((sum, row) => sum.plus(row.amount), money(0));
}

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
