import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CAUSES_OF_DEATH, type CauseOfDeath, type PolicyStatus } from "@/db/enums";
import { decideEligibility, policyInForceOn, waitingDaysFor, type PolicyCoverFacts } from "@/lib/claims/eligibility";

// claims-cover.md sections 1 and 2 against a plain reference: days are numbers, the reference walks
// them one by one and uses none of the production helpers (no addDays, no month arithmetic of the
// account), so the two can only agree by both following the spec.

const DAY_MS = 86_400_000;
const EPOCH = Date.UTC(2000, 0, 1);

/** Day number n as YYYY-MM-DD (day 0 is 2000-01-01). */
function iso(n: number): string {
  return new Date(EPOCH + n * DAY_MS).toISOString().slice(0, 10);
}

/** The day number of a calendar date, months past their end spilling into the next (Date.UTC's rule). */
function dayOf(year: number, monthIndex: number, day: number): number {
  return Math.round((Date.UTC(year, monthIndex, day) - EPOCH) / DAY_MS);
}

/** The k-th month of cover of a policy started on day `start` begins on the same day of the month, clamped. */
function monthBegins(start: number, k: number): number {
  const date = new Date(EPOCH + start * DAY_MS);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + k;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return dayOf(year, month, Math.min(date.getUTCDate(), lastDay));
}

const ENDING = new Set<PolicyStatus>(["LAPSED", "CANCELLED", "EXPIRED", "NOT_TAKEN_UP"]);

type Case = {
  start: number;
  /** Months of cover paid (0: never paid); the paid-to date is the last day of the last one. */
  monthsPaid: number;
  grace: number;
  moves: { status: PolicyStatus; day: number }[];
  coverStart: number;
  coverEnd: number | null;
  reinstated: number | null;
  death: number;
  cause: CauseOfDeath;
  waiting: { natural: number; accident: number; suicide: number; preexisting: number };
  premiumCents: number;
  creditCents: number;
};

function paidToOf(c: Case): number | null {
  return c.monthsPaid === 0 ? null : monthBegins(c.start, c.monthsPaid) - 1;
}

/** The spec, day by day. */
function reference(c: Case) {
  const death = c.death;
  const paidTo = paidToOf(c);
  const codes: string[] = [];

  // The policy: started, paid (with grace), and no ending move in effect.
  if (death < c.start) codes.push("policy_not_started");
  let inGrace = false;
  if (paidTo === null) codes.push("never_paid");
  else {
    let daysLate = 0;
    for (let day = paidTo + 1; day <= death; day++) daysLate += 1;
    if (daysLate > c.grace) codes.push("premium_unpaid_beyond_grace");
    inGrace = daysLate > 0 && daysLate <= c.grace;
  }
  let ended = false;
  const first = Math.min(death, ...c.moves.map((move) => move.day));
  for (let day = first; day <= death; day++) {
    for (const move of c.moves) if (move.day === day) ended = ENDING.has(move.status);
  }
  if (ended) codes.push("policy_ended");
  const inForce = codes.length === 0;

  // The life.
  if (death < c.coverStart) codes.push("life_not_yet_covered");
  if (c.coverEnd !== null && death > c.coverEnd) codes.push("life_cover_ended");
  const lifeCovered = !codes.includes("life_not_yet_covered") && !codes.includes("life_cover_ended");

  // The waiting period.
  const table: Record<CauseOfDeath, number> = {
    NATURAL: c.waiting.natural,
    ACCIDENT: c.waiting.accident,
    SUICIDE: c.waiting.suicide,
    PREEXISTING_CONDITION: c.waiting.preexisting,
    UNDETERMINED: c.waiting.natural > c.waiting.preexisting ? c.waiting.natural : c.waiting.preexisting,
  };
  const days = table[c.cause];
  let from = c.coverStart;
  if (c.reinstated !== null && c.reinstated <= death && c.reinstated > c.coverStart) from = c.reinstated;
  let met = false;
  for (let day = from, counted = 0; day <= death; day++, counted++) {
    if (counted >= days) {
      met = true;
      break;
    }
  }
  if (!met) codes.push("waiting_period_not_met");

  // The premiums of the months of cover begun by the death and not paid, less the credit.
  let unpaidMonths = 0;
  for (let k = 0; monthBegins(c.start, k) <= death; k++) {
    if (paidTo === null || monthBegins(c.start, k) > paidTo) unpaidMonths += 1;
  }
  const owedCents = Math.max(0, unpaidMonths * c.premiumCents - c.creditCents);

  return {
    covered: codes.length === 0,
    inForce,
    lifeCovered,
    inGrace,
    owed: (owedCents / 100).toFixed(2),
    days,
    from: iso(from),
    endsOn: iso(from + days),
    met,
    codes,
  };
}

