import type { ClaimStatus } from "@/db/enums";
import type { FieldError } from "@/lib/errors";
import { money } from "@/lib/money";
import type { ClaimResponse } from "./schemas";

// What blocks a decision on a claim (claims-cover.md sections 4 and 5), pure: it reads the claim as the
// API shows it, so that the claim page explains the same blockers the move answers 422 with.

/** The codes of the blockers, stable for pages that say them in their own language. */
export const BLOCKER_CODES = [
  "date_of_death_unknown",
  "not_covered",
  "requirement_not_accepted",
  "payouts_do_not_match_expenses",
] as const;
export type BlockerCode = (typeof BLOCKER_CODES)[number];

export type Blocker = FieldError & { code: BlockerCode };

type ApprovalFacts = Pick<ClaimResponse, "eligibility" | "requirements">;
type ClosingFacts = Pick<ClaimResponse, "total_expenses" | "total_paid_out">;

/**
 * What stands between a claim and APPROVED: an unknown date of death (no eligibility to judge), a life
 * not covered (one blocker per reason the eligibility gives), and each mandatory requirement not ACCEPTED.
 */
export function approvalBlockers(claim: ApprovalFacts): Blocker[] {
  const blockers: Blocker[] = [];
  if (claim.eligibility === null) {
    blockers.push({
      path: "date_of_death",
      message: "the date of death is unknown, so cover cannot be decided",
      code: "date_of_death_unknown",
    });
  } else if (!claim.eligibility.covered) {
    const reasons = claim.eligibility.reasons.length
      ? claim.eligibility.reasons
      : ["the life was not covered on the date of death"];
    for (const reason of reasons) blockers.push({ path: "eligibility", message: reason, code: "not_covered" });
  }
  for (const requirement of claim.requirements) {
    if (!requirement.mandatory || requirement.status === "ACCEPTED") continue;
    blockers.push({
      path: `requirements.${requirement.code}`,
      message: `the mandatory requirement ${requirement.code} (${requirement.label}) is ${requirement.status}, not ACCEPTED`,
      code: "requirement_not_accepted",
    });
  }
  return blockers;
}

/** Expenses and payouts side by side per currency, sorted by currency ("0.00" where a side has none). */
export function currencyBalances(claim: ClosingFacts): { currency: string; expenses: string; paid: string }[] {
  const currencies = [...new Set([...Object.keys(claim.total_expenses), ...Object.keys(claim.total_paid_out)])].sort();
  return currencies.map((currency) => ({
    currency,
    expenses: claim.total_expenses[currency] ?? "0.00",
    paid: claim.total_paid_out[currency] ?? "0.00",
  }));
}

/** What stands between an APPROVED claim and CLOSED: in each currency, the payouts must equal the expenses. */
export function closingBlockers(claim: ClosingFacts): Blocker[] {
  return currencyBalances(claim)
    .filter(({ expenses, paid }) => !money(expenses).equals(paid))
    .map(({ currency, expenses, paid }) => ({
      path: `total_paid_out.${currency}`,
      message: `the payouts in ${currency} (${paid}) do not match the expenses in ${currency} (${expenses})`,
      code: "payouts_do_not_match_expenses",
    }));
}

/** The blockers of a move to `to`: APPROVED and CLOSED have rules of their own; every other move has none. */
export function moveBlockers(claim: ApprovalFacts & ClosingFacts, to: ClaimStatus): Blocker[] {
  if (to === "APPROVED") return approvalBlockers(claim);
  if (to === "CLOSED") return closingBlockers(claim);
  return [];
}

/** The 422's detail: what the move was for and everything that blocks it. */
export function blockedMoveDetail(to: ClaimStatus, blockers: Blocker[]): string {
  const verb = to === "CLOSED" ? "closed" : "approved";
  return `the claim cannot be ${verb}: ${blockers.map((blocker) => blocker.message).join("; ")}`;
}
