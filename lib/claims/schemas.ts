import { z } from "zod";
import { DecimalInput, MoneyString, paginated, PaginationQuery, Uuid } from "@/lib/schemas";
import { CLAIM_STATUSES, EXPENSE_TYPES } from "@/db/enums";

export { EXPENSE_TYPES, type ExpenseType } from "@/db/enums";

export const ClaimExpenseResponse = z.object({
  id: Uuid,
  amount: MoneyString,
  currency: z.string(),
  expense_type: z.enum(EXPENSE_TYPES),
  receipt_url: z.string().nullable(),
  created_at: z.string(),
});
export type ClaimExpenseResponse = z.infer<typeof ClaimExpenseResponse>;

export const ClaimStatusHistoryResponse = z.object({
  from_status: z.enum(CLAIM_STATUSES).nullable(),
  to_status: z.enum(CLAIM_STATUSES),
  changed_by: z.string(),
  reason: z.string(),
  changed_at: z.string(),
});

export const ClaimResponse = z.object({
  id: Uuid,
  policy_id: Uuid,
  beneficiary_id: Uuid,
  description: z.string(),
  status: z.enum(CLAIM_STATUSES),
  reported_at: z.string(),
  waiting_period_met: z
    .boolean()
    .describe("False while the report date is within the version's wtime_preexisting days of the policy's start"),
  expenses: z.array(ClaimExpenseResponse),
  total_expenses: MoneyString.describe("The sum of the expenses (in their currencies as recorded)"),
  status_history: z.array(ClaimStatusHistoryResponse),
});
export type ClaimResponse = z.infer<typeof ClaimResponse>;
ClaimResponse.register(z.globalRegistry, { id: "Claim" });

export const CLAIM_SORTS = ["-reported_at", "reported_at"] as const;

export const ListClaimsQuery = PaginationQuery.extend({
  status: z.enum(CLAIM_STATUSES).optional(),
  policy_id: Uuid.optional(),
  sort: z
    .enum(CLAIM_SORTS)
    .default("-reported_at")
    .describe(
      "`-reported_at` (default): newest report first; `reported_at`: oldest first, as the claims desk works its queue",
    ),
});
export type ListClaimsQuery = z.infer<typeof ListClaimsQuery>;

export const PaginatedClaims = paginated(ClaimResponse);

export const CreateClaimInput = z.object({
  policy_id: Uuid,
  beneficiary_id: Uuid,
  description: z.string().trim().min(1, { message: "is required" }).max(5000),
});
export type CreateClaimInput = z.infer<typeof CreateClaimInput>;

export const CreateExpenseInput = z.object({
  amount: DecimalInput({ min: 0.01 }),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, { message: "must be a three-letter upper-case currency code" })
    .default("USD"),
  expense_type: z.enum(EXPENSE_TYPES, { message: `must be one of ${EXPENSE_TYPES.join(", ")}` }),
  receipt_url: z
    .url({ protocol: /^https?$/, message: "must be an http(s) URL" })
    .max(2000)
    .optional(),
});
export type CreateExpenseInput = z.infer<typeof CreateExpenseInput>;

export const ClaimStatusInput = z.object({
  status: z.enum(CLAIM_STATUSES, { message: `must be one of ${CLAIM_STATUSES.join(", ")}` }),
  reason: z.string().trim().min(1, { message: "a reason is required" }).max(1000),
});
export type ClaimStatusInput = z.infer<typeof ClaimStatusInput>;
