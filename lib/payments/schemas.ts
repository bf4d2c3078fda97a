import { z } from "zod";
import {
  CursorParam,
  DateTimeInput,
  DecimalInput,
  ExportFormatParam,
  MoneyString,
  ROW_COUNT_MAX,
  RowCount,
  Uuid,
} from "@/lib/schemas";
import { TRANSACTION_KINDS, TRANSACTION_STATUSES } from "@/db/enums";
import { MAX_PAYMENT_ATTEMPTS } from "./state-machine";

/** The charges made for one transaction: a retry is refused once MAX_PAYMENT_ATTEMPTS is reached. */
const AttemptCount = z.number().int().min(0).max(MAX_PAYMENT_ATTEMPTS);

export const TransactionResponse = z.object({
  id: Uuid,
  policy_id: Uuid,
  kind: z.enum(TRANSACTION_KINDS),
  status: z.enum(TRANSACTION_STATUSES),
  amount: MoneyString,
  currency: z.string(),
  attempt_count: AttemptCount,
  processor_payment_intent_id: z.string().nullable(),
  reference: z.string().nullable(),
  failure_message: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type TransactionResponse = z.infer<typeof TransactionResponse>;
TransactionResponse.register(z.globalRegistry, { id: "Transaction" });

export const IntentInput = z.object({
  policy_id: Uuid,
  payment_method_id: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .optional()
    .describe("A saved card of the client's processor customer"),
  save_payment_method: z
    .boolean()
    .default(false)
    .describe("Keep the card on the client's processor customer for later charges"),
});

export const IntentResponse = TransactionResponse.extend({ client_secret: z.string() });

export const ManualPaymentInput = z.object({
  policy_id: Uuid,
  amount: DecimalInput({ min: 0.01 }),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, { message: "must be a three-letter upper-case currency code" })
    .optional()
    .describe("Defaults to the policy's currency; any other currency is refused"),
  reference: z.string().trim().max(255).optional().describe("The receipt or bank reference"),
  paid_at: DateTimeInput.optional().describe("When the money was received; defaults to now"),
});

export const SubscriptionInput = z.object({
  policy_id: Uuid,
  processor_payment_method_id: z.string().trim().min(1).max(255),
  billing_anchor_day: z
    .number()
    .int()
    .min(1, { message: "must be between 1 and 28" })
    .max(28, { message: "must be between 1 and 28" })
    .optional(),
});

export const SubscriptionResponse = z.object({
  id: Uuid,
  policy_id: Uuid,
  processor_subscription_id: z.string(),
  status: z.string().describe("The processor's status, upper-cased"),
  billing_anchor_day: z.number().int().min(1).max(28),
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
});
SubscriptionResponse.register(z.globalRegistry, { id: "Subscription" });

export const CancelSubscriptionInput = z.object({ policy_id: Uuid, cancel_immediately: z.boolean() });

export const ListTransactionsQuery = z.object({
  policy_id: Uuid.optional(),
  status: z.enum(TRANSACTION_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(ROW_COUNT_MAX).default(0),
  cursor: CursorParam,
  format: ExportFormatParam,
});
export type ListTransactionsQuery = z.infer<typeof ListTransactionsQuery>;

export const RetryResponse = z.object({
  transaction_id: Uuid,
  attempt_count: AttemptCount,
  status: z.enum(TRANSACTION_STATUSES),
  message: z.string(),
  client_secret: z.string(),
});

export const OnboardingResponse = z.object({ url: z.string(), expires_at: z.string() });

export const OnboardingQuery = z.object({
  company_id: Uuid.optional().describe("ADMIN only: onboard another (reseller) company"),
});

export const DashboardQuery = z.object({
  company_id: Uuid.optional().describe("ADMIN only: another company's dashboard"),
});

export const DashboardResponse = z.object({
  company_id: Uuid,
  is_reseller: z
    .boolean()
    .describe("Whether the company is a reseller: only a reseller has payouts and a Connect onboarding to start"),
  commission_rate: MoneyString,
  currency: z.string(),
  active_subscriptions: RowCount(),
  gross_amount: MoneyString,
  commission_amount: MoneyString,
  net_amount: MoneyString,
  by_month: z.array(z.object({ month: z.string(), gross_amount: MoneyString, commission_amount: MoneyString })),
});

/** POST /portal/policies/{id}/pay (lifecycle.md section 10). */
export const PortalPayResponse = z.object({
  client_secret: z.string().describe("Confirms the processor's payment intent in the client application"),
  amount: MoneyString.describe("The arrears amount, or one premium when nothing is due"),
  currency: z.string(),
});
