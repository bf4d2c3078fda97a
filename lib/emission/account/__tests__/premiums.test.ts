import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arrearsAmount, invoicePeriod, periodReference, takePremiums } from "@/lib/emission/account/premiums";
import { addDays, monthEnd } from "@/lib/emission/premium-dates";
import { formatMoney, money } from "@/lib/money";

// The credit rule of lifecycle.md section 3, pure: money received is added to the credit, and while the
// credit covers a whole premium one is taken and the paid-to date moves one month of cover.

/** A premium from 5.00 to 5,000.00, cents included, as the decimal string the database holds. */
const aPremium = fc.integer({ min: 500, max: 500_000 }).map((cents) => formatMoney(money(cents).div(100)));

const aStart = fc
  .record({
    year: fc.integer({ min: 2000, max: 2040 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 31 }),
  })
  .map(({ year, month, day }) => {
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    return `${year}-${String(month).padStart(2, "0")}-${String(Math.min(day, last)).padStart(2, "0")}`;
  });

describe("takePremiums (manual payments and card intents)", () => {
  it("n.5 premiums received at once cover n months and leave half a premium of credit, in decimals", () => {
    fc.assert(
      fc.property(
        aStart,
        fc.integer({ min: 0, max: 36 }),
        fc.integer({ min: 1, max: 250_000 }),
        (start, n, halfCents) => {
          // An even number of cents, so that half a premium is a whole number of cents.
          const premium = formatMoney(money(halfCents * 2).div(100));
          const half = formatMoney(money(halfCents).div(100));
          const received = formatMoney(money(premium).times(n).plus(half));
          const taken = takePremiums({ startDate: start, paidToDate: null, credit: "0.00", premium, received });
          expect(taken.months).toHaveLength(n);
          expect(taken.credit).toBe(half);
          expect(taken.paidToDate).toBe(n === 0 ? null : monthEnd(start, n));
          // Each month runs from the day after the one before it, the first from the start date.
          taken.months.forEach((month, index) => {
            expect(month.from).toBe(index === 0 ? start : addDays(monthEnd(start, index), 1));
            expect(month.to).toBe(monthEnd(start, index + 1));
          });
        },
      ),
    );
  });

  it("paying in instalments ends where paying at once does: same paid-to date, same credit", () => {
    fc.assert(
      fc.property(
        aStart,
        aPremium,
        fc.array(fc.integer({ min: 1, max: 200_000 }), { minLength: 1, maxLength: 8 }),
        (start, premium, centsList) => {
          let state = { paidToDate: null as string | null, credit: "0.00" };
          for (const cents of centsList) {
            const received = formatMoney(money(cents).div(100));
            const taken = takePremiums({ startDate: start, ...state, premium, received });
            state = { paidToDate: taken.paidToDate, credit: taken.credit };
          }
          const total = formatMoney(centsList.reduce((sum, cents) => sum.plus(money(cents).div(100)), money(0)));
          const atOnce = takePremiums({ startDate: start, paidToDate: null, credit: "0.00", premium, received: total });
          expect(state).toEqual({ paidToDate: atOnce.paidToDate, credit: atOnce.credit });
          // The credit left is always short of a premium, and never negative.
          expect(money(atOnce.credit).lt(premium)).toBe(true);
          expect(money(atOnce.credit).gte(0)).toBe(true);
        },
      ),
    );
  });

  it("keeps the money as credit when the premium is nothing (no month covered forever)", () => {
    expect(
      takePremiums({ startDate: "2026-01-15", paidToDate: null, credit: "0.00", premium: "0", received: "10.00" }),
    ).toEqual({
      paidToDate: null,
      credit: "10.00",
      months: [],
    });
  });

  it("moves a paid-to date left mid-month by an invoice to the end of that month of cover", () => {
    const taken = takePremiums({
      startDate: "2026-01-15",
      paidToDate: "2026-03-03",
      credit: "0.00",
      premium: "25.00",
      received: "25.00",
    });
    expect(taken.months).toEqual([{ from: "2026-03-04", to: "2026-03-14" }]);
    expect(periodReference(taken.months[0])).toBe("2026-03-04 – 2026-03-14");
  });
});

describe("invoicePeriod (card invoices)", () => {
  it("covers up to the day before the period's end", () => {
    expect(invoicePeriod("2026-01-15", "2026-02-15")).toEqual({ from: "2026-01-15", to: "2026-02-14" });
  });
});

describe("arrearsAmount", () => {
  it("is one premium per month begun after the paid-to date, less credit, never below zero", () => {
    const base = { startDate: "2026-01-15", premium: "25.00" };
    expect(arrearsAmount({ ...base, paidToDate: null, credit: "0.00", today: "2026-01-14" })).toBe("0.00");
    expect(arrearsAmount({ ...base, paidToDate: null, credit: "0.00", today: "2026-01-15" })).toBe("25.00");
    // Months of cover: 15 January - 14 February, 15 February - 14 March, 15 March - 14 April, 15 April - ...
    expect(arrearsAmount({ ...base, paidToDate: "2026-02-14", credit: "0.00", today: "2026-03-14" })).toBe("25.00");
    expect(arrearsAmount({ ...base, paidToDate: "2026-02-14", credit: "0.00", today: "2026-03-15" })).toBe("50.00");
    expect(arrearsAmount({ ...base, paidToDate: "2026-02-14", credit: "10.00", today: "2026-04-15" })).toBe("65.00");
    expect(arrearsAmount({ ...base, paidToDate: "2026-02-14", credit: "12.50", today: "2026-03-01" })).toBe("12.50");
    expect(arrearsAmount({ ...base, paidToDate: "2026-02-14", credit: "30.00", today: "2026-03-01" })).toBe("0.00");
  });
});
