import { countries } from "countries-list";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  availableCountryCodes,
  calculatePrice,
  type CountryAvailability,
  type PricingVersion,
  type SurchargeBand,
} from "@/lib/catalog/pricing";
import { BadRequestError, BusinessRuleError } from "@/lib/errors";

const version: PricingVersion = { id: "v1", isActive: true, publicPrice: "25.00", currency: "USD", maxEntryAge: 70 };
const available: CountryAvailability = { explicit: { isAvailable: true, price: null }, availableThroughZone: false };
const bands: SurchargeBand[] = [
  { minAge: 50, maxAge: 59, percentage: "10.00" },
  { minAge: 60, maxAge: 70, percentage: "25.00" },
];

function refusal(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a refusal");
}

describe("calculatePrice rules", () => {
  it("prices at the public price with no surcharge below every band", () => {
    const quote = calculatePrice(version, available, bands, { countryCode: "MX", age: 30, quantity: 1 });
    expect(quote).toMatchObject({
      base_price: "25.00",
      country_override: null,
      age_surcharge_percentage: "0.00",
      age_surcharge_amount: "0.00",
      final_price: "25.00",
      currency: "USD",
      quantity: 1,
    });
    expect(quote.breakdown.unit_price).toBe("25.00");
    expect(quote.breakdown.steps.length).toBeGreaterThanOrEqual(3);
  });

  it("uses the country's price override as the base", () => {
    const quote = calculatePrice(
      version,
      { explicit: { isAvailable: true, price: "30.00" }, availableThroughZone: false },
      bands,
      {
        countryCode: "US",
        age: 30,
        quantity: 1,
      },
    );
    expect(quote.base_price).toBe("30.00");
    expect(quote.country_override).toBe("30.00");
    expect(quote.final_price).toBe("30.00");
    expect(quote.breakdown.steps[0]).toContain("US");
  });

  it("adds the surcharge of the band holding the age, bounds included", () => {
    for (const [age, pct, unit] of [
      [50, "10.00", "27.50"],
      [59, "10.00", "27.50"],
      [60, "25.00", "31.25"],
      [70, "25.00", "31.25"],
      [49, "0.00", "25.00"],
    ] as const) {
      const quote = calculatePrice(version, available, bands, { countryCode: "MX", age, quantity: 1 });
      expect([age, quote.age_surcharge_percentage, quote.breakdown.unit_price]).toEqual([age, pct, unit]);
    }
  });

  it("multiplies the rounded unit price by the quantity", () => {
    const quote = calculatePrice(
      { ...version, publicPrice: "10.05" },
      available,
      [{ minAge: 0, maxAge: 99, percentage: "12.50" }],
      {
        countryCode: "MX",
        age: 40,
        quantity: 3,
      },
    );
    // 10.05 * 1.125 = 11.30625 -> 11.31; surcharge 1.25625 -> 1.26
    expect(quote.breakdown.unit_price).toBe("11.31");
    expect(quote.final_price).toBe("33.93");
    expect(quote.age_surcharge_amount).toBe("3.78");
  });

  it("rounds half-up to cents", () => {
    const quote = calculatePrice(
      { ...version, publicPrice: "0.10" },
      available,
      [{ minAge: 0, maxAge: 99, percentage: "5.00" }],
      {
        countryCode: "MX",
        age: 1,
        quantity: 1,
      },
    );
    // 0.10 * 1.05 = 0.105 -> 0.11 (half-up), where binary floats give 0.10
    expect(quote.final_price).toBe("0.11");
  });

  it("refuses an inactive version with 400 before anything else", () => {
    const error = refusal(() =>
      calculatePrice({ ...version, isActive: false }, { explicit: null, availableThroughZone: false }, bands, {
        countryCode: "FR",
        age: 99,
        quantity: 0,
      }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
  });

  it("refuses a country without availability, naming it, before the age", () => {
    const error = refusal(() =>
      calculatePrice(version, { explicit: null, availableThroughZone: false }, bands, {
        countryCode: "FR",
        age: 99,
        quantity: 1,
      }),
    );
    expect(error).toBeInstanceOf(BusinessRuleError);
    expect(error.message).toBe("plan is not available in FR");
  });

  it("lets an explicit row win over the zones, both ways", () => {
    expect(() =>
      calculatePrice(version, { explicit: { isAvailable: false, price: null }, availableThroughZone: true }, bands, {
        countryCode: "ES",
        age: 1,
        quantity: 1,
      }),
    ).toThrow("plan is not available in ES");
    expect(
      calculatePrice(version, { explicit: null, availableThroughZone: true }, bands, {
        countryCode: "ES",
        age: 1,
        quantity: 1,
      }).final_price,
    ).toBe("25.00");
  });

  it("refuses an age above the maximum entry age, naming both", () => {
    const error = refusal(() => calculatePrice(version, available, bands, { countryCode: "MX", age: 71, quantity: 1 }));
    expect(error).toBeInstanceOf(BusinessRuleError);
    expect(error.message).toBe("age 71 exceeds the maximum entry age of 70");
  });

  it("refuses a negative age and a quantity below one, after the other checks", () => {
    expect(
      refusal(() => calculatePrice(version, available, bands, { countryCode: "MX", age: -1, quantity: 1 })).message,
    ).toBe("age must not be negative");
    expect(
      refusal(() => calculatePrice(version, available, bands, { countryCode: "MX", age: 1, quantity: 0 })).message,
    ).toBe("quantity must be at least 1");
  });
});

// A reference in integer cents and basis points: no decimal library, no floats.
function referenceCents(baseCents: bigint, basisPoints: bigint, quantity: bigint) {
  // unit = round_half_up(base * (10000 + bp) / 10000); the numerator is never negative here.
  const numerator = baseCents * (10_000n + basisPoints);
  const unit = (numerator * 2n + 10_000n) / 20_000n;
  const surcharge = (baseCents * basisPoints * 2n + 10_000n) / 20_000n;
  return { unit, final: unit * quantity, surcharge: surcharge * quantity };
}

const cents = (value: bigint) => `${value / 100n}.${String(value % 100n).padStart(2, "0")}`;

describe("availableCountryCodes", () => {
  it("lists the explicit countries and the zones' countries once each, sorted by code", () => {
    expect(availableCountryCodes([{ countryCode: "MX", isAvailable: true }], ["PT", "ES", "MX"])).toEqual([
      "ES",
      "MX",
      "PT",
    ]);
  });

  it("leaves out a country excluded by name, even when a zone holds it", () => {
    expect(
      availableCountryCodes(
        [
          { countryCode: "ES", isAvailable: false },
          { countryCode: "US", isAvailable: false },
        ],
        ["ES", "PT"],
      ),
    ).toEqual(["PT"]);
  });

  it("is empty for a version sold nowhere", () => {
    expect(availableCountryCodes([], [])).toEqual([]);
  });

  it("lists exactly the countries calculatePrice accepts", () => {
    const explicit = [
      { countryCode: "MX", isAvailable: true },
      { countryCode: "ES", isAvailable: false },
    ];
    const zone = new Set(["ES", "PT"]);
    const listed = availableCountryCodes(explicit, zone);
    for (const code of ["MX", "ES", "PT", "FR"]) {
      const rule = explicit.find((candidate) => candidate.countryCode === code);
      const availability: CountryAvailability = {
        explicit: rule ? { isAvailable: rule.isAvailable, price: null } : null,
        availableThroughZone: zone.has(code),
      };
      const prices = () => calculatePrice(version, availability, bands, { countryCode: code, age: 30, quantity: 1 });
      if (listed.includes(code)) expect(prices().final_price).toBe("25.00");
      else expect(prices).toThrow(`plan is not available in ${code}`);
    }
  });
});

describe("calculatePrice arithmetic (property-based)", () => {
  it("matches an integer-cents reference for any price, percentage, age and quantity", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        fc.bigInt({ min: 0n, max: 50_000n }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 120 }),
        (baseCents, basisPoints, quantity, age) => {
          const percentage = `${basisPoints / 100n}.${String(basisPoints % 100n).padStart(2, "0")}`;
          const quote = calculatePrice(
            { ...version, publicPrice: cents(baseCents), maxEntryAge: 120 },
            available,
            [{ minAge: 0, maxAge: 120, percentage }],
            { countryCode: "MX", age, quantity },
          );
          const expected = referenceCents(baseCents, basisPoints, BigInt(quantity));
          expect(quote.breakdown.unit_price).toBe(cents(expected.unit));
          expect(quote.final_price).toBe(cents(expected.final));
          expect(quote.age_surcharge_amount).toBe(cents(expected.surcharge));
          expect(quote.base_price).toBe(cents(baseCents));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("the final price is the unit price times the quantity, and never below the base", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 1, max: 20 }),
        (baseCents, pct, quantity) => {
          const quote = calculatePrice(
            { ...version, publicPrice: cents(BigInt(baseCents)) },
            available,
            [{ minAge: 0, maxAge: 70, percentage: `${pct}.00` }],
            {
              countryCode: "MX",
              age: 35,
              quantity,
            },
          );
          const unitCents = BigInt(quote.breakdown.unit_price.replace(".", ""));
          expect(BigInt(quote.final_price.replace(".", ""))).toBe(unitCents * BigInt(quantity));
          expect(unitCents >= BigInt(baseCents)).toBe(true);
        },
      ),
    );
  });
});

