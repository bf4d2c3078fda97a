import { money } from "@/lib/money";
import type { Claim } from "./types";

// What stands between a claim and its next decision, computed from the claim as the API answers it
// (the same rules the service applies, claims-cover.md section 4), so the desk says it before a click.

export type ApproveBlocker =
  | { kind: "no_date_of_death" }
  | { kind: "not_covered" }
  | { kind: "requirement"; code: string; label: string; status: Claim["requirements"][number]["status"] };

export type CloseBlocker = { kind: "unpaid"; currency: string; expenses: string; paid: string };

/** Why the claim cannot be approved yet: cover unknown or refused, then each mandatory item not accepted. */
export function approveBlockers(claim: Pick<Claim, "eligibility" | "requirements">): ApproveBlocker[] {
  const blockers: ApproveBlocker[] = [];
  if (claim.eligibility === null) blockers.push({ kind: "no_date_of_death" });
  else if (!claim.eligibility.covered) blockers.push({ kind: "not_covered" });
  for (const item of claim.requirements) {
    if (item.mandatory && item.status !== "ACCEPTED")
      blockers.push({ kind: "requirement", code: item.code, label: item.label, status: item.status });
  }
  return blockers;
}

/** Why the claim cannot be closed yet: in every currency the payouts must equal the expenses. */
export function closeBlockers(claim: Pick<Claim, "total_expenses" | "total_paid_out">): CloseBlocker[] {
  const currencies = [...new Set([...Object.keys(claim.total_expenses), ...Object.keys(claim.total_paid_out)])].sort();
  return currencies
    .map((currency) => ({
      kind: "unpaid" as const,
      currency,
      expenses: claim.total_expenses[currency] ?? "0.00",
      paid: claim.total_paid_out[currency] ?? "0.00",
    }))
    .filter((row) => !money(row.expenses).eq(row.paid));
}

/** Totals per currency side by side: expenses, paid out and what is left to pay, sorted by currency. */
export function payoutBalance(claim: Pick<Claim, "total_expenses" | "total_paid_out">) {
  const currencies = [...new Set([...Object.keys(claim.total_expenses), ...Object.keys(claim.total_paid_out)])].sort();
  return currencies.map((currency) => {
    const expenses = claim.total_expenses[currency] ?? "0.00";
    const paid = claim.total_paid_out[currency] ?? "0.00";
    return { currency, expenses, paid, left: money(expenses).minus(paid).toFixed(2) };
  });
}
