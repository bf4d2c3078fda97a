import { inArray } from "drizzle-orm";
import { chunksForInsert } from "@/db/chunks";
import { policies, policyStatusHistory, type Policy, type PolicyStatus } from "@/db/schema";
import { actorLabel } from "@/lib/auth/actor";
import { inTransaction, sendAfterCommit, type ServiceContext } from "@/lib/context";
import { NotFoundError } from "@/lib/errors";
import { writeAudits } from "@/lib/operations/audit";
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
  const [moved] = await movePolicies(ctx, [move]);
  return moved;
}

/**
 * movePolicy for many policies at once, each move as checked and recorded as movePolicy's, in a few
 * statements whatever their number (the lifecycle run moves thousands a day). All or none: one move the
 * table refuses refuses them all. Returns the policies as moved, in the order of `moves`.
 */
export async function movePolicies(ctx: ServiceContext, moves: readonly PolicyMove[]): Promise<Policy[]> {
  if (moves.length === 0) return [];
  const ids = moves.map((move) => move.policyId);
  if (new Set(ids).size !== ids.length) throw new Error("movePolicies: a policy may move once per call");
  return inTransaction(ctx, async (tx) => {
    // In id order, so that two callers locking overlapping sets wait for each other instead of deadlocking.
    const locked = await tx.db
      .select()
      .from(policies)
      .where(inArray(policies.id, ids))
      .orderBy(policies.id)
      .for("update");
    const before = new Map(locked.map((policy) => [policy.id, policy]));
    for (const move of moves) {
      const policy = before.get(move.policyId);
      if (!policy) throw new NotFoundError("policy");
      assertPolicyMove(policy.status, move.to, move.trigger);
    }
    // One update per distinct target and columns set (a day's lapses share their lapsed_on).
    const groups = new Map<string, PolicyMove[]>();
    for (const move of moves) {
      const key = JSON.stringify([move.to, move.set ?? {}]);
      const group = groups.get(key);
      if (group) group.push(move);
      else groups.set(key, [move]);
    }
    const after = new Map<string, Policy>();
    for (const [first, ...rest] of groups.values()) {
      const rows = await tx.db
        .update(policies)
        .set({ ...first.set, status: first.to, updatedAt: new Date() })
        .where(
          inArray(
            policies.id,
            [first, ...rest].map((move) => move.policyId),
          ),
        )
        .returning();
      for (const row of rows) after.set(row.id, row);
    }
    const today = todayUtc();
    const changedBy = actorLabel(tx.actor);
    const history = moves.map((move) => ({
      policyId: move.policyId,
      fromStatus: before.get(move.policyId)!.status,
      toStatus: move.to,
      changedBy,
      reason: move.reason,
      effectiveDate: move.effectiveDate ?? today,
    }));
    for (const chunk of chunksForInsert(history)) await tx.db.insert(policyStatusHistory).values(chunk);
    await writeAudits(
      tx,
      moves.map((move) => ({
        action: "POLICY_STATUS_CHANGED",
        entity: "policies",
        entityId: move.policyId,
        companyId: before.get(move.policyId)!.companyId,
        details: {
          from_status: before.get(move.policyId)!.status,
          to_status: move.to,
          reason: move.reason,
          trigger: move.trigger,
          effective_date: move.effectiveDate ?? today,
        },
      })),
    );
    for (const move of moves)
      if (move.to === "ACTIVE")
        sendAfterCommit(tx, { name: "emission/policy.activated", data: { policy_id: move.policyId } });
    return moves.map((move) => after.get(move.policyId)!);
  });
}
