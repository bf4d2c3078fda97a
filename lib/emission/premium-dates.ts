// The calendar of monthly premiums (lifecycle.md section 3), pure: dates are YYYY-MM-DD in UTC. The k-th
// month of cover ends on add_months(start, k) - 1 day, always counted from the start date, so a policy
// started on 31 January has months ending on 27 February, 30 March, 29 April...

function parts(date: string): [number, number, number] {
  const [year, month, day] = date.split("-").map(Number);
  return [year, month, day];
}

function format(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** `date` plus `days` (negative to go back). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = parts(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The same day of the month `months` later, clamped to that month's length (31 January + 1: 28/29 February). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = parts(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  return format(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

/** The last day of the k-th month of cover (k >= 1) of a policy started on `start`. */
export function monthEnd(start: string, k: number): string {
  return addDays(addMonths(start, k), -1);
}

/**
 * Which month of cover holds `date`: the k >= 1 whose month runs from monthEnd(k - 1) + 1 to monthEnd(k).
 * A date before `start` is month 0 (its "end" is the day before the start).
 */
export function monthOfCover(start: string, date: string): number {
  if (date < start) return 0;
  const [sy, sm] = parts(start);
  const [dy, dm] = parts(date);
  // A first guess from the calendar months between them, corrected by at most one step either way.
  let k = Math.max(1, (dy - sy) * 12 + (dm - sm));
  while (k > 1 && monthEnd(start, k - 1) >= date) k -= 1;
  while (monthEnd(start, k) < date) k += 1;
  return k;
}

/**
 * The end of the next month of cover after the paid-to date: the first month end after `paidTo`, or the
 * first month's end when nothing is paid yet.
 */
export function nextMonthEnd(start: string, paidTo: string | null): string {
  if (paidTo === null || paidTo < start) return monthEnd(start, 1);
  return monthEnd(start, monthOfCover(start, addDays(paidTo, 1)));
}

/** The first day of the k-th month of cover. */
export function monthStart(start: string, k: number): string {
  return k <= 1 ? start : addMonths(start, k - 1);
}

/**
 * The months that began on or before `today` and after the paid-to date, each owing one premium (the
 * arrears of lifecycle.md section 3 before credit).
 */
export function unpaidMonthsBegun(start: string, paidTo: string | null, today: string): number {
  if (today < start) return 0;
  const current = monthOfCover(start, today);
  const paidMonths = paidTo === null || paidTo < start ? 0 : monthOfCover(start, paidTo);
  return Math.max(0, current - paidMonths);
}
