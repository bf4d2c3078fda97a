import { describe, expect, it } from "vitest";
import { cronMatches } from "@/inngest/runner";

// The in-process runner's cron matcher: five fields, UTC, with *, a-b, a,b and /n.

const at = (iso: string) => new Date(iso);

describe("cronMatches", () => {
  it('"* * * * *" matches every minute', () => {
    for (const iso of ["2026-01-01T00:00:00Z", "2026-06-15T13:37:00Z", "2026-12-31T23:59:00Z"])
      expect(cronMatches("* * * * *", at(iso)), iso).toBe(true);
  });

  it('"0 9 * * *" matches 09:00 UTC only', () => {
    expect(cronMatches("0 9 * * *", at("2026-03-10T09:00:00Z"))).toBe(true);
    expect(cronMatches("0 9 * * *", at("2026-03-10T09:01:00Z"))).toBe(false);
    expect(cronMatches("0 9 * * *", at("2026-03-10T10:00:00Z"))).toBe(false);
    // 09:00 in Madrid (UTC+1 in March) is 08:00 UTC: the expression is read in UTC.
    expect(cronMatches("0 9 * * *", at("2026-03-10T09:00:00+01:00"))).toBe(false);
  });

  it('"*/15 * * * *" matches minutes 0, 15, 30 and 45', () => {
    const matching = Array.from({ length: 60 }, (_, minute) => minute).filter((minute) =>
      cronMatches("*/15 * * * *", new Date(Date.UTC(2026, 0, 1, 5, minute))),
    );
    expect(matching).toEqual([0, 15, 30, 45]);
  });

  it('"0 8 * * 1-5" matches 08:00 on weekdays only', () => {
    // 2026-03-09 is a Monday.
    const days = Array.from({ length: 7 }, (_, i) => new Date(Date.UTC(2026, 2, 9 + i, 8, 0)));
    expect(days.map((day) => cronMatches("0 8 * * 1-5", day))).toEqual([true, true, true, true, true, false, false]);
    expect(cronMatches("0 8 * * 1-5", at("2026-03-09T08:30:00Z"))).toBe(false);
  });

  it("matches lists, in any field", () => {
    expect(
      [0, 10, 20, 30, 40].map((minute) => cronMatches("0,30 * * * *", new Date(Date.UTC(2026, 0, 1, 0, minute)))),
    ).toEqual([true, false, false, true, false]);
    expect(cronMatches("0 6,18 * * *", at("2026-01-01T18:00:00Z"))).toBe(true);
    expect(cronMatches("0 6,18 * * *", at("2026-01-01T12:00:00Z"))).toBe(false);
    expect(cronMatches("0 0 1,15 * *", at("2026-04-15T00:00:00Z"))).toBe(true);
    expect(cronMatches("0 0 1,15 * *", at("2026-04-16T00:00:00Z"))).toBe(false);
    expect(cronMatches("0 0 * 1,7 *", at("2026-07-01T00:00:00Z"))).toBe(true);
    expect(cronMatches("0 0 * 1,7 *", at("2026-08-01T00:00:00Z"))).toBe(false);
  });

  it("combines ranges, steps and lists", () => {
    const minutes = (expression: string) =>
      Array.from({ length: 60 }, (_, m) => m).filter((m) =>
        cronMatches(expression, new Date(Date.UTC(2026, 0, 1, 0, m))),
      );
    expect(minutes("10-20/5 * * * *")).toEqual([10, 15, 20]);
    expect(minutes("5/20 * * * *")).toEqual([5, 25, 45]);
    expect(minutes("1,2,50-52 * * * *")).toEqual([1, 2, 50, 51, 52]);
  });

  it("matches the day of the month and the month", () => {
    expect(cronMatches("30 2 29 2 *", at("2028-02-29T02:30:00Z"))).toBe(true);
    expect(cronMatches("30 2 29 2 *", at("2028-03-01T02:30:00Z"))).toBe(false);
  });

  it("refuses an expression without five fields", () => {
    expect(() => cronMatches("* * * *", new Date())).toThrow("unsupported cron expression");
    expect(() => cronMatches("0 0 * * * *", new Date())).toThrow("unsupported cron expression");
  });
});
