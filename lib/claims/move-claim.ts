import { eq } from "drizzle-orm";
import { claims, claimStatusHistory } from "@/db/schema";
import { actorLabel, assertCan, can } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { BusinessRuleError, ForbiddenError } from "@/lib/errors";
import { writeAudit } from "@/lib/operations/audit";
import { blockedMoveDetail, moveBlockers } from "./approval";
import { getClaimOrThrow, settlementDays, toClaimResponse } from "./internal";
import type { ClaimResponse, ClaimStatusInput } from "./schemas";
import { assertClaimMove } from "./state-machine";

const HOUR_MS = 3_600_000;

/**
 * PATCH /claims/{id}/status: a move of the contract's table (409 otherwise), with a history row and its
 * reason. APPROVED and CLOSED must pass their rules (claims-cover.md sections 4 and 5, lib/claims/approval.ts):
 * 422 with what blocks them, unless `override` (claims:override, 403 without), audited CLAIM_OVERRIDDEN.
 * The move to APPROVED starts the settlement deadline.
 */
export async function moveClaim({
  ctx,
  claimId,
  input,
}: {
  ctx: ServiceContext;
  claimId: string;
  input: ClaimStatusInput;
}): Promise<ClaimResponse> {
  assertCan(ctx.actor, "claims:manage");
  const override = input.override === true;
  if (override && !can(ctx.actor, "claims:override"))
    throw new ForbiddenError("overriding what blocks a claim needs the permission claims:override");
  return inTransaction(ctx, async (tx) => {
    const claim = await getClaimOrThrow(tx, claimId, { forUpdate: true });
    assertClaimMove(claim.status, input.status);
    // Judged on the claim as it stands under the lock: no expense, payout or review crosses the decision.
    const blockers = moveBlockers(await toClaimResponse(tx.db, claim), input.status);
    if (blockers.length > 0 && !override)
      throw new BusinessRuleError(blockedMoveDetail(input.status, blockers), blockers);
    const now = new Date();
    const decision =
      input.status === "APPROVED"
        ? { approvedAt: now, settleBy: new Date(now.getTime() + settlementDays() * 24 * HOUR_MS) }
        : {};
    const [updated] = await tx.db
      .update(claims)
      .set({ status: input.status, updatedAt: now, ...decision })
      .where(eq(claims.id, claim.id))
      .returning();
    await tx.db.insert(claimStatusHistory).values({
      claimId: claim.id,
      fromStatus: claim.status,
      toStatus: input.status,
      changedBy: actorLabel(tx.actor),
      reason: input.reason,
    });
    await writeAudit(tx, {
      action: "CLAIM_STATUS_CHANGED",
      entity: "claims",
      entityId: claim.id,
      companyId: claim.companyId,
      details: { from_status: claim.status, to_status: input.status, reason: input.reason },
    });
    if (blockers.length > 0) {
      await writeAudit(tx, {
        action: "CLAIM_OVERRIDDEN",
        entity: "claims",
        entityId: claim.id,
        companyId: claim.companyId,
        details: { to_status: input.status, reasons: blockers, reason: input.reason },
      });
    }
    return toClaimResponse(tx.db, updated);
  });
}
