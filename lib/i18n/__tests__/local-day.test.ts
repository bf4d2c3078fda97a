import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { todayIn, tomorrowIn } from "../local-day";

// Issue 21 point 3: the defaults of date fields ("today", "tomorrow") are the person's own days, taken
// in their time zone, not UTC's.

// Zones with one fixed offset from 2000 on (minutes east of UTC), for a plain reference to check against.
const FIXED_ZONES: Array<[string, number]> = [
  ["UTC", 0],
  ["America/Lima", -5 * 60],
  ["Asia/Kolkata", 5 * 60 + 30],
  ["Asia/Kathmandu", 5 * 60 + 45],
  ["Pacific/Kiritimati", 14 * 60],
  // Etc/GMT+12 is UTC-12: the POSIX sign is the other way round.
  ["Etc/GMT+12", -12 * 60],
  ...Array.from({ length: 11 }, (_, index): [string, number] => [`Etc/GMT-${index + 1}`, (index + 1) * 60]),
];

/** The reference: the UTC calendar day of the instant moved by the zone's offset. */
function referenceDay(now: Date, offsetMinutes: number, plusDays = 0): string {
  return new Date(now.getTime() + offsetMinutes * 60_000 + plusDays * 86_400_000).toISOString().slice(0, 10);
}

const instants = fc.date({
  min: new Date("2000-01-01T00:00:00Z"),
  max: new Date("2099-12-31T23:59:59Z"),
  noInvalidDate: true,
});

describe("today and tomorrow in a time zone", () => {
  it("is the zone's own day: at 02:00 UTC it is still yesterday in Lima", () => {
    const now = new Date("2026-11-28T02:00:00Z");
    expect(todayIn("America/Lima", now)).toBe("2026-11-27");
    expect(tomorrowIn("America/Lima", now)).toBe("2026-11-28");
    expect(tomorrowIn("UTC", now)).toBe("2026-11-29");
    expect(todayIn("Pacific/Kiritimati", new Date("2026-12-31T10:00:00Z"))).toBe("2027-01-01");
    expect(tomorrowIn("Asia/Kolkata", new Date("2028-02-28T19:00:00Z"))).toBe("2028-03-01");
  });

  it("matches the offset reference for every instant and fixed-offset zone", () => {
    fc.assert(
      fc.property(instants, fc.constantFrom(...FIXED_ZONES), (now, [zone, offset]) => {
        expect(todayIn(zone, now)).toBe(referenceDay(now, offset));
        expect(tomorrowIn(zone, now)).toBe(referenceDay(now, offset, 1));
      }),
    );
  });

  it("uses the runtime's own zone when none is named (the browser's, on a page)", () => {
    const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    fc.assert(
      fc.property(instants, (now) => {
        expect(todayIn(undefined, now)).toBe(todayIn(zone, now));
      }),
    );
  });
});