const cents = (value: number) => (value / 100).toFixed(2);

function toInput(c: Case) {
  const paidTo = paidToOf(c);
  const policy: PolicyCoverFacts = {
    startDate: iso(c.start),
    paidToDate: paidTo === null ? null : iso(paidTo),
    credit: cents(c.creditCents),
    premium: cents(c.premiumCents),
    gracePeriodDays: c.grace,
    reinstatedOn: c.reinstated === null ? null : iso(c.reinstated),
    moves: c.moves.map((move) => ({ toStatus: move.status, effectiveDate: iso(move.day) })),
  };
  return {
    dateOfDeath: iso(c.death),
    cause: c.cause,
    policy,
    life: { coverStartDate: iso(c.coverStart), coverEndDate: c.coverEnd === null ? null : iso(c.coverEnd) },
    waitingDays: c.waiting,
  };
}

const aDays = fc.integer({ min: 0, max: 800 });

/** A case around a start between 2000 and 2045; everything else within a few years of it. */
const aCase: fc.Arbitrary<Case> = fc
  .record({
    start: fc.integer({ min: 0, max: 16_500 }),
    monthsPaid: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 36 })),
    grace: fc.integer({ min: 0, max: 90 }),
    moves: fc.array(
      fc.record({
        status: fc.constantFrom<PolicyStatus>("LAPSED", "CANCELLED", "EXPIRED", "NOT_TAKEN_UP", "ACTIVE", "IN_ARREARS"),
        offset: fc.integer({ min: -10, max: 1000 }),
      }),
      { maxLength: 5 },
    ),
    coverOffset: fc.integer({ min: 0, max: 400 }),
    coverLength: fc.option(fc.integer({ min: 0, max: 700 })),
    reinstatedOffset: fc.option(fc.integer({ min: 0, max: 1000 })),
    deathOffset: fc.integer({ min: -60, max: 1100 }),
    cause: fc.constantFrom(...CAUSES_OF_DEATH),
    waiting: fc.record({ natural: aDays, accident: aDays, suicide: aDays, preexisting: aDays }),
    premiumCents: fc.integer({ min: 100, max: 100_000 }),
    creditCents: fc.integer({ min: 0, max: 200_000 }),
  })
  .map((r) => {
    const coverStart = r.start + r.coverOffset;
    return {
      start: r.start,
      monthsPaid: r.monthsPaid,
      grace: r.grace,
      moves: r.moves.map((move) => ({ status: move.status, day: r.start + move.offset })),
      coverStart,
      coverEnd: r.coverLength === null ? null : coverStart + r.coverLength,
      reinstated: r.reinstatedOffset === null ? null : r.start + r.reinstatedOffset,
      death: r.start + r.deathOffset,
      cause: r.cause,
      waiting: r.waiting,
      premiumCents: r.premiumCents,
      creditCents: r.creditCents,
    };
  });

