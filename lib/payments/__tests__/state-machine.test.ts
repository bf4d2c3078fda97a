import { describe, expect, it } from "vitest";
import { ConflictError } from "@/lib/errors";
import {
  assertTransactionMove,
  TRANSACTION_KINDS,
  TRANSACTION_STATUSES,
  transactionStart,
  transactionStatusesMovableTo,
} from "../state-machine";

// The pure table of transaction moves, checked against the behaviour the payment paths had before it was
// written down: a retry only from FAILED, and the processor's word recorded whatever the status.

describe("the transaction state machine", () => {
  it("a retry moves only a FAILED transaction to PENDING; any other is 409 naming its status", () => {
    expect(() => assertTransactionMove("FAILED", "PENDING", "retry")).not.toThrow();
    for (const from of ["PENDING", "PAID"] as const) {
      expect(() => assertTransactionMove(from, "PENDING", "retry")).toThrow(ConflictError);
      expect(() => assertTransactionMove(from, "PENDING", "retry")).toThrow(
        `only a FAILED transaction can be retried; this one is ${from}`,
      );
    }
  });

  it("the processor's report of PAID or FAILED is recorded from every status; it never makes one PENDING", () => {
    for (const to of ["PAID", "FAILED"] as const)
      expect(transactionStatusesMovableTo(to, "processor_report").sort()).toEqual([...TRANSACTION_STATUSES].sort());
    expect(transactionStatusesMovableTo("PENDING", "processor_report")).toEqual([]);
  });

  it("each kind starts as before: an intent PENDING, a manual payment PAID, an invoice as reported, a refund either", () => {
    expect(transactionStart("INTENT")).toBe("PENDING");
    expect(transactionStart("MANUAL")).toBe("PAID");
    expect(transactionStart("INVOICE", "PAID")).toBe("PAID");
    expect(transactionStart("INVOICE", "FAILED")).toBe("FAILED");
    // A manual refund waits (PENDING) until the money has gone back; a card refund is PAID as reported.
    expect(transactionStart("REFUND")).toBe("PENDING");
    expect(transactionStart("REFUND", "PAID")).toBe("PAID");
    for (const kind of TRANSACTION_KINDS.filter((kind) => kind !== "INTENT" && kind !== "REFUND"))
      expect(() => transactionStart(kind, "PENDING")).toThrow("does not start PENDING");
  });
});
