import { z } from "zod";
import { formatMoney, money } from "@/lib/money";
import { parseAmount } from "./format";

/** The range of the API's amounts (DecimalInput in lib/schemas.ts), above zero. */
const MIN_AMOUNT = 0.01;
const MAX_AMOUNT = 9_999_999_999.99;

/**
 * A form's amount field: the text a person types, read as parseAmount does ("1,250.50", "1.250,50" and
 * "1250.50" alike), turned into the plain two-decimal string the
 * API takes. Each problem carries a code of the `validation` catalog: required, invalid_amount,
 * too_small, too_large.
 */
export function typedAmount({ min = MIN_AMOUNT, max = MAX_AMOUNT }: { min?: number; max?: number } = {}) {
  return z
    .string()
    .trim()
    .min(1)
    .transform((text, ctx) => {
      const amount = parseAmount(text);
      if (amount === null) {
        ctx.addIssue({ code: "custom", params: { code: "invalid_amount" }, message: "is not an amount", input: text });
        return z.NEVER;
      }
      if (money(amount).lt(min)) {
        ctx.addIssue({ code: "too_small", origin: "number", minimum: min, inclusive: true, input: text });
        return z.NEVER;
      }
      if (money(amount).gt(max)) {
        ctx.addIssue({ code: "too_big", origin: "number", maximum: max, inclusive: true, input: text });
        return z.NEVER;
      }
      // Two decimals, as the API's DecimalInput writes them: "49.5" is "49.50".
      return formatMoney(amount);
    });
}
