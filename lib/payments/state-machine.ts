import { TRANSACTION_KINDS, TRANSACTION_STATUSES, type TransactionKind, type TransactionStatus } from "@/db/enums";
import { ConflictError } from "@/lib/errors";

// A transaction's lifecycle, pure, with no database. The statuses are the database's (db/schema/payments.ts),
// re-exported here so that the payments pages, which do not import the database, use the same lists. Every
// path that records or changes a transaction's status goes through this file: the status a new transaction
// starts with (transactionStart) and the moves after it (assertTransactionMove, transactionStatusesMovableTo).
export { TRANSACTION_KINDS, TRANSACTION_STATUSES, type TransactionKind, type TransactionStatus };

/** Retries of a failed charge (spec: MAX_PAYMENT_ATTEMPTS). */
export const MAX_PAYMENT_ATTEMPTS = 2;

/**
 * Statuses in which a policy takes a payment (lifecycle.md section 3): it owes its first premium, pays
 * ahead while ACTIVE, pays its arrears, or pays to be reinstated (LAPSED, only while its reinstatement
 * window is open: lib/emission/account/internal.ts checks that).
 */
export const PAYABLE_POLICY_STATUSES = ["PENDING_PAYMENT", "PAID_FAILED", "ACTIVE", "IN_ARREARS", "LAPSED"] as const;

/**
 * The status each kind of transaction is recorded with: a payment intent waits for the processor's word
 * (PENDING), money received by hand is PAID at once, and an invoice is recorded with what the processor
 * reports of it (PAID or FAILED).
 */
export const TRANSACTION_STARTS: Readonly<Record<TransactionKind, readonly TransactionStatus[]>> = {
  INTENT: ["PENDING"],
  MANUAL: ["PAID"],
  INVOICE: ["PAID", "FAILED"],
  // Money going back (lifecycle.md section 8): a card refund as the processor reports it, a manual one
  // PENDING until someone marks it paid back.
  REFUND: ["PENDING", "PAID"],
};

/** What moves a transaction: staff retrying a failed charge, or the card processor reporting on its charge. */
export type TransactionTrigger = "retry" | "processor_report" | "mark_refunded";

// The one table of every transaction move. Only a FAILED charge may be retried (PENDING again, with a new
// intent); otherwise 409. The processor is the authority on its own charges: whatever it reports last of a
// charge (payment_intent.succeeded / .payment_failed, invoice.paid / .payment_failed) is recorded, from any
// status, and a report repeated by another event is recorded again (the paid time, the failure message).
export const TRANSACTION_MOVES: ReadonlyArray<{
  from: TransactionStatus;
  to: TransactionStatus;
  triggers: readonly TransactionTrigger[];
}> = [
  { from: "FAILED", to: "PENDING", triggers: ["retry"] },
  { from: "PENDING", to: "PAID", triggers: ["processor_report"] },
  { from: "PENDING", to: "FAILED", triggers: ["processor_report"] },
  { from: "FAILED", to: "PAID", triggers: ["processor_report"] },
  { from: "FAILED", to: "FAILED", triggers: ["processor_report"] },
  { from: "PAID", to: "PAID", triggers: ["processor_report"] },
  { from: "PAID", to: "FAILED", triggers: ["processor_report"] },
  { from: "PENDING", to: "PAID", triggers: ["mark_refunded"] },
];

export function canMoveTransaction(from: TransactionStatus, to: TransactionStatus, trigger: TransactionTrigger) {
  return TRANSACTION_MOVES.some((move) => move.from === from && move.to === to && move.triggers.includes(trigger));
}

/** The statuses a trigger may move a transaction to `to` from (the processor's updates filter on these). */
export function transactionStatusesMovableTo(to: TransactionStatus, trigger: TransactionTrigger): TransactionStatus[] {
  return TRANSACTION_MOVES.filter((move) => move.to === to && move.triggers.includes(trigger)).map((move) => move.from);
}

const TRIGGER_VERBS: Record<TransactionTrigger, string> = {
  retry: "retried",
  processor_report: "reported on",
  mark_refunded: "marked refunded",
};

/** The check of a move made on a transaction read first (a retry): 409 for a move the table does not allow. */
export function assertTransactionMove(from: TransactionStatus, to: TransactionStatus, trigger: TransactionTrigger) {
  if (canMoveTransaction(from, to, trigger)) return;
  const allowed = transactionStatusesMovableTo(to, trigger).join(" or ");
  throw new ConflictError(`only a ${allowed} transaction can be ${TRIGGER_VERBS[trigger]}; this one is ${from}`);
}

/** The status a new transaction of `kind` is recorded with: the first the table allows, or `status` if allowed. */
export function transactionStart(kind: TransactionKind, status: TransactionStatus = TRANSACTION_STARTS[kind][0]) {
  if (!TRANSACTION_STARTS[kind].includes(status))
    throw new Error(`a ${kind} transaction does not start ${status}: ${TRANSACTION_STARTS[kind].join(" or ")} only`);
  return status;
}
