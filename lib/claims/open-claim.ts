import { claims, claimStatusHistory, type Beneficiary, type Claim, type Policy } from "@/db/schema";
import type { CauseOfDeath } from "@/db/enums";
import { actorLabel } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { todayUtc } from "@/lib/emission/dates";
import { writeAudit } from "@/lib/operations/audit";
import { nextClaimNumber } from "./claim-numbers";
import { addChecklist } from "./requirements/checklist";

/** The facts of a death a claim is opened with (claims-cover.md section 1), as the caller settled them. */
export type DeathFacts = {
  dateOfDeath: string | null;
  causeOfDeath: CauseOfDeath;
  placeOfDeathCountry: string | null;
  repatriationToCountry: string | null;
};

/**
 * Opens a claim (PENDING) for one beneficiary of a policy, with the company's next claim number of the year,
 * its checklist, its first history row and audit entry, in the caller's transaction. The rules of who may claim are the caller's to check.
 */
export async function openClaim(
  ctx: ServiceContext,
  {
    policy,
    beneficiary,
    description,
    reason,
    facts,
  }: { policy: Policy; beneficiary: Beneficiary; description: string; reason: string; facts: DeathFacts },
): Promise<Claim> {
  const claimNumber = await nextClaimNumber(ctx.db, policy.companyId, Number(todayUtc().slice(0, 4)));
  const [claim] = await ctx.db
    .insert(claims)
    .values({
      claimNumber,
      policyId: policy.id,
      beneficiaryId: beneficiary.id,
      companyId: policy.companyId,
      businessUnitId: policy.businessUnitId,
      description,
      status: "PENDING",
      createdBy: actorLabel(ctx.actor),
      ...facts,
    })
    .returning();
  await addChecklist(ctx.db, claim);
  await ctx.db
    .insert(claimStatusHistory)
    .values({ claimId: claim.id, fromStatus: null, toStatus: "PENDING", changedBy: actorLabel(ctx.actor), reason });
  await writeAudit(ctx, {
    action: "CLAIM_CREATED",
    entity: "claims",
    entityId: claim.id,
    companyId: policy.companyId,
    details: {
      claim_number: claim.claimNumber,
      policy_id: policy.id,
      beneficiary_id: beneficiary.id,
      reason,
      date_of_death: facts.dateOfDeath,
    },
  });
  return claim;
}
