import { CLAIM_STATUSES, type ClaimStatus } from "@/db/enums";
import { ConflictError } from "@/lib/errors";

// The claim's lifecycle (contract section 8), pure so that the claims desk offers exactly these moves.
// The statuses themselves are the database's (db/schema/claims.ts).
export { CLAIM_STATUSES, type ClaimStatus };

// The one table of claim moves: REJECTED and CLOSED are final; any other move is refused with 409.
export const CLAIM_MOVES: Readonly<Record<ClaimStatus, readonly ClaimStatus[]>> = {
  PENDING: ["IN_REVIEW", "REJECTED"],
  IN_REVIEW: ["APPROVED", "REJECTED", "PENDING"],
  APPROVED: ["CLOSED"],
  REJECTED: [],
  CLOSED: [],
};

export function canMoveClaim(from: ClaimStatus, to: ClaimStatus): boolean {
  return CLAIM_MOVES[from].includes(to);
}

/** The check every claim move passes (moveClaim): 409 naming both statuses for a move not in the table. */
export function assertClaimMove(from: ClaimStatus, to: ClaimStatus): void {
  if (!canMoveClaim(from, to)) throw new ConflictError(`a claim cannot move from ${from} to ${to}`);
}

/** Expenses are recorded while the claim is still being worked on. */
export function acceptsExpenses(status: ClaimStatus): boolean {
  return status !== "CLOSED" && status !== "REJECTED";
}

/**
 * Decided: the desk has approved or rejected the claim (and a CLOSED claim was approved first). From then
 * on an expense or a payout is never edited or deleted in place, only corrected with a recorded reason
 * (docs/claims.md, "Decided claims"): the amounts the decision and the payouts were made on stay visible.
 */
export function isDecided(status: ClaimStatus): boolean {
  return status === "APPROVED" || status === "REJECTED" || status === "CLOSED";
}

/**
 * The lock on a decided claim's expenses: 409 `claim_decided` for an edit or a delete, naming the way that
 * remains (a correction). Payouts need no such check: they exist only on decided claims and have no edit
 * or delete at all, only their correction.
 */
export function assertExpensesEditable(status: ClaimStatus): void {
  if (isDecided(status))
    throw new ConflictError(
      `the claim is ${status}: a decided claim's expenses cannot be edited or deleted; record a correction instead (POST /claims/{id}/expenses/{expense_id}/corrections)`,
      "claim_decided",
    );
}
