import { data as iso4217Table } from "currency-codes";

// Each currency's minor unit (trust.md section 7). The exponent comes from ISO 4217 as the
// `currency-codes` package carries it; the card processor's own representation of amounts differs from
// ISO for a few currencies, and those differences are written out here, against Stripe's published
// lists (docs.stripe.com/currencies: zero-decimal, three-decimal and special cases).

/** Code -> exponent, read once from the package's table (it looks codes up by a linear search). */
const ISO_EXPONENTS: ReadonlyMap<string, number> = new Map(
  iso4217Table.filter((entry) => typeof entry.digits === "number").map((entry) => [entry.code, entry.digits]),
);

/** ISO 4217 codes published after the package's data (2024-06-25): the Caribbean guilder (2025). */
const PUBLISHED_LATER: ReadonlyMap<string, number> = new Map([["XCG", 2]]);

/**
 * Where the processor's amounts do not use the ISO exponent. ISK: ISO has no minor unit, but Stripe's
 * API keeps two decimals (whole kronur, so multiples of 100). MGA: ISO says two decimals, but Stripe
 * charges whole ariary (a zero-decimal currency there).
 */
const PROCESSOR_EXPONENT: ReadonlyMap<string, number> = new Map([
  ["ISK", 2],
  ["MGA", 0],
]);

/** The ISO 4217 minor-unit exponent (JPY 0, USD 2, KWD 3), or null for a code that is not a currency. */
export function minorUnitExponent(currency: string): number | null {
  const code = currency.toUpperCase();
  return ISO_EXPONENTS.get(code) ?? PUBLISHED_LATER.get(code) ?? null;
}

/** The exponent of the processor's integer amounts: 12000 CLP is 12000, 125.00 USD is 12500. */
export function processorExponent(currency: string): number | null {
  const code = currency.toUpperCase();
  return PROCESSOR_EXPONENT.get(code) ?? minorUnitExponent(code);
}

/**
 * How many decimals an amount in this currency may have here: 2, or 0 for a currency with no minor
 * unit (ISO's, or the processor's: CLP, PYG, JPY, ISK, MGA...). Null when the service cannot hold it:
 * an unknown code, or three or more decimals (BHD, KWD, CLF...), which two-decimal storage cannot keep.
 */
export function currencyDecimals(currency: string): 0 | 2 | null {
  const iso = minorUnitExponent(currency);
  const processor = processorExponent(currency);
  if (iso === null || processor === null || iso > 2 || processor > 2) return null;
  return iso === 0 || processor === 0 ? 0 : 2;
}

export function isSupportedCurrency(currency: string): boolean {
  return currencyDecimals(currency) !== null;
}

export function isZeroDecimalCurrency(currency: string): boolean {
  return currencyDecimals(currency) === 0;
}
