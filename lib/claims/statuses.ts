// The claim's enumerations, pure so that the claims desk's forms use the same lists as the database.

export const CLAIM_STATUSES = ["PENDING", "IN_REVIEW", "APPROVED", "REJECTED", "CLOSED"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const EXPENSE_TYPES = ["REPATRIATION", "FUNERAL_SERVICE", "TRANSPORT", "DOCUMENTATION", "OTHER"] as const;
export type ExpenseType = (typeof EXPENSE_TYPES)[number];
