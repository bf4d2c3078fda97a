import { eq } from "drizzle-orm";
import { claims, claimStatusHistory } from "@/db/schema";
import { actorLabel, assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { writeAudit } from "@/lib/operations/audit";
import { getClaimOrThrow, toClaimResponse } from "./internal";
import type { ClaimResponse, ClaimStatusInput } from "./schemas";
import { assertClaimMove } from "./state-machine";

/** PATCH /claims/{id}/status: a move of the contract's table, with a history row and its reason. */
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
  return inTransaction(ctx, async (tx) => {
    const claim = await getClaimOrThrow(tx, claimId, { forUpdate: true });
    assertClaimMove(claim.status, input.status);
    const [updated] = await tx.db
      .update(claims)
      .set({ status: input.status, updatedAt: new Date() })
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
    return toClaimResponse(tx.db, updated);
  });
}
