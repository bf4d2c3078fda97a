import type { ClaimStatus } from "./statuses";

// The one table of claim moves (contract section 8), pure so the claims desk offers exactly these.
// REJECTED and CLOSED are final; any other move is refused with 409.
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

/** Expenses are recorded while the claim is still being worked on. */
export function acceptsExpenses(status: ClaimStatus): boolean {
  return status !== "CLOSED" && status !== "REJECTED";
}
