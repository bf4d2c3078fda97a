// The calendar day a person is living, for the defaults of date fields ("today", "tomorrow"): taken in
// their own time zone, not UTC's, so that at 21:00 in Lima (already 02:00 UTC of the next day) a start
// "tomorrow" is Lima's tomorrow. Pure: pages call it without a zone (the browser's own); tests name one.

const DAY_PARTS: Intl.DateTimeFormatOptions = { year: "numeric", month: "2-digit", day: "2-digit" };

/** The day (YYYY-MM-DD) the instant `now` falls on in `timeZone` (the runtime's own zone when omitted). */
export function todayIn(timeZone?: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat("en-US", { ...DAY_PARTS, timeZone }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? "";
  return `${part("year").padStart(4, "0")}-${part("month")}-${part("day")}`;
}

/** The day after today in `timeZone` (the runtime's own zone when omitted). */
export function tomorrowIn(timeZone?: string, now: Date = new Date()): string {
  return nextDay(todayIn(timeZone, now));
}

function nextDay(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}
