import Decimal from "decimal.js";

// Money arithmetic (contract section 1): decimal, never binary floats; rounded half-up to 2 places;
// serialized as a string with 2 decimals. Every module computes money through these helpers.
export const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Money = Decimal;

export function money(value: Decimal.Value): Decimal {
  return new Money(value);
}

export function round2(value: Decimal): Decimal {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** "125.00": the wire and storage form of an amount. */
export function formatMoney(value: Decimal.Value): string {
  return round2(new Money(value)).toFixed(2);
}
