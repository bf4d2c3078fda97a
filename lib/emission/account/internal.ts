import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { planVersions, type Policy } from "@/db/schema";
import { ConflictError } from "@/lib/errors";
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
