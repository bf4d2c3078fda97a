import { describe, expect, it } from "vitest";
import { ageInDays, ageLabel, expenseTotals, formatAmounts } from "@/components/claims/claim-math";

// The claims desk's pure arithmetic (components/claims/claim-math.ts).

describe("ageInDays", () => {
  const reported = "2026-03-10T15:00:00.000Z";

  it("counts whole days since the report, 0 on the day itself", () => {
    expect(ageInDays(reported, new Date("2026-03-10T23:59:00Z"))).toBe(0);
    expect(ageInDays(reported, new Date("2026-03-11T14:59:59Z"))).toBe(0);
    expect(ageInDays(reported, new Date("2026-03-11T15:00:00Z"))).toBe(1);
    expect(ageInDays(reported, new Date("2026-04-09T16:00:00Z"))).toBe(30);
  });

  it("never goes below 0 when the browser's clock is behind the server's", () => {
    expect(ageInDays(reported, new Date("2026-03-10T14:00:00Z"))).toBe(0);
  });

  it("reads as a person would", () => {
    expect([0, 1, 12].map(ageLabel)).toEqual(["today", "1 day", "12 days"]);
  });
});

describe("expenseTotals", () => {
  it("sums by type and overall in decimal, in the order types first appear", () => {
    const totals = expenseTotals([
      { amount: "0.10", currency: "USD", expense_type: "TRANSPORT" },
      { amount: "1250.00", currency: "USD", expense_type: "REPATRIATION" },
      { amount: "0.20", currency: "USD", expense_type: "TRANSPORT" },
    ]);
    expect(totals.byType).toEqual([
      { type: "TRANSPORT", amounts: [{ currency: "USD", amount: "0.30" }] },
      { type: "REPATRIATION", amounts: [{ currency: "USD", amount: "1250.00" }] },
    ]);
    expect(totals.overall).toEqual([{ currency: "USD", amount: "1250.30" }]);
  });

  it("keeps each currency apart instead of adding pesos to dollars", () => {
    const totals = expenseTotals([
      { amount: "100.00", currency: "USD", expense_type: "FUNERAL_SERVICE" },
      { amount: "3000.00", currency: "MXN", expense_type: "FUNERAL_SERVICE" },
      { amount: "20.50", currency: "USD", expense_type: "OTHER" },
    ]);
    expect(totals.byType[0]).toEqual({
      type: "FUNERAL_SERVICE",
      amounts: [
        { currency: "USD", amount: "100.00" },
        { currency: "MXN", amount: "3000.00" },
      ],
    });
    expect(formatAmounts(totals.overall)).toBe("120.50 USD + 3000.00 MXN");
  });

  it("is empty for no expenses, shown as 0.00", () => {
    expect(expenseTotals([])).toEqual({ byType: [], overall: [] });
    expect(formatAmounts([])).toBe("0.00");
  });
});
