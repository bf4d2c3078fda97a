import { countries } from "countries-list";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { currencyDecimals, minorUnitExponent } from "@/lib/currencies";
import { ValidationError } from "@/lib/errors";
import { fromMinorUnits, toMinorUnits } from "@/lib/payments/processor";

// Processor amounts in every currency the countries table uses (trust.md section 7), against a plain
// reference written from Stripe's published lists (docs.stripe.com/currencies), not from the code.

/** The currencies of the seeded countries (db/seed: countries-list less AC, TA and XK). */
const COUNTRY_CURRENCIES = [
  ...new Set(
    Object.entries(countries)
      .filter(([code]) => !["AC", "TA", "XK"].includes(code))
      .flatMap(([, country]) => country.currency),
  ),
].sort();

// Stripe's zero-decimal currencies: the API amount is the whole amount.
const STRIPE_ZERO_DECIMAL = [
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
];
// Stripe's three-decimal currencies, and ISO 4217's other currencies with more than two decimals.
const STRIPE_THREE_DECIMAL = ["BHD", "JOD", "KWD", "OMR", "TND"];
const ISO_MORE_THAN_TWO = ["IQD", "LYD", "CLF"];
// Whole units only though the API keeps two decimals: ISK (Stripe's special case: multiples of 100), and
// UYI (ISO 4217: no minor unit; Stripe does not list it).
const WHOLE_WITH_TWO_DECIMALS_AT_STRIPE = ["ISK"];
const ISO_ZERO_NOT_AT_STRIPE = ["UYI"];

type Reference = { decimals: 0 | 2; apiExponent: number } | "unsupported";

function reference(currency: string): Reference {
  if (STRIPE_THREE_DECIMAL.includes(currency) || ISO_MORE_THAN_TWO.includes(currency)) return "unsupported";
  if (STRIPE_ZERO_DECIMAL.includes(currency) || ISO_ZERO_NOT_AT_STRIPE.includes(currency))
    return { decimals: 0, apiExponent: 0 };
  if (WHOLE_WITH_TWO_DECIMALS_AT_STRIPE.includes(currency)) return { decimals: 0, apiExponent: 2 };
  return { decimals: 2, apiExponent: 2 };
}

/** "12345.67" -> the processor's integer, by string and BigInt arithmetic. */
function referenceToMinor(amount: string, apiExponent: number): bigint {
  const [whole, fraction = ""] = amount.split(".");
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0").slice(0, 2));
  return (cents * 10n ** BigInt(apiExponent)) / 100n;
}

function referenceFromMinor(minor: bigint, apiExponent: number): string {
  const cents = (minor * 100n) / 10n ** BigInt(apiExponent);
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, "0")}`;
}

const SUPPORTED = COUNTRY_CURRENCIES.filter((currency) => reference(currency) !== "unsupported");
const UNSUPPORTED = COUNTRY_CURRENCIES.filter((currency) => reference(currency) === "unsupported");

/** An amount the currency can hold, as stored: two decimals, zero for a whole-unit currency. */
function storedAmount(decimals: 0 | 2) {
  return fc.bigInt({ min: 0n, max: 99_999_999_999n }).map((units) => {
    const cents = decimals === 0 ? units * 100n : units;
    return `${cents / 100n}.${(cents % 100n).toString().padStart(2, "0")}`;
  });
}

describe("minor units of the countries' currencies", () => {
  it("every currency of the countries table has an ISO 4217 exponent", () => {
    expect(COUNTRY_CURRENCIES.length).toBeGreaterThan(150);
    for (const currency of COUNTRY_CURRENCIES) expect(minorUnitExponent(currency), currency).not.toBeNull();
    expect(minorUnitExponent("CLP")).toBe(0);
    expect(minorUnitExponent("USD")).toBe(2);
    expect(minorUnitExponent("KWD")).toBe(3);
    expect(minorUnitExponent("ABC")).toBeNull();
  });

  it("the decimals the service allows match the reference for each of them", () => {
    for (const currency of COUNTRY_CURRENCIES) {
      const expected = reference(currency);
      expect([currency, currencyDecimals(currency)]).toEqual([
        currency,
        expected === "unsupported" ? null : expected.decimals,
      ]);
    }
  });

  it("CLP 12000 is 12000 at the processor, not 1200000; USD 125.00 is 12500; ISK 1500 is 150000", () => {
    expect(toMinorUnits("12000.00", "CLP")).toBe(12000);
    expect(fromMinorUnits(12000, "CLP")).toBe("12000.00");
    expect(toMinorUnits("125.00", "USD")).toBe(12500);
    expect(fromMinorUnits(12500, "USD")).toBe("125.00");
    expect(toMinorUnits("1500.00", "ISK")).toBe(150000);
    expect(fromMinorUnits(150000, "ISK")).toBe("1500.00");
    expect(toMinorUnits("90000.00", "PYG")).toBe(90000);
    expect(toMinorUnits("12000.00", "clp")).toBe(12000);
  });

  it("to the processor: every supported currency, any amount it can hold, as the reference", () => {
    for (const currency of SUPPORTED) {
      const { decimals, apiExponent } = reference(currency) as Exclude<Reference, "unsupported">;
      fc.assert(
        fc.property(storedAmount(decimals), (amount) => {
          expect(BigInt(toMinorUnits(amount, currency))).toBe(referenceToMinor(amount, apiExponent));
        }),
        { numRuns: 50, seed: 7 },
      );
    }
  });

  it("from the processor: every supported currency, any integer amount of its unit, as the reference, and back", () => {
    for (const currency of SUPPORTED) {
      const { decimals, apiExponent } = reference(currency) as Exclude<Reference, "unsupported">;
      // The processor's amounts of a whole-unit currency it keeps with two decimals (ISK) are multiples of 100.
      const unit = decimals === 0 ? 10n ** BigInt(apiExponent) : 1n;
      fc.assert(
        fc.property(fc.bigInt({ min: 0n, max: 9_999_999_999n }), (count) => {
          const minor = count * unit;
          const stored = fromMinorUnits(Number(minor), currency);
          expect(stored).toBe(referenceFromMinor(minor, apiExponent));
          expect(BigInt(toMinorUnits(stored, currency))).toBe(minor);
        }),
        { numRuns: 50, seed: 11 },
      );
    }
  });

  it("an amount with decimals its currency does not have is refused (422), never rounded into another charge", () => {
    for (const currency of SUPPORTED.filter((code) => currencyDecimals(code) === 0)) {
      expect(() => toMinorUnits("12000.50", currency), currency).toThrow(ValidationError);
    }
    expect(() => toMinorUnits("10.005", "USD")).toThrow(ValidationError);
  });

  it("a currency the service cannot hold (three or more decimals, or no currency) is refused both ways", () => {
    expect(UNSUPPORTED.sort()).toEqual(["BHD", "CLF", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]);
    for (const currency of [...UNSUPPORTED, "ABC"]) {
      expect(() => toMinorUnits("1.00", currency), currency).toThrow("unsupported currency");
      expect(() => fromMinorUnits(1000, currency), currency).toThrow("unsupported currency");
    }
  });
});
