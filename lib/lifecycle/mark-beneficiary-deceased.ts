import { and, asc, eq } from "drizzle-orm";
import { beneficiaries, claims, policies, type Beneficiary, type Policy } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { defaultRepatriationCountry } from "@/lib/claims/claim-facts";
import { openClaim } from "@/lib/claims/open-claim";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { NotFoundError } from "@/lib/errors";
import { scopeFilter } from "@/lib/auth/scope-filter";
import { writeAudit } from "@/lib/operations/audit";
import { isCovered, premiumOf, recordEndorsement } from "./endorsement";
import { todayUtc } from "@/lib/emission/dates";
import { POLICY_MOVES } from "@/lib/emission/state-machine";

/** Who the endorsement a death makes is by: the system, whoever reported the death. */
export const DECEASED_ENDORSER = "system:deceased";

/**
 * POST /emission/beneficiaries/{id}/mark-deceased: sets the flag and opens the claim (PENDING) in the
 * same transaction. The policy and beneficiary rows are locked first, so marking twice, even at once, opens one claim:
 * the second call finds the flag set and returns the claim the first opened. The death also ends the
 * life's cover and re-prices the policy (lifecycle.md section 7, repriceWithout below).
 */
export async function markBeneficiaryDeceased({ ctx, beneficiaryId }: { ctx: ServiceContext; beneficiaryId: string }) {
  assertCan(ctx.actor, "beneficiaries:mark_deceased");
  return inTransaction(ctx, async (tx) => {
    // The policy is locked before the life, the order an endorsement takes them in (so that the two never
    // deadlock), and so that the re-pricing below starts from the premium in force.
    const [owner] = await tx.db
      .select({ policyId: beneficiaries.policyId })
      .from(beneficiaries)
      .innerJoin(policies, eq(policies.id, beneficiaries.policyId))
      .where(and(eq(beneficiaries.id, beneficiaryId), scopeFilter(tx.actor, policies)));
    if (owner)
      await tx.db.select({ id: policies.id }).from(policies).where(eq(policies.id, owner.policyId)).for("update");
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
        .select({ id: claims.id, claimNumber: claims.claimNumber })
        .from(claims)
        .where(eq(claims.beneficiaryId, beneficiary.id))
        .orderBy(asc(claims.reportedAt))
        .limit(1);
      if (existing)
        return {
          beneficiary_id: beneficiary.id,
          deceased_flag: true as const,
          claim_id: existing.id,
          claim_number: existing.claimNumber,
        };
    }
    // The death ends the life's cover that day (lifecycle.md section 7); a life removed earlier keeps its end.
    const today = todayUtc();
    const [dead] = await tx.db
      .update(beneficiaries)
      .set({ deceasedFlag: true, deceasedAt: new Date(), coverEndDate: beneficiary.coverEndDate ?? today })
      .where(eq(beneficiaries.id, beneficiary.id))
      .returning();
    await writeAudit(tx, {
      action: "BENEFICIARY_DECEASED",
      entity: "beneficiaries",
      entityId: beneficiary.id,
      companyId: policy.companyId,
      details: { policy_id: policy.id },
    });
    if (beneficiary.coverEndDate === null) await repriceWithout(tx, policy, dead, today);
    const claim = await openClaim(tx, {
      policy,
      beneficiary,
      description: `${beneficiary.firstName} ${beneficiary.lastName} was reported deceased (policy ${policy.policyNumber}).`,
      reason: "beneficiary marked deceased",
      // Opened even when the policy is not in force that day: the claim's eligibility then says why.
      facts: {
        dateOfDeath: today,
        causeOfDeath: "UNDETERMINED",
        placeOfDeathCountry: null,
        repatriationToCountry: await defaultRepatriationCountry(tx.db, policy, beneficiary),
      },
    });
    return {
      beneficiary_id: beneficiary.id,
      deceased_flag: true as const,
      claim_id: claim.id,
      claim_number: claim.claimNumber,
    };
  });
}

/**
 * A death re-prices the policy as an endorsement by the system would: final_price becomes the sum of the
 * lives still covered, from the next unpaid premium, with an endorsement row, its notice and the
 * subscription's new amount. The policy keeps its status, even when no life is left: its claim is settled
 * later. A policy that bills no more (CANCELLED, EXPIRED, NOT_TAKEN_UP) is left as it is.
 */
async function repriceWithout(tx: ServiceContext, policy: Policy, dead: Beneficiary, today: string): Promise<void> {
  if (!POLICY_MOVES.some((move) => move.from === policy.status)) return;
  const lives = await tx.db.select().from(beneficiaries).where(eq(beneficiaries.policyId, policy.id));
  await recordEndorsement(tx, {
    policy,
    effectiveDate: today,
    reason: `${dead.firstName} ${dead.lastName} died (marked deceased on ${today})`,
    premiumAfter: premiumOf(lives.filter(isCovered)),
    added: [],
    removed: [dead],
    createdBy: DECEASED_ENDORSER,
    tellProcessor: true,
  });
}
