// Calendar dates (YYYY-MM-DD) in UTC, so a policy's dates never shift with the server's time zone.

export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Full years from `birth` to `on`: a person born on 29 February turns a year older on 1 March. */
export function ageOn(birth: string, on: string): number {
  const [by, bm, bd] = birth.split("-").map(Number);
  const [oy, om, od] = on.split("-").map(Number);
  return oy - by - (om < bm || (om === bm && od < bd) ? 1 : 0);
}

/** The last day of one year of cover: start + 1 year - 1 day (from 29 February, the 28th). */
export function endOfYearOfCover(start: string): string {
  const [year, month, day] = start.split("-").map(Number);
  const sameDayNextYear = new Date(Date.UTC(year + 1, month - 1, day));
  // 29 February + 1 year rolls over to 1 March; the cover then ends on 28 February.
  if (sameDayNextYear.getUTCMonth() !== month - 1) sameDayNextYear.setUTCDate(0);
  else sameDayNextYear.setUTCDate(sameDayNextYear.getUTCDate() - 1);
  return sameDayNextYear.toISOString().slice(0, 10);
}
