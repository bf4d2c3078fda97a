import fc from "fast-check";
import { getCountryCallingCode, getExampleNumber, isSupportedCountry, type CountryCode } from "libphonenumber-js/max";
import examples from "libphonenumber-js/mobile/examples";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { countries } from "@/db/schema";
import { E164_PATTERN, toE164 } from "../phone";

// trust.md section 7: a phone number is parsed with libphonenumber and stored as E.164; a national number
// is read in a country the caller names. The reference is plain arithmetic on digits: the E.164 form of a
// number is "+", its country calling code and its national significant number, whatever way it was typed.

const SEED = 20_260_715;

/** The countries of the countries table that libphonenumber knows (a few territories it does not: AQ, BV, ...). */
let known: CountryCode[];
let unknown: string[];

beforeAll(async () => {
  const rows = await (await getDb()).select({ code: countries.isoCode }).from(countries);
  const codes = rows.map((row) => row.code).sort();
  known = codes.filter((code): code is CountryCode => isSupportedCountry(code));
  unknown = codes.filter((code) => !isSupportedCountry(code));
});

/** A mobile number of `country`: its example number with its last `changed` digits replaced by `digits`. */
function numberOf(country: CountryCode, digits: string): { callingCode: string; national: string } {
  const example = getExampleNumber(country, examples)!;
  const national = example.nationalNumber.slice(0, example.nationalNumber.length - digits.length) + digits;
  return { callingCode: getCountryCallingCode(country), national };
}

/** The national number as a person might type it: groups split by spaces, dashes, dots or brackets. */
function typed(national: string, cuts: number[], separators: string[]): string {
  const positions = [...new Set(cuts.map((cut) => cut % national.length))]
    .filter((cut) => cut > 0)
    .sort((a, b) => a - b);
  let text = "";
  let from = 0;
  positions.forEach((cut, index) => {
    const separator = separators[index % separators.length];
    const group = national.slice(from, cut);
    text += separator === "()" ? `(${group}) ` : group + separator;
    from = cut;
  });
  return text + national.slice(from);
}

const arbitraries = () => ({
  country: fc.constantFrom(...known),
  digits: fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 0, maxLength: 4 }),
  cuts: fc.array(fc.nat(20), { maxLength: 4 }),
  separators: fc.array(fc.constantFrom(" ", "-", ".", "()"), { minLength: 1, maxLength: 4 }),
});

describe("toE164 against the plain reference (+ calling code + national number)", () => {
  it("the countries table has the ISO countries, nearly all of which libphonenumber knows", () => {
    expect(known.length).toBeGreaterThanOrEqual(240);
    expect(unknown.length).toBeLessThanOrEqual(10);
  });

  it("every known country's example number, typed nationally or in E.164, is stored as the same E.164 value", () => {
    const misses = known.filter((country) => {
      const { callingCode, national } = numberOf(country, "");
      const reference = `+${callingCode}${national}`;
      const fromE164 = toE164(reference);
      const fromNational = toE164(national, country);
      return !(fromE164.ok && fromE164.e164 === reference && fromNational.ok && fromNational.e164 === reference);
    });
    expect(misses).toEqual([]);
  });

  it("for any number of any known country, the national form (in that country) and the E.164 form agree: both the reference value, or both refused", () => {
    const { country, digits, cuts, separators } = arbitraries();
    fc.assert(
      fc.property(country, digits, cuts, separators, (country, digits, cuts, separators) => {
        const { callingCode, national } = numberOf(country, digits);
        const reference = `+${callingCode}${national}`;
        const fromE164 = toE164(reference);
        const fromNational = toE164(typed(national, cuts, separators), country);
        expect(fromNational.ok).toBe(fromE164.ok);
        if (fromE164.ok && fromNational.ok) {
          expect(fromE164.e164).toBe(reference);
          expect(fromNational.e164).toBe(reference);
        }
      }),
      { seed: SEED, numRuns: 3000 },
    );
  });

  it("an international number stands for itself, whatever country is named beside it", () => {
    const { country, digits } = arbitraries();
    fc.assert(
      fc.property(country, digits, fc.constantFrom(...known), (country, digits, named) => {
        const { callingCode, national } = numberOf(country, digits);
        const reference = `+${callingCode}${national}`;
        expect(toE164(reference, named)).toEqual(toE164(reference));
        expect(toE164(`+${callingCode} ${national}`, named)).toEqual(toE164(reference));
      }),
      { seed: SEED + 1, numRuns: 1000 },
    );
  });

  it("a stored value reads back as itself (idempotent), and everything accepted is E.164", () => {
    const { country, digits, cuts, separators } = arbitraries();
    fc.assert(
      fc.property(country, digits, cuts, separators, (country, digits, cuts, separators) => {
        const result = toE164(typed(numberOf(country, digits).national, cuts, separators), country);
        if (!result.ok) return;
        expect(result.e164).toMatch(E164_PATTERN);
        expect(toE164(result.e164)).toEqual(result);
        expect(toE164(result.e164, country)).toEqual(result);
      }),
      { seed: SEED + 2, numRuns: 1000 },
    );
  });

  it("never throws on any text; whatever it accepts is E.164", () => {
    const text = fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom(..."+0123456789 ().-") }));
    fc.assert(
      fc.property(text, fc.option(fc.constantFrom(...known, "ZZ", "AQ")), (value, country) => {
        const result = toE164(value, country);
        if (result.ok) expect(result.e164).toMatch(E164_PATTERN);
        else expect(result.message).toEqual(expect.any(String));
      }),
      { seed: SEED + 3, numRuns: 3000 },
    );
  });
});

describe("toE164 rules", () => {
  it("without a country the number must already be E.164", () => {
    expect(toE164("+525512345678")).toEqual({ ok: true, e164: "+525512345678" });
    expect(toE164("5512345678").ok).toBe(false);
    expect(toE164("+52 55 1234 5678").ok).toBe(false);
  });

  it("a national number of a country libphonenumber cannot read is refused, naming the country", () => {
    for (const country of unknown)
      expect(toE164("12345678", country)).toEqual({ ok: false, message: expect.stringContaining(country) });
  });

  it("a number of the right length but outside every range of its country is refused", () => {
    // Mexico's mobile "1" after the country code was retired in 2019: valid length, not a valid number.
    expect(toE164("+5215512345678")).toEqual({ ok: false, message: "is not a valid phone number of MX" });
    expect(toE164("(011) 555-0123", "US")).toEqual({ ok: false, message: "is not a valid phone number of US" });
  });
});