// trust.md section 7: in a zero-decimal currency every price, surcharge and premium is whole, rounded
// half-up to whole units. The currencies of the seeded countries (countries-list less AC, TA and XK), each
// with the smallest amount written out here from Stripe's and ISO 4217's lists, not read from the code.
const ZERO_DECIMAL = new Set([
  "BIF",
  "CLP",
  "DJF",
  "GNF",
  "JPY",
  "KMF",
  "KRW",
  "MGA",
  "PYG",
  "RWF",
  "UGX",
  "VND",
  "VUV",
  "XAF",
  "XOF",
  "XPF",
  "ISK",
  "UYI",
]);
const NOT_HELD = new Set(["BHD", "JOD", "KWD", "OMR", "TND", "IQD", "LYD", "CLF"]);
const PRICED_CURRENCIES = [
  ...new Set(
    Object.entries(countries)
      .filter(([code]) => !["AC", "TA", "XK"].includes(code))
      .flatMap(([, country]) => country.currency),
  ),
]
  .filter((currency) => !NOT_HELD.has(currency))
  .sort();

/** round_half_up(numerator / denominator) to a multiple of `step` cents, for non-negative integers. */
function roundHalfUpTo(numerator: bigint, denominator: bigint, step: bigint): bigint {
  return ((numerator * 2n + denominator * step) / (2n * denominator * step)) * step;
}

