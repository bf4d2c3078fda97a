import { and, eq } from "drizzle-orm";
import { beneficiaries, type Policy } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { todayUtc } from "@/lib/emission/dates";
import { getPolicyOrThrow } from "@/lib/emission/internal";
import { BusinessRuleError } from "@/lib/errors";
import { assertDateOfDeath, assertPolicyInForceForClaim, defaultRepatriationCountry } from "./claim-facts";
import { toClaimResponse } from "./internal";
import { openClaim } from "./open-claim";
import type { ClaimResponse, CreateClaimInput } from "./schemas";

/** POST /claims/: staff report a death on a policy in their scope. */
export async function createClaim({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: CreateClaimInput;
}): Promise<ClaimResponse> {
  assertCan(ctx.actor, "claims:write");
  return reportClaim(ctx, (tx) => getPolicyOrThrow(tx, input.policy_id), input);
}

/**
 * The rules of reporting a death (claims-cover.md section 1), shared by POST /claims/ and POST
 * /portal/claims, checked in the order of the endpoint's description: the policy (`findPolicy` answers
 * 404 for one the caller may not report on); the beneficiary not on it 422; the date of death out of
 * bounds 422; the policy not in force today (no date) or on the date of death 422. A life not covered
 * that day does not block: the claim's eligibility says why.
 */
export async function reportClaim(
  ctx: ServiceContext,
  findPolicy: (tx: ServiceContext) => Promise<Policy>,
  input: CreateClaimInput,
): Promise<ClaimResponse> {
  return inTransaction(ctx, async (tx) => {
    const policy = await findPolicy(tx);
    const [beneficiary] = await tx.db
      .select()
      .from(beneficiaries)
      .where(and(eq(beneficiaries.id, input.beneficiary_id), eq(beneficiaries.policyId, policy.id)));
    if (!beneficiary)
      throw new BusinessRuleError("beneficiary does not belong to the policy", [
        { path: "beneficiary_id", message: "not a beneficiary of this policy", code: "not_policy_beneficiary" },
      ]);
    const today = todayUtc();
    const dateOfDeath = input.date_of_death ?? null;
    if (dateOfDeath !== null) assertDateOfDeath(dateOfDeath, beneficiary, today);
    await assertPolicyInForceForClaim(tx.db, policy, dateOfDeath, today);
    const claim = await openClaim(tx, {
      policy,
      beneficiary,
      description: input.description,
      reason: "claim reported",
      facts: {
        dateOfDeath,
        causeOfDeath: input.cause_of_death ?? "UNDETERMINED",
        placeOfDeathCountry: input.place_of_death_country ?? null,
        repatriationToCountry:
          input.repatriation_to_country ?? (await defaultRepatriationCountry(tx.db, policy, beneficiary)),
      },
    });
    return toClaimResponse(tx.db, claim);
  });
}
