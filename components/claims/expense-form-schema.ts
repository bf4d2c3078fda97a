import { CreateExpenseInput } from "@/lib/claims/schemas";
import { typedAmount } from "@/lib/i18n/typed-amount";

/**
 * The expense form's schema: the API's CreateExpenseInput, with the amount as a
 * person types it (lib/i18n/typed-amount.ts), sent as the plain decimal the API takes.
 */
export const ExpenseFormInput = CreateExpenseInput.extend({ amount: typedAmount() });
