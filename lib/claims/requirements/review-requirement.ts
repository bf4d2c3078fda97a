import { and, eq } from "drizzle-orm";
import { claimRequirements } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { BusinessRuleError, ConflictError, NotFoundError } from "@/lib/errors";
import { writeAudit } from "@/lib/operations/audit";
import { getClaimOrThrow, toRequirementResponse } from "../internal";
import { RequirementItem, type ClaimRequirementResponse, type ReviewRequirementInput } from "../schemas";
import { acceptsExpenses } from "../state-machine";

/**
 * PATCH /claims/{id}/requirements/{code}: accepts or rejects an item of the checklist. ACCEPTED needs an
 * uploaded document (422); an item the claim does not have is 404; a CLOSED or REJECTED claim 409.
 */
export async function reviewRequirement({
  ctx,
  claimId,
  code,
  input,
}: {
  ctx: ServiceContext;
  claimId: string;
  code: string;
  input: ReviewRequirementInput;
}): Promise<ClaimRequirementResponse> {
  assertCan(ctx.actor, "claims:manage");
  return inTransaction(ctx, async (tx) => {
    // Locked, so that a review and an upload or a move of the same claim never cross.
    const claim = await getClaimOrThrow(tx, claimId, { forUpdate: true });
    if (!acceptsExpenses(claim.status))
      throw new ConflictError(`the checklist of a ${claim.status} claim can no longer be reviewed`);
    // A code that no checklist could hold is not looked up at all.
    const [requirement] = RequirementItem.shape.code.safeParse(code).success
      ? await tx.db
          .select()
          .from(claimRequirements)
          .where(and(eq(claimRequirements.claimId, claim.id), eq(claimRequirements.code, code)))
          .for("update")
      : [];
    if (!requirement) throw new NotFoundError("requirement");
    if (input.status === "ACCEPTED" && requirement.documentId === null)
      throw new BusinessRuleError(`${requirement.code} cannot be accepted before a document is uploaded for it`, [
        { path: "status", message: "needs an uploaded document", code: "document_required" },
      ]);
    const [reviewed] = await tx.db
      .update(claimRequirements)
      .set({ status: input.status, note: input.note || null })
      .where(eq(claimRequirements.id, requirement.id))
      .returning();
    await writeAudit(tx, {
      action: "CLAIM_REQUIREMENT_REVIEWED",
      entity: "claims",
      entityId: claim.id,
      companyId: claim.companyId,
      details: {
        code: reviewed.code,
        from_status: requirement.status,
        to_status: reviewed.status,
        document_id: reviewed.documentId,
        note: reviewed.note,
      },
    });
    return toRequirementResponse(reviewed);
  });
}
