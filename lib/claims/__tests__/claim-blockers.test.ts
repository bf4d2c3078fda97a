import { describe, expect, it } from "vitest";
import { approveBlockers, closeBlockers, payoutBalance } from "@/components/claims/claim-blockers";
import type { Claim } from "@/components/claims/types";

// What the claims desk says blocks approving or closing a claim (components/claims/claim-blockers.ts).

type Eligibility = NonNullable<Claim["eligibility"]>;
const covered = { covered: true } as Eligibility;
const item = (code: string, status: Claim["requirements"][number]["status"], mandatory = true) => ({
  code,
  label: code,
  mandatory,
  status,
  document_id: null,
  note: null,
});

describe("approveBlockers", () => {
  it("asks for the date of death while cover is unknown, then names each mandatory item not accepted", () => {
    expect(
      approveBlockers({
        eligibility: null,
        requirements: [
          item("DEATH_CERTIFICATE", "ACCEPTED"),
          item("CLAIM_FORM", "RECEIVED"),
          item("X", "MISSING", false),
        ],
      }),
    ).toEqual([
      { kind: "no_date_of_death" },
      { kind: "requirement", code: "CLAIM_FORM", label: "CLAIM_FORM", status: "RECEIVED" },
    ]);
  });

  it("says the death is not covered", () => {
    expect(
      approveBlockers({ eligibility: { covered: false, reasons: [] as string[] } as Eligibility, requirements: [] }),
    ).toEqual([{ kind: "not_covered" }]);
  });

  it("is empty once covered and every mandatory item is accepted", () => {
    expect(
      approveBlockers({ eligibility: covered, requirements: [item("A", "ACCEPTED"), item("B", "REJECTED", false)] }),
    ).toEqual([]);
  });
});

describe("closeBlockers and payoutBalance", () => {
  it("compares payouts with expenses per currency, never across currencies", () => {
    const claim = { total_expenses: { USD: "1250.50", MXN: "300.00" }, total_paid_out: { USD: "1250.5" } };
    expect(closeBlockers(claim)).toEqual([{ kind: "unpaid", currency: "MXN", expenses: "300.00", paid: "0.00" }]);
    expect(payoutBalance(claim)).toEqual([
      { currency: "MXN", expenses: "300.00", paid: "0.00", left: "300.00" },
      { currency: "USD", expenses: "1250.50", paid: "1250.5", left: "0.00" },
    ]);
  });

  it("lets a claim without expenses close", () => {
    expect(closeBlockers({ total_expenses: {}, total_paid_out: {} })).toEqual([]);
  });
});
