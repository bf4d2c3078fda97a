// The policy's enumerations, pure so that forms in the browser use the same lists as the database.

export const POLICY_STATUSES = ["DRAFT", "PENDING_PAYMENT", "ACTIVE", "IN_ARREARS", "PAID_FAILED", "CANCELLED", "EXPIRED"] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];

export const KINSHIP_TYPES = ["SELF", "SPOUSE", "CHILD", "PARENT", "OTHER"] as const;
export type KinshipType = (typeof KINSHIP_TYPES)[number];
