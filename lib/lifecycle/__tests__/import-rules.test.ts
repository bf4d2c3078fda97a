import { describe, expect, it } from "vitest";
import { currentTerm, importedStatus, splitPremium } from "@/lib/lifecycle/import/prepare-import";

// The pure rules of an import (lifecycle.md section 9): the term holding today, the status the
// lifecycle would have given, and a given premium split over the lives.

const terms = { gracePeriodDays: 30, notTakenUpDays: 30, reinstatementWindowDays: 90 };

describe("currentTerm", () => {
  it("counts terms as renewals do, each starting the day after the last ended", () => {
    expect(currentTerm("2023-03-15", "2026-03-14")).toEqual({
      termNumber: 3,
      termStartDate: "2025-03-15",
      endDate: "2026-03-14",
    });
    expect(currentTerm("2023-03-15", "2026-03-15")).toEqual({
      termNumber: 4,
      termStartDate: "2026-03-15",
      endDate: "2027-03-14",
    });
  });

  it("from 29 February, the next terms start on 1 March", () => {
    expect(currentTerm("2024-02-29", "2025-02-28")).toMatchObject({ termNumber: 1, endDate: "2025-02-28" });
    expect(currentTerm("2024-02-29", "2026-03-01")).toEqual({
      termNumber: 3,
      termStartDate: "2026-03-01",
      endDate: "2027-02-28",
    });
  });
});

describe("importedStatus", () => {
  const today = "2026-06-15";
  const status = (paid?: string, start = "2026-01-01") =>
    importedStatus({ start_date: start, paid_to_date: paid }, terms, today);

  it("gives each status at its boundaries", () => {
    expect(status(undefined, "2026-05-16").status).toBe("PENDING_PAYMENT");
    expect(status(undefined, "2026-05-15").status).toBe("NOT_TAKEN_UP");
    expect(status("2026-06-15").status).toBe("ACTIVE");
    expect(status("2026-06-14").status).toBe("IN_ARREARS");
    expect(status("2026-05-16").status).toBe("IN_ARREARS");
    expect(status("2026-05-15")).toMatchObject({ status: "LAPSED", lapsedOn: "2026-06-15" });
  });

  it("writes the moves the lifecycle would have written, with their effective dates", () => {
    expect(status("2026-03-31").history.map((move) => [move.from, move.to, move.effectiveDate])).toEqual([
      [null, "ACTIVE", "2026-01-01"],
      ["ACTIVE", "IN_ARREARS", "2026-04-01"],
      ["IN_ARREARS", "LAPSED", "2026-05-01"],
    ]);
  });
});

describe("splitPremium", () => {
  it("splits evenly in the currency's smallest amounts, the first lives taking the rest", () => {
    expect(splitPremium("10.00", 3, "USD")).toEqual(["3.34", "3.33", "3.33"]);
    expect(splitPremium("10000.00", 3, "CLP")).toEqual(["3334.00", "3333.00", "3333.00"]);
    expect(splitPremium("25.00", 1, "USD")).toEqual(["25.00"]);
  });
});
