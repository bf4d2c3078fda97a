import { eq } from "drizzle-orm";
import { beneficiaries, claims, type Claim } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { ConflictError } from "@/lib/errors";
import { writeAudit } from "@/lib/operations/audit";
import { assertDateOfDeath } from "./claim-facts";
import { getClaimOrThrow, toClaimResponse } from "./internal";
import { refreshChecklist } from "./requirements/checklist";
import type { ClaimResponse, UpdateClaimInput } from "./schemas";
import { acceptsExpenses } from "./state-machine";

/** The fields PATCH /claims/{id} corrects, with their columns. */
const FIELDS = {
  date_of_death: "dateOfDeath",
  cause_of_death: "causeOfDeath",
  place_of_death_country: "placeOfDeathCountry",
  repatriation_to_country: "repatriationToCountry",
  description: "description",
} as const satisfies Record<keyof UpdateClaimInput, keyof Claim>;

type Field = keyof typeof FIELDS;

/**
 * PATCH /claims/{id}: corrects the facts of the death or the description while the claim is neither
 * CLOSED nor REJECTED (409). A date of death is checked as on creation (422); cover never refuses the
 * change, the eligibility is computed again on the read. A change of places refreshes the checklist.
 */
export async function updateClaim({
  ctx,
  claimId,
  input,
}: {
  ctx: ServiceContext;
  claimId: string;
  input: UpdateClaimInput;
}): Promise<ClaimResponse> {
  assertCan(ctx.actor, "claims:write");
  // An empty body never gets here: the schema answers 422 no_changes (withSomeChange).
  const given = (Object.keys(FIELDS) as Field[]).filter((field) => input[field] !== undefined);
  return inTransaction(ctx, async (tx) => {
    const claim = await getClaimOrThrow(tx, claimId, { forUpdate: true });
    if (!acceptsExpenses(claim.status)) throw new ConflictError(`a ${claim.status} claim cannot be changed`);
    if (input.date_of_death !== undefined) {
      const [life] = await tx.db
        .select({ dateOfBirth: beneficiaries.dateOfBirth })
        .from(beneficiaries)
        .where(eq(beneficiaries.id, claim.beneficiaryId));
      assertDateOfDeath(input.date_of_death, life);
    }
    const changed = given.filter((field) => input[field] !== claim[FIELDS[field]]);
    if (changed.length === 0) return toClaimResponse(tx.db, claim);

    const set = Object.fromEntries(changed.map((field) => [FIELDS[field], input[field]])) as Partial<Claim>;
    const [updated] = await tx.db
      .update(claims)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(claims.id, claim.id))
      .returning();
    if (changed.includes("place_of_death_country") || changed.includes("repatriation_to_country"))
      await refreshChecklist(tx.db, updated);
    await writeAudit(tx, {
      action: "CLAIM_UPDATED",
      entity: "claims",
      entityId: claim.id,
      companyId: claim.companyId,
      details: {
        changes: Object.fromEntries(changed.map((field) => [field, { from: claim[FIELDS[field]], to: input[field] }])),
      },
    });
    return toClaimResponse(tx.db, updated);
  });
}