describe("calculatePrice in every currency of the countries (property-based)", () => {
  it("rounds the unit price and the surcharge half-up to whole units in a zero-decimal currency, to cents otherwise", () => {
    expect(PRICED_CURRENCIES).toEqual(expect.arrayContaining(["CLP", "PYG", "JPY", "USD", "EUR", "MXN"]));
    for (const currency of PRICED_CURRENCIES) {
      const step = ZERO_DECIMAL.has(currency) ? 100n : 1n;
      fc.assert(
        fc.property(
          fc.bigInt({ min: 0n, max: 100_000_000n }),
          fc.bigInt({ min: 0n, max: 50_000n }),
          fc.integer({ min: 1, max: 20 }),
          (units, basisPoints, quantity) => {
            // A price the catalog accepts in this currency: whole units where it has no decimals.
            const baseCents = units * step;
            const percentage = `${basisPoints / 100n}.${String(basisPoints % 100n).padStart(2, "0")}`;
            const quote = calculatePrice(
              { ...version, currency, publicPrice: cents(baseCents) },
              available,
              [{ minAge: 0, maxAge: 70, percentage }],
              {
                countryCode: "MX",
                age: 40,
                quantity,
              },
            );
            const unit = roundHalfUpTo(baseCents * (10_000n + basisPoints), 10_000n, step);
            const surcharge = roundHalfUpTo(baseCents * basisPoints, 10_000n, step);
            expect([currency, quote.breakdown.unit_price]).toEqual([currency, cents(unit)]);
            expect(quote.age_surcharge_amount).toBe(cents(surcharge * BigInt(quantity)));
            expect(quote.final_price).toBe(cents(unit * BigInt(quantity)));
            expect(quote.currency).toBe(currency);
          },
        ),
        { numRuns: 40, seed: 5 },
      );
    }
  });

  it("CLP 12345 with a 10% surcharge is 13580 (13579.5 rounded half-up), said in the breakdown", () => {
    const quote = calculatePrice(
      { ...version, currency: "CLP", publicPrice: "12345.00" },
      available,
      [{ minAge: 0, maxAge: 70, percentage: "10.00" }],
      {
        countryCode: "CL",
        age: 40,
        quantity: 2,
      },
    );
    expect(quote).toMatchObject({
      base_price: "12345.00",
      age_surcharge_amount: "2470.00",
      final_price: "27160.00",
      currency: "CLP",
    });
    expect(quote.breakdown.unit_price).toBe("13580.00");
    expect(quote.breakdown.steps[2]).toBe("unit price 12345.00 + 1235.00 = 13580.00 (rounded half-up to whole units)");
    // The same arithmetic in USD keeps the cents.
    const dollars = calculatePrice(
      { ...version, publicPrice: "123.45" },
      available,
      [{ minAge: 0, maxAge: 70, percentage: "10.00" }],
      { countryCode: "US", age: 40, quantity: 1 },
    );
    expect(dollars.breakdown.unit_price).toBe("135.80");
    expect(dollars.breakdown.steps[2]).toBe("unit price 123.45 + 12.35 = 135.80 (rounded half-up to cents)");
  });
});
