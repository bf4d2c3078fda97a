import { approvalBlockers, currencyBalances } from "@/lib/claims/approval";
import { money } from "@/lib/money";
import type { Claim } from "./types";

// What stands between a claim and its next decision, computed from the claim as the API answers it
// (the same rules the service applies, claims-cover.md section 4), so the desk says it before a click.

export type ApproveBlocker =
  | { kind: "no_date_of_death" }
  | { kind: "not_covered" }
  | { kind: "requirement"; code: string; label: string; status: Claim["requirements"][number]["status"] };

export type CloseBlocker = { kind: "unpaid"; currency: string; expenses: string; paid: string };

/** Why the claim cannot be approved yet: the service's own rules (lib/claims/approval.ts), said per kind. */
export function approveBlockers(claim: Pick<Claim, "eligibility" | "requirements">): ApproveBlocker[] {
  const blockers: ApproveBlocker[] = [];
  for (const blocker of approvalBlockers(claim)) {
    if (blocker.code === "date_of_death_unknown") blockers.push({ kind: "no_date_of_death" });
    // The service lists each reason; the page says "not covered" once and shows the reasons beside it.
    else if (blocker.code === "not_covered" && !blockers.some((shown) => shown.kind === "not_covered"))
      blockers.push({ kind: "not_covered" });
    else if (blocker.code === "requirement_not_accepted") {
      const item = claim.requirements.find((requirement) => blocker.path === `requirements.${requirement.code}`);
      if (item) blockers.push({ kind: "requirement", code: item.code, label: item.label, status: item.status });
    }
  }
  return blockers;
}

/** Why the claim cannot be closed yet: in every currency the payouts must equal the expenses. */
export function closeBlockers(claim: Pick<Claim, "total_expenses" | "total_paid_out">): CloseBlocker[] {
  return currencyBalances(claim)
    .filter(({ expenses, paid }) => !money(expenses).eq(paid))
    .map((row) => ({ kind: "unpaid" as const, ...row }));
}

/** Totals per currency side by side: expenses, paid out and what is left to pay, sorted by currency. */
export function payoutBalance(claim: Pick<Claim, "total_expenses" | "total_paid_out">) {
  return currencyBalances(claim).map((row) => ({ ...row, left: money(row.expenses).minus(row.paid).toFixed(2) }));
}
