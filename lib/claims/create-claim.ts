import { and, eq } from "drizzle-orm";
import { beneficiaries } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { todayUtc } from "@/lib/emission/dates";
import { getPolicyOrThrow } from "@/lib/emission/internal";
import { BusinessRuleError } from "@/lib/errors";
import { toClaimResponse } from "./internal";
import { openClaim } from "./open-claim";
import type { ClaimResponse, CreateClaimInput } from "./schemas";

/**
 * POST /claims/. Checks in the contract's order: unknown policy (or one outside the caller's scope) 404;
 * a policy that is not ACTIVE on the report date (today) 422; a beneficiary not on that policy 422.
 */
export async function createClaim({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: CreateClaimInput;
}): Promise<ClaimResponse> {
  assertCan(ctx.actor, "claims:write");
  return inTransaction(ctx, async (tx) => {
    const policy = await getPolicyOrThrow(tx, input.policy_id);
    const today = todayUtc();
    if (policy.status !== "ACTIVE" || today < policy.startDate || today > policy.endDate) {
      throw new BusinessRuleError("policy is not active", [
        {
          path: "policy_id",
          message: `the policy is ${policy.status} and covers ${policy.startDate} to ${policy.endDate}`,
          code: "policy_not_active",
        },
      ]);
    }
    const [beneficiary] = await tx.db
      .select()
      .from(beneficiaries)
      .where(and(eq(beneficiaries.id, input.beneficiary_id), eq(beneficiaries.policyId, policy.id)));
    if (!beneficiary)
      throw new BusinessRuleError("beneficiary does not belong to the policy", [
        { path: "beneficiary_id", message: "not a beneficiary of this policy", code: "not_policy_beneficiary" },
      ]);
    const claim = await openClaim(tx, {
      policy,
      beneficiary,
      description: input.description,
      reason: "claim reported",
      facts: {
        dateOfDeath: input.date_of_death ?? null,
        causeOfDeath: input.cause_of_death ?? "UNDETERMINED",
        placeOfDeathCountry: input.place_of_death_country ?? null,
        repatriationToCountry: input.repatriation_to_country ?? null,
      },
    });
    return toClaimResponse(tx.db, claim);
  });
}
