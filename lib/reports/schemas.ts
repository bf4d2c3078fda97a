import { z } from "zod";
import { CLAIM_STATUSES, POLICY_STATUSES } from "@/db/enums";
import { DateOnly } from "@/lib/emission/schemas";
import { MoneyString, RowCount, Uuid } from "@/lib/schemas";

// The portfolio report (reports.md section 1): its query and its answer. Decisions in docs/reports.md.

export const PortfolioQuery = z.object({
  as_of: DateOnly.optional().describe(
    "The day the figures are taken on, YYYY-MM-DD (default today in UTC); a day after today is 422",
  ),
  company_id: Uuid.optional().describe("Only this company's policies and claims (a seller: its own, else 403)"),
  business_unit_id: Uuid.optional().describe(
    "Only this business unit's policies and claims (a seller of one unit: its own, else 403)",
  ),
  plan_id: Uuid.optional().describe("Only policies on a version of this plan, and their claims"),
});
export type PortfolioQuery = z.infer<typeof PortfolioQuery>;

/** A ratio: a decimal with 4 places as a string, null when its denominator is 0. */
export const Ratio = z
  .string()
  .regex(/^-?\d+\.\d{4}$/)
  .nullable();

const Month = z.string().regex(/^\d{4}-\d{2}$/);
const Currency = z.string().length(3);
const Count = RowCount();

function countsOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.object(Object.fromEntries(values.map((value) => [value, Count])) as { [K in T[number]]: typeof Count });
}

export const CurrencyAmount = z.object({ currency: Currency, amount: MoneyString });

export const PortfolioReport = z.object({
  as_of: DateOnly.describe("The day the figures are taken on"),
  policies: z.object({
    in_force: Count.describe(
      "Policies in force on as_of as claims-cover.md section 1 defines it (IN_ARREARS within its grace period counts)",
    ),
    by_status: countsOf(POLICY_STATUSES).describe(
      "Each policy's status on as_of by the effective dates of its history; every status, zeros included; a policy with no move in effect on as_of (not issued yet) is not counted",
    ),
  }),
  lives_in_force: Count.describe("Lives covered on as_of (their own cover dates) on the policies in force"),
  premium_in_force: z
    .array(z.object({ currency: Currency, monthly_amount: MoneyString }))
    .describe("The monthly premium (final_price) of the policies in force, per currency, by currency code"),
  new_business: z
    .array(
      z.object({
        month: Month,
        policies: Count,
        monthly_premium: z.array(CurrencyAmount).describe("Their monthly premium (final_price) per currency"),
      }),
    )
    .describe(
      "Policies by the month of their first premium (imports excluded): the 12 calendar months ending with as_of's month, oldest first, months without any included; nothing after as_of",
    ),
  lapses: z
    .array(z.object({ month: Month, lapsed: Count, reinstated: Count }))
    .describe(
      "Moves into LAPSED and reinstatements (LAPSED -> ACTIVE) by effective date, the same 12 months as new_business",
    ),
  lapse_rate_12m: Ratio.describe(
    "Policies that lapsed in the 12 months to as_of (effective after the same day 12 months earlier, up to as_of) / policies in force on that day 12 months earlier; null when none were",
  ),
  persistency_13m: Ratio.describe(
    "Of the policies whose start_date falls in the calendar month 13 months before as_of's and that were ever ACTIVE, the share in force on as_of; null when there are none",
  ),
  claims: z.object({
    open: Count.describe("Claims PENDING, IN_REVIEW or APPROVED at the end of as_of (UTC), by their status history"),
    by_status: countsOf(CLAIM_STATUSES).describe(
      "Claims by their status at the end of as_of (UTC), by their status history; every status, zeros included",
    ),
    paid_last_12m: z
      .array(CurrencyAmount)
      .describe(
        "Claim payouts recorded in the 12 calendar months ending with as_of's month (up to as_of), per currency",
      ),
  }),
  loss_ratio_12m: z
    .array(z.object({ currency: Currency, ratio: Ratio }))
    .describe(
      "Per currency: payouts / (payments received - refunds), both in the same 12 months as paid_last_12m; a currency without payments received in those months is left out; null when the net premium is 0 or less",
    ),
});
export type PortfolioReport = z.infer<typeof PortfolioReport>;
PortfolioReport.register(z.globalRegistry, { id: "PortfolioReport" });
