// The payment enumerations. The transaction lists live with the table (db/schema/payments.ts) and are
// re-exported here so that the payments pages, which do not import the database, use the same lists.
export { TRANSACTION_KINDS, TRANSACTION_STATUSES, type TransactionKind, type TransactionStatus } from "@/db/enums";

/** Retries of a failed charge (spec: MAX_PAYMENT_ATTEMPTS). */
export const MAX_PAYMENT_ATTEMPTS = 2;

/** Statuses in which a policy still owes its premium: a payment may be taken. */
export const PAYABLE_POLICY_STATUSES = ["PENDING_PAYMENT", "PAID_FAILED", "IN_ARREARS"] as const;
