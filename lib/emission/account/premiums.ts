import { formatMoney, money } from "@/lib/money";
import { addDays, nextMonthEnd, unpaidMonthsBegun } from "../premium-dates";

// The money rules of the account (lifecycle.md section 3), pure: amounts are decimal strings, dates
// YYYY-MM-DD. The database side is receive-premium.ts.

/** The days one premium (or one invoice) covers, both included. */
export type CoveredPeriod = { from: string; to: string };

/** How a covered period is named in the account: "2026-01-15 – 2026-02-14". */
export function periodReference(period: CoveredPeriod): string {
  return `${period.from} – ${period.to}`;
}

/** The first day not yet covered: the day after the paid-to date, or the start when nothing is paid. */
function firstUnpaidDay(startDate: string, paidToDate: string | null): string {
  return paidToDate === null || paidToDate < startDate ? startDate : addDays(paidToDate, 1);
}

/**
 * Money received by a manual payment or a card intent: added to the credit; while the credit covers a
 * whole premium, one premium is taken and the paid-to date moves to the end of the next month of cover.
 * 3.5 premiums move it three months and leave half a premium of credit.
 */
export function takePremiums(input: {
  startDate: string;
  paidToDate: string | null;
  credit: string;
  premium: string;
  received: string;
}): { paidToDate: string | null; credit: string; months: CoveredPeriod[] } {
  const premium = money(input.premium);
  let credit = money(input.credit).plus(input.received);
  let paidToDate = input.paidToDate;
  const months: CoveredPeriod[] = [];
  // A premium of nothing would cover months forever: such a policy only keeps the money as credit.
  while (premium.gt(0) && credit.gte(premium)) {
    const to = nextMonthEnd(input.startDate, paidToDate);
    months.push({ from: firstUnpaidDay(input.startDate, paidToDate), to });
    paidToDate = to;
    credit = credit.minus(premium);
  }
  return { paidToDate, credit: formatMoney(credit), months };
}

/**
 * A paid invoice covers its line's period: the paid-to date becomes at least the day before the period
 * ends. `periodEnd` is the period's end day (exclusive, as the processor gives it).
 */
export function invoicePeriod(periodStart: string, periodEnd: string): CoveredPeriod {
  const to = addDays(periodEnd, -1);
  return { from: periodStart < to ? periodStart : to, to };
}

/** The later of two dates, null counting as nothing paid. */
export function laterDate(a: string | null, b: string): string {
  return a !== null && a > b ? a : b;
}

/**
 * The premiums due and unpaid on `today`: one for each month of cover that began on or before today and
 * after the paid-to date, less the credit, never below zero.
 */
export function arrearsAmount(input: {
  startDate: string;
  paidToDate: string | null;
  credit: string;
  premium: string;
  today: string;
}): string {
  const months = unpaidMonthsBegun(input.startDate, input.paidToDate, input.today);
  const due = money(input.premium).times(months).minus(input.credit);
  return formatMoney(due.gt(0) ? due : 0);
}
