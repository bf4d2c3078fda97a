import type Decimal from "decimal.js";
import { sql } from "drizzle-orm";
import { ENDING_STATUSES } from "@/lib/claims/eligibility";
import { addDays, addMonths } from "@/lib/emission/premium-dates";
import { money } from "@/lib/money";

// The calendar of the portfolio report (reports.md section 1), how it writes a ratio, and the statuses
// that end cover as SQL.

/** The statuses whose move ends cover until a reinstatement (claims-cover.md section 1), as an SQL list. */
export const ENDING_STATUSES_SQL = sql`(${sql.join(
  ENDING_STATUSES.map((status) => sql`${status}`),
  sql`, `,
)})`;

/** "2026-11" of "2026-11-27". */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}

/** The days the report counts with, for `asOf`. */
export function reportCalendar(asOf: string) {
  const firstOfMonth = `${monthOf(asOf)}-01`;
  // "Last 12 months": the 12 calendar months ending with as_of's month, oldest first.
  const months = Array.from({ length: 12 }, (_, index) => monthOf(addMonths(firstOfMonth, index - 11)));
  const cohortStart = addMonths(firstOfMonth, -13);
  return {
    asOf,
    months,
    /** The first day of the oldest of those months: the 12-month window is [windowStart, asOf]. */
    windowStart: `${months[0]}-01`,
    /** The day after as_of: timestamps count while they are before its midnight (UTC). */
    dayAfter: addDays(asOf, 1),
    /** The same day 12 months earlier (clamped), whose in-force book is the lapse rate's denominator. */
    yearBefore: addMonths(asOf, -12),
    /** The calendar month 13 months before as_of's: the persistency cohort started in it. */
    cohortStart,
    cohortEnd: addDays(addMonths(cohortStart, 1), -1),
  };
}
export type ReportCalendar = ReturnType<typeof reportCalendar>;

/** A ratio as the report writes it: 4 decimals, rounded half-up; null when the denominator is 0 (or less). */
export function ratio(numerator: Decimal.Value, denominator: Decimal.Value): string | null {
  const below = money(denominator);
  if (below.lte(0)) return null;
  return money(numerator).dividedBy(below).toFixed(4);
}
