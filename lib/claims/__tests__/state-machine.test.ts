import { describe, expect, it } from "vitest";
import { ConflictError } from "@/lib/errors";
import { assertClaimMove, CLAIM_MOVES, CLAIM_STATUSES } from "../state-machine";

// The pure table the claims desk offers its moves from, checked against the contract (section 8)
// written out here, and the one check every move of a claim passes.

const CONTRACT: Record<string, string[]> = {
  PENDING: ["IN_REVIEW", "REJECTED"],
  IN_REVIEW: ["APPROVED", "REJECTED", "PENDING"],
  APPROVED: ["CLOSED"],
  REJECTED: [],
  CLOSED: [],
};

describe("CLAIM_MOVES", () => {
  it("offers exactly the contract's moves from each status", () => {
    for (const status of CLAIM_STATUSES)
      expect([...CLAIM_MOVES[status]].sort(), status).toEqual([...CONTRACT[status]].sort());
  });

  it("assertClaimMove passes the contract's moves and refuses every other with a 409 naming both", () => {
    for (const from of CLAIM_STATUSES)
      for (const to of CLAIM_STATUSES) {
        if (CONTRACT[from].includes(to)) expect(() => assertClaimMove(from, to)).not.toThrow();
        else {
          expect(() => assertClaimMove(from, to)).toThrow(ConflictError);
          expect(() => assertClaimMove(from, to)).toThrow(`a claim cannot move from ${from} to ${to}`);
        }
      }
  });
});
