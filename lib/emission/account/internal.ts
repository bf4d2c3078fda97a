import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { planVersions, type Policy } from "@/db/schema";
import { ConflictError } from "@/lib/errors";
import { formatMoney } from "@/lib/money";
import { PAYABLE_POLICY_STATUSES } from "@/lib/payments/state-machine";
import { todayUtc } from "../dates";
import { POLICY_DATE_TERMS, policyDates, type PolicyDateTerms } from "../internal";

/** The terms of the policy's version that its account is counted with (grace, reinstatement window). */
export async function premiumTermsOf(db: DbOrTx, policy: Pick<Policy, "planVersionId">): Promise<PolicyDateTerms> {
  const [terms] = await db
    .select(POLICY_DATE_TERMS)
    .from(planVersions)
    .where(eq(planVersions.id, policy.planVersionId));
  return terms;
}

/**
 * Why the policy takes no payment today, or null when it does (lifecycle.md sections 3 and 6): its status
 * must be one that owes or may pay ahead, and a LAPSED policy only while its reinstatement window is open.
 */
export function refusalOfPayment(policy: Policy, terms: PolicyDateTerms, today = todayUtc()): string | null {
  if (!(PAYABLE_POLICY_STATUSES as readonly string[]).includes(policy.status)) {
    return `a ${policy.status} policy takes no payment; only ${PAYABLE_POLICY_STATUSES.join(", ")} policies do`;
  }
  if (policy.status === "LAPSED" && policyDates(policy, terms, today).reinstatable_until === null) {
    return `policy lapsed on ${policy.lapsedOn ?? "an unknown day"} and can no longer be reinstated`;
  }
  return null;
}

/** 409 unless the policy takes a payment today (refusalOfPayment). */
export function assertPayable(policy: Policy, terms: PolicyDateTerms, today = todayUtc()): void {
  const refusal = refusalOfPayment(policy, terms, today);
  if (refusal) throw new ConflictError(refusal);
}

/**
 * The next premium the policy owes: the monthly premium in force, due on the first day not yet paid for
 * (policyDates). Null when nothing more is owed: a policy that takes no payment, a cancellation waiting
 * for the end of the paid period, or a term that ends before the due date and does not renew.
 */
export function nextPremium(policy: Policy, terms: PolicyDateTerms, today = todayUtc()) {
  if (refusalOfPayment(policy, terms, today) !== null) return null;
  const dueDate = policyDates(policy, terms, today).next_due_date;
  if (policy.cancelAt !== null && dueDate > policy.cancelAt) return null;
  if (!policy.autoRenew && dueDate > policy.endDate) return null;
  return { due_date: dueDate, amount: formatMoney(policy.finalPrice), currency: policy.currency };
}
