import { eq } from "drizzle-orm";
import { policies, policyStatusHistory, type Policy, type PolicyStatus } from "@/db/schema";
import { actorLabel } from "@/lib/auth/actor";
import { inTransaction, sendAfterCommit, type ServiceContext } from "@/lib/context";
import { NotFoundError } from "@/lib/errors";
import { writeAudit } from "@/lib/operations/audit";
import { todayUtc } from "./dates";
import { assertPolicyMove, type PolicyTrigger } from "./state-machine";

export type PolicyMove = {
  policyId: string;
  to: PolicyStatus;
  reason: string;
  trigger: PolicyTrigger;
  /** The day the move took effect (default today, UTC): a catch-up run dates a lapse on its lapse day. */
  effectiveDate?: string;
  /** Other columns the move sets in the same write (lapsed_on, reinstated_on, cancellation_reason_code...). */
  set?: Partial<Pick<Policy, "lapsedOn" | "reinstatedOn" | "cancelAt" | "cancellationReasonCode" | "autoRenew">>;
};

/**
 * The one way a policy changes status (an administrator's transition, a payment event). Moves one policy
 * under a row lock, so two moves of the same policy never interleave: checks the move against the table
 * (state-machine.ts), writes the history row (who: the actor's label) and the audit entry, and, when the
 * policy becomes ACTIVE, asks for its certificate to be rendered once the move has committed.
 */
export async function movePolicy(ctx: ServiceContext, move: PolicyMove): Promise<Policy> {
  return inTransaction(ctx, async (tx) => {
    const [policy] = await tx.db.select().from(policies).where(eq(policies.id, move.policyId)).for("update");
    if (!policy) throw new NotFoundError("policy");
    assertPolicyMove(policy.status, move.to, move.trigger);
    const [updated] = await tx.db
      .update(policies)
      .set({ ...move.set, status: move.to, updatedAt: new Date() })
      .where(eq(policies.id, policy.id))
      .returning();
    await tx.db.insert(policyStatusHistory).values({
      policyId: policy.id,
      fromStatus: policy.status,
      toStatus: move.to,
      changedBy: actorLabel(tx.actor),
      reason: move.reason,
      effectiveDate: move.effectiveDate ?? todayUtc(),
    });
    await writeAudit(tx, {
      action: "POLICY_STATUS_CHANGED",
      entity: "policies",
      entityId: policy.id,
      companyId: policy.companyId,
      details: {
        from_status: policy.status,
        to_status: move.to,
        reason: move.reason,
        trigger: move.trigger,
        effective_date: move.effectiveDate ?? todayUtc(),
      },
    });
    if (move.to === "ACTIVE")
      sendAfterCommit(tx, { name: "emission/policy.activated", data: { policy_id: policy.id } });
    return updated;
  });
}
