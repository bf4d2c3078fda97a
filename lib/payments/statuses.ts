// The payment enumerations, pure so that the payments pages use the same lists as the database.

export const TRANSACTION_STATUSES = ["PENDING", "PAID", "FAILED"] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const TRANSACTION_KINDS = ["INTENT", "MANUAL", "INVOICE"] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/** Retries of a failed charge (spec: MAX_PAYMENT_ATTEMPTS). */
export const MAX_PAYMENT_ATTEMPTS = 2;

/** Statuses in which a policy still owes its premium: a payment may be taken. */
export const PAYABLE_POLICY_STATUSES = ["PENDING_PAYMENT", "PAID_FAILED", "IN_ARREARS"] as const;
