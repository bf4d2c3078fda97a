import { POLICY_STATUSES, type PolicyStatus } from "@/db/enums";
import { ConflictError } from "@/lib/errors";

// The policy's lifecycle, pure, with no database: the back office's transition form offers the same moves
// the service allows. The statuses are the database's (db/schema/emission.ts); movePolicy (move-policy.ts)
// is the one function that moves a policy, and it checks every move with assertPolicyMove below.
export { POLICY_STATUSES, type PolicyStatus };

/**
 * What moves a policy: an administrator's transition, an event of the card processor, a premium received
 * (payment_succeeded, reinstatement included), the daily lifecycle run, or a cancellation (lifecycle.md
 * section 8: the cancel endpoints, and the transition endpoint's move into CANCELLED).
 */
export type PolicyTrigger =
  "manual" | "payment_succeeded" | "payment_failed" | "subscription_deleted" | "lifecycle" | "cancellation";

// The one table of every policy move (contract section 6, lifecycle.md sections 3 to 8). A move not listed
// here is refused with 409, whatever asks for it; CANCELLED, EXPIRED and NOT_TAKEN_UP have no way out.
// ACTIVE is reached only by premiums (a LAPSED policy's is its reinstatement) and renewal, which keeps it.
export const POLICY_MOVES: ReadonlyArray<{ from: PolicyStatus; to: PolicyStatus; triggers: readonly PolicyTrigger[] }> =
  [
    { from: "DRAFT", to: "PENDING_PAYMENT", triggers: ["manual"] },
    { from: "DRAFT", to: "CANCELLED", triggers: ["cancellation"] },
    { from: "PENDING_PAYMENT", to: "ACTIVE", triggers: ["payment_succeeded"] },
    { from: "PENDING_PAYMENT", to: "PAID_FAILED", triggers: ["payment_failed"] },
    { from: "PENDING_PAYMENT", to: "NOT_TAKEN_UP", triggers: ["lifecycle"] },
    { from: "PENDING_PAYMENT", to: "CANCELLED", triggers: ["cancellation", "subscription_deleted"] },
    { from: "PAID_FAILED", to: "ACTIVE", triggers: ["payment_succeeded"] },
    { from: "PAID_FAILED", to: "NOT_TAKEN_UP", triggers: ["lifecycle"] },
    { from: "PAID_FAILED", to: "CANCELLED", triggers: ["cancellation", "subscription_deleted"] },
    { from: "ACTIVE", to: "IN_ARREARS", triggers: ["manual", "payment_failed", "lifecycle"] },
    { from: "ACTIVE", to: "CANCELLED", triggers: ["cancellation", "subscription_deleted", "lifecycle"] },
    { from: "ACTIVE", to: "EXPIRED", triggers: ["manual", "lifecycle"] },
    { from: "IN_ARREARS", to: "ACTIVE", triggers: ["payment_succeeded"] },
    { from: "IN_ARREARS", to: "LAPSED", triggers: ["lifecycle"] },
    { from: "IN_ARREARS", to: "CANCELLED", triggers: ["cancellation", "subscription_deleted", "lifecycle"] },
    { from: "LAPSED", to: "ACTIVE", triggers: ["payment_succeeded"] },
    { from: "LAPSED", to: "CANCELLED", triggers: ["cancellation"] },
  ];

export function canMove(from: PolicyStatus, to: PolicyStatus, trigger: PolicyTrigger): boolean {
  return POLICY_MOVES.some((move) => move.from === from && move.to === to && move.triggers.includes(trigger));
}

/** The check every policy move passes: 409 naming both statuses for a move the table does not allow. */
export function assertPolicyMove(from: PolicyStatus, to: PolicyStatus, trigger: PolicyTrigger): void {
  if (!canMove(from, to, trigger)) throw new ConflictError(`a policy cannot move from ${from} to ${to}`);
}

/** The statuses a trigger may move a policy to from `from` (the transition form offers these). */
export function movesFrom(from: PolicyStatus, trigger: PolicyTrigger): PolicyStatus[] {
  return POLICY_MOVES.filter((move) => move.from === from && move.triggers.includes(trigger)).map((move) => move.to);
}

/** Statuses in which the policy covers its people: the certificate and the wallet pass are served. */
export const COVERING_STATUSES: readonly PolicyStatus[] = ["ACTIVE", "IN_ARREARS"];

export function isCovering(status: PolicyStatus): boolean {
  return COVERING_STATUSES.includes(status);
}
