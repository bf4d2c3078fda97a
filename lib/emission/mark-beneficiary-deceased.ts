import { and, asc, eq } from "drizzle-orm";
import { beneficiaries, claims, policies } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { openClaim } from "@/lib/claims/open-claim";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { NotFoundError } from "@/lib/errors";
import { scopeFilter } from "@/lib/auth/scope-filter";
import { writeAudit } from "@/lib/operations/audit";

/**
 * POST /emission/beneficiaries/{id}/mark-deceased: sets the flag and opens the claim (PENDING) in the
 * same transaction. The beneficiary row is locked first, so marking twice, even at once, opens one claim:
 * the second call finds the flag set and returns the claim the first opened.
 */
export async function markBeneficiaryDeceased({ ctx, beneficiaryId }: { ctx: ServiceContext; beneficiaryId: string }) {
  assertCan(ctx.actor, "beneficiaries:mark_deceased");
  return inTransaction(ctx, async (tx) => {
    const [found] = await tx.db
      .select({ beneficiary: beneficiaries, policy: policies })
      .from(beneficiaries)
      .innerJoin(policies, eq(policies.id, beneficiaries.policyId))
      // The caller's company (and unit), not visiblePolicies: a CRM key holds beneficiaries:mark_deceased
      // without emission:read, and must still reach its own company's beneficiaries.
      .where(and(eq(beneficiaries.id, beneficiaryId), scopeFilter(tx.actor, policies)))
      .for("update", { of: beneficiaries });
    if (!found) throw new NotFoundError("beneficiary");
    const { beneficiary, policy } = found;
    if (beneficiary.deceasedFlag) {
      const [existing] = await tx.db
        .select({ id: claims.id })
        .from(claims)
        .where(eq(claims.beneficiaryId, beneficiary.id))
        .orderBy(asc(claims.reportedAt))
        .limit(1);
      if (existing) return { beneficiary_id: beneficiary.id, deceased_flag: true as const, claim_id: existing.id };
    }
    await tx.db
      .update(beneficiaries)
      .set({ deceasedFlag: true, deceasedAt: new Date() })
      .where(eq(beneficiaries.id, beneficiary.id));
    await writeAudit(tx, {
      action: "BENEFICIARY_DECEASED",
      entity: "beneficiaries",
      entityId: beneficiary.id,
      companyId: policy.companyId,
      details: { policy_id: policy.id },
    });
    const claim = await openClaim(tx, {
      policy,
      beneficiary,
      description: `${beneficiary.firstName} ${beneficiary.lastName} was reported deceased (policy ${policy.policyNumber}).`,
      reason: "beneficiary marked deceased",
    });
    return { beneficiary_id: beneficiary.id, deceased_flag: true as const, claim_id: claim.id };
  });
}
