import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  monthEnd,
  monthOfCover,
  monthStart,
  nextMonthEnd,
  unpaidMonthsBegun,
} from "@/lib/emission/premium-dates";

// lib/emission/premium-dates.ts against a plain calendar written here from the rules alone: days are
// counted one at a time, months one at a time, with the leap-year rule spelled out, and a month of cover
// found by walking the months from the start. No Date object, no arithmetic on month indexes.

type Day = { year: number; month: number; day: number };

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function lengthOf(year: number, month: number): number {
  return month === 2 && isLeap(year) ? 29 : LENGTHS[month - 1];
}

function read(date: string): Day {
  const [year, month, day] = date.split("-").map(Number);
  return { year, month, day };
}

function write({ year, month, day }: Day): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

function nextDay({ year, month, day }: Day): Day {
  if (day < lengthOf(year, month)) return { year, month, day: day + 1 };
  if (month < 12) return { year, month: month + 1, day: 1 };
  return { year: year + 1, month: 1, day: 1 };
}

function previousDay({ year, month, day }: Day): Day {
  if (day > 1) return { year, month, day: day - 1 };
  if (month > 1) return { year, month: month - 1, day: lengthOf(year, month - 1) };
  return { year: year - 1, month: 12, day: 31 };
}

/** One day at a time, forwards or backwards. */
function refAddDays(date: string, days: number): string {
  let current = read(date);
  for (let i = 0; i < Math.abs(days); i++) current = days > 0 ? nextDay(current) : previousDay(current);
  return write(current);
}

/** One month at a time, then the day clamped to the month reached. */
function refAddMonths(date: string, months: number): string {
  const start = read(date);
  let { year, month } = start;
  for (let i = 0; i < months; i++) {
    month += 1;
    if (month === 13) {
      month = 1;
      year += 1;
    }
  }
  return write({ year, month, day: Math.min(start.day, lengthOf(year, month)) });
}

/** The k-th month of cover ends the day before the same day k months on (clamped). */
function refMonthEnd(start: string, k: number): string {
  return refAddDays(refAddMonths(start, k), -1);
}

function refMonthStart(start: string, k: number): string {
  return k === 1 ? start : refAddMonths(start, k - 1);
}

/** Walks the months from the start until one ends on or after `date`. */
function refMonthOfCover(start: string, date: string): number {
  if (date < start) return 0;
  let k = 1;
  while (refMonthEnd(start, k) < date) k++;
  return k;
}

function refNextMonthEnd(start: string, paidTo: string | null): string {
  let k = 1;
  while (paidTo !== null && refMonthEnd(start, k) <= paidTo) k++;
  return refMonthEnd(start, k);
}

/** Counts the months that began after the paid-to date and on or before today. */
function refUnpaidMonthsBegun(start: string, paidTo: string | null, today: string): number {
  let count = 0;
  for (let k = 1; refMonthStart(start, k) <= today; k++) {
    if (paidTo === null || refMonthStart(start, k) > paidTo) count++;
  }
  return count;
}

/** Any day from 1999 to 2041, leap days and the 29th-31st often (the days whose months clamp). */
const aDate = fc
  .record({
    year: fc.integer({ min: 1999, max: 2041 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.oneof(fc.integer({ min: 1, max: 31 }), fc.integer({ min: 28, max: 31 })),
  })
  .map(({ year, month, day }) => write({ year, month, day: Math.min(day, lengthOf(year, month)) }));

const aLeapDay = fc.integer({ min: 2000, max: 2040 }).map((year) => `${year - (year % 4)}-02-29`);

const aStart = fc.oneof(aDate, aLeapDay);

describe("premium-dates against a day-by-day, month-by-month calendar", () => {
  it("addDays moves one day at a time, across month ends, year ends and 29 February", () => {
    fc.assert(
      fc.property(aDate, fc.integer({ min: -800, max: 800 }), (date, days) => {
        expect(addDays(date, days)).toBe(refAddDays(date, days));
      }),
    );
  });

  it("addMonths keeps the day of the month, clamped to the month's length", () => {
    fc.assert(
      fc.property(aStart, fc.integer({ min: 0, max: 120 }), (date, months) => {
        expect(addMonths(date, months)).toBe(refAddMonths(date, months));
      }),
    );
  });

  it("the k-th month of cover ends on add_months(start, k) - 1 day, always counted from the start", () => {
    fc.assert(
      fc.property(aStart, fc.integer({ min: 1, max: 60 }), (start, k) => {
        expect(monthEnd(start, k)).toBe(refMonthEnd(start, k));
        expect(monthStart(start, k)).toBe(refMonthStart(start, k));
        // Months follow each other without gap or overlap.
        expect(addDays(monthEnd(start, k), 1)).toBe(monthStart(start, k + 1));
      }),
    );
  });

  it("monthOfCover finds the month that holds a date", () => {
    fc.assert(
      fc.property(aStart, fc.integer({ min: -40, max: 1500 }), (start, offset) => {
        const date = refAddDays(start, offset);
        expect(monthOfCover(start, date)).toBe(refMonthOfCover(start, date));
      }),
    );
  });

  it("nextMonthEnd is the first month end after the paid-to date, or the first month's end", () => {
    fc.assert(
      fc.property(aStart, fc.option(fc.integer({ min: -40, max: 1500 }), { nil: null }), (start, offset) => {
        const paidTo = offset === null ? null : refAddDays(start, offset);
        expect(nextMonthEnd(start, paidTo)).toBe(refNextMonthEnd(start, paidTo));
      }),
    );
  });

  it("unpaidMonthsBegun counts the months begun after the paid-to date, on or before today", () => {
    fc.assert(
      fc.property(
        aStart,
        fc.option(fc.integer({ min: -40, max: 800 }), { nil: null }),
        fc.integer({ min: -40, max: 800 }),
        (start, paidOffset, todayOffset) => {
          const paidTo = paidOffset === null ? null : refAddDays(start, paidOffset);
          const today = refAddDays(start, todayOffset);
          expect(unpaidMonthsBegun(start, paidTo, today)).toBe(refUnpaidMonthsBegun(start, paidTo, today));
        },
      ),
    );
  });

  it("matches the spec's examples: from 31 January and from 15 March", () => {
    expect([1, 2, 3].map((k) => monthEnd("2026-01-31", k))).toEqual(["2026-02-27", "2026-03-30", "2026-04-29"]);
    expect([1, 2, 3].map((k) => monthEnd("2028-01-31", k))).toEqual(["2028-02-28", "2028-03-30", "2028-04-29"]);
    expect([1, 2].map((k) => monthEnd("2026-03-15", k))).toEqual(["2026-04-14", "2026-05-14"]);
    expect(monthEnd("2028-02-29", 12)).toBe("2029-02-27");
  });
});
