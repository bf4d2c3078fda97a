// Totals of the quote screen. The API sends money as strings with exactly 2 decimals ("37.50"); adding
// them as JavaScript numbers would go through binary floats (0.1 + 0.2 !== 0.3), so each amount is read
// as a whole number of cents and the sum is written back with 2 decimals.

const AMOUNT = /^(-?)(\d+)\.(\d{2})$/;

/** "37.50" -> 3750n. Anything but the API's 2-decimal form is refused rather than guessed at. */
export function toCents(amount: string): bigint {
  const match = AMOUNT.exec(amount);
  if (!match) throw new Error(`not an amount with 2 decimals: ${amount}`);
  const cents = BigInt(match[2]) * 100n + BigInt(match[3]);
  return match[1] ? -cents : cents;
}

/** 3750n -> "37.50". */
export function formatCents(cents: bigint): string {
  const sign = cents < 0n ? "-" : "";
  const size = cents < 0n ? -cents : cents;
  return `${sign}${size / 100n}.${(size % 100n).toString().padStart(2, "0")}`;
}

/** The exact sum of 2-decimal amounts, as a 2-decimal amount. */
export function sumAmounts(amounts: string[]): string {
  return formatCents(amounts.reduce((sum, amount) => sum + toCents(amount), 0n));
}
