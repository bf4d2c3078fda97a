import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { clients, planVersions, policyStatusHistory, type Beneficiary, type Policy } from "@/db/schema";
import { todayUtc } from "@/lib/emission/dates";
import { BusinessRuleError } from "@/lib/errors";
import { policyInForceOn } from "./eligibility";
import { coverFactsOfPolicy } from "./internal";

// The rules of the facts of a death (claims-cover.md section 1), shared by POST /claims/, PATCH
// /claims/{id}, POST /portal/claims and mark-deceased.

/** A date of death is neither after today (UTC) nor before the life's date of birth: else 422. */
export function assertDateOfDeath(
  dateOfDeath: string,
  life: Pick<Beneficiary, "dateOfBirth">,
  today: string = todayUtc(),
): void {
  if (dateOfDeath > today)
    throw new BusinessRuleError("date of death is in the future", [
      {
        path: "date_of_death",
        message: `${dateOfDeath} is after today (${today})`,
        code: "date_of_death_in_future",
      },
    ]);
  if (dateOfDeath < life.dateOfBirth)
    throw new BusinessRuleError("date of death is before the date of birth", [
      {
        path: "date_of_death",
        message: `${dateOfDeath} is before the life's date of birth (${life.dateOfBirth})`,
        code: "date_of_death_before_birth",
      },
    ]);
}

/**
 * Where the body goes when the report does not say: the life's own country of residence, else the
 * client's country of residence, else the client's nationality.
 */
export async function defaultRepatriationCountry(
  db: DbOrTx,
  policy: Pick<Policy, "clientId">,
  life: Pick<Beneficiary, "countryOfResidence">,
): Promise<string | null> {
  if (life.countryOfResidence) return life.countryOfResidence;
  const [client] = await db
    .select({ countryOfResidence: clients.countryOfResidence, nationality: clients.nationality })
    .from(clients)
    .where(eq(clients.id, policy.clientId));
  return client?.countryOfResidence || client?.nationality || null;
}

/** Whether the policy was in force on `day` by section 1's definition (paid-to date, grace, ending moves). */
export async function policyInForceOnDay(db: DbOrTx, policy: Policy, day: string): Promise<boolean> {
  const [[version], moves] = await Promise.all([
    db
      .select({ gracePeriodDays: planVersions.gracePeriodDays })
      .from(planVersions)
      .where(eq(planVersions.id, policy.planVersionId)),
    db
      .select({
        policyId: policyStatusHistory.policyId,
        toStatus: policyStatusHistory.toStatus,
        effectiveDate: policyStatusHistory.effectiveDate,
      })
      .from(policyStatusHistory)
      .where(eq(policyStatusHistory.policyId, policy.id))
      .orderBy(asc(policyStatusHistory.changedAt), asc(policyStatusHistory.id)),
  ]);
  return policyInForceOn(coverFactsOfPolicy(policy, version, moves), day);
}

/**
 * The creation rule: without a date of death the policy must be in force today (422 "policy is not
 * active"); with one, on that day (422 "policy was not in force on <date>"). IN_ARREARS within the grace
 * period is in force. Whether the life itself was covered does not block: the eligibility says it.
 */
export async function assertPolicyInForceForClaim(
  db: DbOrTx,
  policy: Policy,
  dateOfDeath: string | null,
  today: string = todayUtc(),
): Promise<void> {
  if (dateOfDeath === null) {
    if (!(await policyInForceOnDay(db, policy, today)))
      throw new BusinessRuleError("policy is not active", [
        {
          path: "policy_id",
          message: `the policy (${policy.status}, paid to ${policy.paidToDate ?? "never"}) is not in force on ${today}`,
          code: "policy_not_active",
        },
      ]);
    return;
  }
  if (!(await policyInForceOnDay(db, policy, dateOfDeath)))
    throw new BusinessRuleError(`policy was not in force on ${dateOfDeath}`, [
      {
        path: "date_of_death",
        message: `the policy (${policy.status}, paid to ${policy.paidToDate ?? "never"}) was not in force on ${dateOfDeath}`,
        code: "policy_not_in_force",
      },
    ]);
}