describe("decideEligibility against a day-by-day reference", () => {
  it("agrees on every flag, the waiting period, the premium outstanding and the reasons", () => {
    fc.assert(
      fc.property(aCase, (c) => {
        const expected = reference(c);
        const decided = decideEligibility(toInput(c));
        expect(decided.covered).toBe(expected.covered);
        expect(decided.in_force_on_date_of_death).toBe(expected.inForce);
        expect(decided.life_covered_on_date_of_death).toBe(expected.lifeCovered);
        expect(decided.in_grace_period).toBe(expected.inGrace);
        expect(decided.premium_outstanding).toBe(expected.owed);
        expect(decided.waiting_period).toEqual({
          cause: c.cause,
          days: expected.days,
          cover_start_date: expected.from,
          ends_on: expected.endsOn,
          met: expected.met,
        });
        expect(decided.reason_codes).toEqual(expected.codes);
        expect(decided.reasons).toHaveLength(expected.codes.length);
        expect(decided.covered).toBe(decided.reasons.length === 0);
      }),
      { numRuns: 2000 },
    );
  });

  it("policyInForceOn is the policy half of the same decision (the creation rule)", () => {
    fc.assert(
      fc.property(aCase, (c) => {
        const input = toInput(c);
        expect(policyInForceOn(input.policy, input.dateOfDeath)).toBe(reference(c).inForce);
      }),
      { numRuns: 1000 },
    );
  });

  it("UNDETERMINED waits the longer of natural and preexisting, whatever the other periods", () => {
    fc.assert(
      fc.property(fc.record({ natural: aDays, accident: aDays, suicide: aDays, preexisting: aDays }), (days) => {
        expect(waitingDaysFor("UNDETERMINED", days)).toBe(Math.max(days.natural, days.preexisting));
        expect(waitingDaysFor("UNDETERMINED", days)).toBeGreaterThanOrEqual(waitingDaysFor("NATURAL", days));
        expect(waitingDaysFor("UNDETERMINED", days)).toBeGreaterThanOrEqual(
          waitingDaysFor("PREEXISTING_CONDITION", days),
        );
      }),
    );
  });
});

/** A policy started 2025-01-10, paid to 2025-06-09 (five months), 30 days of grace, the life covered throughout. */
function example(overrides: {
  dateOfDeath: string;
  cause?: CauseOfDeath;
  policy?: Partial<PolicyCoverFacts>;
  life?: { coverStartDate: string; coverEndDate: string | null };
  waitingDays?: { natural: number; accident: number; suicide: number; preexisting: number };
}) {
  return decideEligibility({
    dateOfDeath: overrides.dateOfDeath,
    cause: overrides.cause ?? "NATURAL",
    policy: {
      startDate: "2025-01-10",
      paidToDate: "2025-06-09",
      credit: "0.00",
      premium: "25.00",
      gracePeriodDays: 30,
      reinstatedOn: null,
      moves: [],
      ...overrides.policy,
    },
    life: overrides.life ?? { coverStartDate: "2025-01-10", coverEndDate: null },
    waitingDays: overrides.waitingDays ?? { natural: 0, accident: 0, suicide: 730, preexisting: 180 },
  });
}

