import Decimal from "decimal.js";
import { currencyDecimals } from "@/lib/currencies";

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

/**
 * Rounded half-up to the currency's smallest amount here (trust.md section 7): whole units for a
 * zero-decimal currency (CLP, PYG, JPY...), cents otherwise (and for a code the service does not know).
 */
export function roundForCurrency(value: Decimal.Value, currency: string): Decimal {
  return new Money(value).toDecimalPlaces(currencyDecimals(currency) ?? 2, Decimal.ROUND_HALF_UP);
}

/** Whether an amount needs no more decimals than the currency has (12000.00 CLP yes, 12000.50 CLP no). */
export function fitsCurrency(value: Decimal.Value, currency: string): boolean {
  const amount = new Money(value);
  return amount.equals(amount.toDecimalPlaces(currencyDecimals(currency) ?? 2));
}
