import { POLICY_STATUSES, type PolicyStatus } from "@/db/enums";
import { ConflictError } from "@/lib/errors";

// The policy's lifecycle, pure, with no database: the back office's transition form offers the same moves
// the service allows. The statuses are the database's (db/schema/emission.ts); movePolicy (move-policy.ts)
// is the one function that moves a policy, and it checks every move with assertPolicyMove below.
export { POLICY_STATUSES, type PolicyStatus };

/** What moves a policy: an administrator's transition, or an event of the card processor. */
export type PolicyTrigger = "manual" | "payment_succeeded" | "payment_failed" | "subscription_deleted";

// The one table of every policy move (contract section 6). A move not listed here is refused with 409,
// whatever asks for it; CANCELLED and EXPIRED have no way out.
export const POLICY_MOVES: ReadonlyArray<{ from: PolicyStatus; to: PolicyStatus; triggers: readonly PolicyTrigger[] }> =
  [
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