describe("decideEligibility: each reason, in words", () => {
  it("a covered death has no reasons", () => {
    const decided = example({ dateOfDeath: "2025-05-01" });
    expect(decided).toMatchObject({
      covered: true,
      in_force_on_date_of_death: true,
      life_covered_on_date_of_death: true,
      in_grace_period: false,
      premium_outstanding: "0.00",
      reasons: [],
      reason_codes: [],
    });
  });

  it("policy_not_started names the start and the death", () => {
    const decided = example({ dateOfDeath: "2025-01-05", life: { coverStartDate: "2025-01-01", coverEndDate: null } });
    expect(decided.reason_codes).toEqual(["policy_not_started"]);
    expect(decided.reasons[0]).toContain("2025-01-10");
    expect(decided.reasons[0]).toContain("2025-01-05");
  });

  it("never_paid: no premium was ever paid", () => {
    const decided = example({ dateOfDeath: "2025-02-01", policy: { paidToDate: null } });
    expect(decided.reason_codes).toEqual(["never_paid"]);
    expect(decided.reasons[0]).toBe("No premium was ever paid on the policy.");
    expect(decided.premium_outstanding).toBe("25.00");
  });

  it("in the grace period the death is covered and the premium owed is shown", () => {
    const decided = example({ dateOfDeath: "2025-07-09" });
    expect(decided).toMatchObject({ covered: true, in_grace_period: true, premium_outstanding: "25.00" });
  });

  it("premium_unpaid_beyond_grace names the paid-to date, the grace and its end", () => {
    const decided = example({ dateOfDeath: "2025-07-10" });
    expect(decided.reason_codes).toEqual(["premium_unpaid_beyond_grace"]);
    expect(decided.in_grace_period).toBe(false);
    expect(decided.reasons[0]).toContain("2025-06-09");
    expect(decided.reasons[0]).toContain("30-day");
    expect(decided.reasons[0]).toContain("2025-07-09");
    expect(decided.reasons[0]).toContain("2025-07-10");
  });

  it("policy_ended names the move and its day; a reinstatement on or before the death restores cover", () => {
    const lapsed = example({
      dateOfDeath: "2025-04-01",
      policy: { moves: [{ toStatus: "LAPSED", effectiveDate: "2025-03-15" }] },
    });
    expect(lapsed.reason_codes).toEqual(["policy_ended"]);
    expect(lapsed.reasons[0]).toContain("LAPSED");
    expect(lapsed.reasons[0]).toContain("2025-03-15");
    const reinstated = example({
      dateOfDeath: "2025-04-01",
      cause: "ACCIDENT",
      policy: {
        reinstatedOn: "2025-03-20",
        moves: [
          { toStatus: "LAPSED", effectiveDate: "2025-03-15" },
          { toStatus: "ACTIVE", effectiveDate: "2025-03-20" },
        ],
      },
    });
    expect(reinstated.covered).toBe(true);
    expect(reinstated.waiting_period.cover_start_date).toBe("2025-03-20");
  });

  it("life_not_yet_covered and life_cover_ended name the life's dates", () => {
    const before = example({ dateOfDeath: "2025-03-01", life: { coverStartDate: "2025-04-01", coverEndDate: null } });
    expect(before.reason_codes).toEqual(["life_not_yet_covered", "waiting_period_not_met"]);
    expect(before.life_covered_on_date_of_death).toBe(false);
    expect(before.in_force_on_date_of_death).toBe(true);
    expect(before.reasons[0]).toContain("2025-04-01");
    const after = example({
      dateOfDeath: "2025-03-01",
      life: { coverStartDate: "2025-01-10", coverEndDate: "2025-02-28" },
    });
    expect(after.reason_codes).toEqual(["life_cover_ended"]);
    expect(after.reasons[0]).toContain("2025-02-28");
  });

  it("waiting_period_not_met names the days, the cause, the start and the end; UNDETERMINED takes the longer", () => {
    const decided = example({ dateOfDeath: "2025-05-01", cause: "UNDETERMINED" });
    expect(decided.reason_codes).toEqual(["waiting_period_not_met"]);
    expect(decided.waiting_period).toEqual({
      cause: "UNDETERMINED",
      days: 180,
      cover_start_date: "2025-01-10",
      ends_on: "2025-07-09",
      met: false,
    });
    expect(decided.reasons[0]).toContain("180-day");
    expect(decided.reasons[0]).toContain("UNDETERMINED");
    expect(decided.reasons[0]).toContain("2025-07-09");
    // On ends_on the period is met.
    expect(example({ dateOfDeath: "2025-07-09", cause: "UNDETERMINED" }).waiting_period.met).toBe(true);
    expect(example({ dateOfDeath: "2025-05-01", cause: "NATURAL" }).waiting_period.met).toBe(true);
  });
});
