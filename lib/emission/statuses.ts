// The policy's enumerations, pure so that forms in the browser use the same lists as the database.

export const POLICY_STATUSES = [
  "DRAFT",
  "PENDING_PAYMENT",
  "ACTIVE",
  "IN_ARREARS",
  "PAID_FAILED",
  "CANCELLED",
  "EXPIRED",
] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];

export const KINSHIP_TYPES = ["SELF", "SPOUSE", "CHILD", "PARENT", "OTHER"] as const;
export type KinshipType = (typeof KINSHIP_TYPES)[number];

/** "PENDING_PAYMENT" -> "pending payment": what a person reads, for a status of any of the API's enumerations. */
export function statusLabel(status: string): string {
  return status.replaceAll("_", " ").toLowerCase();
}

export const KINSHIP_LABELS: Record<KinshipType, string> = {
  SELF: "The client",
  SPOUSE: "Spouse",
  CHILD: "Child",
  PARENT: "Parent",
  OTHER: "Other",
};
