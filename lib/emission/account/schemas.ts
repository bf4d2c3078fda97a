import { z } from "zod";
import { ACCOUNT_ENTRY_KINDS } from "@/db/enums";
import { MoneyString } from "@/lib/schemas";

export const AccountEntryResponse = z.object({
  date: z.string().describe("The day of the entry, YYYY-MM-DD"),
  kind: z
    .enum(ACCOUNT_ENTRY_KINDS)
    .describe(
      "PAYMENT: money received (a manual payment, a card intent or a paid invoice), positive. PREMIUM_PAID: one premium taken to cover one month, or an invoice's period, positive. REFUND: money returned, negative. ADJUSTMENT: an administrator's correction or an imported opening balance, signed",
    ),
  amount: MoneyString,
  reference: z
    .string()
    .nullable()
    .describe("For PREMIUM_PAID the days covered (2026-01-15 – 2026-02-14); for a payment its reference"),
});
export type AccountEntryResponse = z.infer<typeof AccountEntryResponse>;

/** GET /emission/policies/{id}/account (lifecycle.md section 3). */
export const AccountResponse = z.object({
  currency: z.string(),
  premium: MoneyString.describe("One monthly premium: the policy's final_price"),
  paid_to_date: z.string().nullable().describe("The last day covered by premiums received; null before the first"),
  next_due_date: z.string().describe("paid_to_date + 1 day (start_date when nothing is paid yet)"),
  credit: MoneyString.describe("Money received and not yet enough for a whole premium"),
  arrears_amount: MoneyString.describe(
    "One premium for each month of cover that began on or before today and after the paid-to date, less credit, never below zero",
  ),
  grace_ends_on: z.string().nullable().describe("paid_to_date + grace_period_days while IN_ARREARS, else null"),
  entries: z.array(AccountEntryResponse).describe("Oldest first"),
});
export type AccountResponse = z.infer<typeof AccountResponse>;
AccountResponse.register(z.globalRegistry, { id: "PolicyAccount" });
