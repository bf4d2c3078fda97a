import { eq } from "drizzle-orm";
import { policies, policyStatusHistory, type Policy, type PolicyStatus } from "@/db/schema";
import { actorLabel } from "@/lib/auth/actor";
import { inTransaction, sendAfterCommit, type ServiceContext } from "@/lib/context";
import { ConflictError, NotFoundError } from "@/lib/errors";
import { writeAudit } from "@/lib/operations/audit";

/** What moves a policy: an administrator's transition, or an event of the card processor. */
export type PolicyTrigger = "manual" | "payment_succeeded" | "payment_failed" | "subscription_deleted";

// The one table of every policy move (contract section 6). A move not listed here is refused with 409,
// whatever asks for it; CANCELLED and EXPIRED have no way out.
export const POLICY_MOVES: ReadonlyArray<{ from: PolicyStatus; to: PolicyStatus; triggers: readonly PolicyTrigger[] }> = [
  { from: "DRAFT", to: "PENDING_PAYMENT", triggers: ["manual"] },
  { from: "DRAFT", to: "CANCELLED", triggers: ["manual"] },
  { from: "PENDING_PAYMENT", to: "ACTIVE", triggers: ["manual", "payment_succeeded"] },
  { from: "PENDING_PAYMENT", to: "PAID_FAILED", triggers: ["payment_failed"] },
  { from: "PENDING_PAYMENT", to: "CANCELLED", triggers: ["manual", "subscription_deleted"] },
  { from: "PAID_FAILED", to: "ACTIVE", triggers: ["payment_succeeded"] },
  { from: "PAID_FAILED", to: "CANCELLED", triggers: ["manual", "subscription_deleted"] },
  { from: "ACTIVE", to: "IN_ARREARS", triggers: ["manual", "payment_failed"] },
  { from: "ACTIVE", to: "CANCELLED", triggers: ["manual", "subscription_deleted"] },
  { from: "ACTIVE", to: "EXPIRED", triggers: ["manual"] },
  { from: "IN_ARREARS", to: "ACTIVE", triggers: ["manual", "payment_succeeded"] },
  { from: "IN_ARREARS", to: "CANCELLED", triggers: ["manual", "subscription_deleted"] },
];

export function canMove(from: PolicyStatus, to: PolicyStatus, trigger: PolicyTrigger): boolean {
  return POLICY_MOVES.some((move) => move.from === from && move.to === to && move.triggers.includes(trigger));
}

/** The statuses a trigger may move a policy to from `from` (the transition form offers these). */
export function movesFrom(from: PolicyStatus, trigger: PolicyTrigger): PolicyStatus[] {
  return POLICY_MOVES.filter((move) => move.from === from && move.triggers.includes(trigger)).map((move) => move.to);
}

/** Statuses in which the policy covers its people: the certificate and the wallet pass are served. */
export const COVERING_STATUSES: readonly PolicyStatus[] = ["ACTIVE", "IN_ARREARS"];

export type PolicyMove = { policyId: string; to: PolicyStatus; reason: string; trigger: PolicyTrigger };

/**
 * Moves one policy, under a row lock so two moves of the same policy never interleave: checks the move
 * against the table, writes the history row (who: the actor's label) and the audit entry, and, when the
 * policy becomes ACTIVE, asks for its certificate to be rendered once the move has committed.
 */
export async function movePolicy(ctx: ServiceContext, move: PolicyMove): Promise<Policy> {
  return inTransaction(ctx, async (tx) => {
    const [policy] = await tx.db.select().from(policies).where(eq(policies.id, move.policyId)).for("update");
    if (!policy) throw new NotFoundError("policy");
    if (!canMove(policy.status, move.to, move.trigger)) {
      throw new ConflictError(`a policy cannot move from ${policy.status} to ${move.to}`);
    }
    const [updated] = await tx.db
      .update(policies)
      .set({ status: move.to, updatedAt: new Date() })
      .where(eq(policies.id, policy.id))
      .returning();
    await tx.db.insert(policyStatusHistory).values({
      policyId: policy.id,
      fromStatus: policy.status,
      toStatus: move.to,
      changedBy: actorLabel(tx.actor),
      reason: move.reason,
    });
    await writeAudit(tx, {
      action: "POLICY_STATUS_CHANGED",
      entity: "policies",
      entityId: policy.id,
      companyId: policy.companyId,
      details: { from_status: policy.status, to_status: move.to, reason: move.reason, trigger: move.trigger },
    });
    if (move.to === "ACTIVE") sendAfterCommit(tx, { name: "emission/policy.activated", data: { policy_id: policy.id } });
    return updated;
  });
}
