import { z } from "zod";
import { CreateExpenseInput } from "@/lib/claims/schemas";
import { parseAmount } from "@/lib/i18n/format";
import { formatMoney, money } from "@/lib/money";

const MIN_AMOUNT = 0.01;
const MAX_AMOUNT = 9_999_999_999.99;

/**
 * The expense form's schema: the API's CreateExpenseInput, with the amount as a person types it
 * ("1250.50", "1,250.50" or "1.250,50", parseAmount) turned into the plain decimal string (two decimals) the API takes.
 * Each problem carries the code the `validation` catalog words: invalid_amount, too_small, too_large.
 */
export const ExpenseFormInput = CreateExpenseInput.extend({
  amount: z
    .string()
    .trim()
    .min(1)
    .transform((text, ctx) => {
      const amount = parseAmount(text);
      if (amount === null) {
        ctx.addIssue({ code: "custom", params: { code: "invalid_amount" }, message: "is not an amount", input: text });
        return z.NEVER;
      }
      if (money(amount).lt(MIN_AMOUNT)) {
        ctx.addIssue({ code: "too_small", origin: "number", minimum: MIN_AMOUNT, inclusive: true, input: text });
        return z.NEVER;
      }
      if (money(amount).gt(MAX_AMOUNT)) {
        ctx.addIssue({ code: "too_big", origin: "number", maximum: MAX_AMOUNT, inclusive: true, input: text });
        return z.NEVER;
      }
      // Two decimals, as the API's DecimalInput writes them: "49.5" is "49.50".
      return formatMoney(amount);
    }),
});
