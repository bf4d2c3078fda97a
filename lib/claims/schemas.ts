import { z } from "zod";
import { MoneyString, paginated, PaginationQuery, Uuid } from "@/lib/schemas";
import { CLAIM_STATUSES, EXPENSE_TYPES } from "./statuses";

export const ClaimExpenseResponse = z.object({
  id: Uuid,
  amount: MoneyString,
  currency: z.string(),
  expense_type: z.enum(EXPENSE_TYPES),
  receipt_url: z.string().nullable(),
  created_at: z.string(),
});

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
  waiting_period_met: z.boolean().describe("False while the report date is within the version's wtime_preexisting days of the policy's start"),
  expenses: z.array(ClaimExpenseResponse),
  total_expenses: MoneyString.describe("The sum of the expenses (in their currencies as recorded)"),
  status_history: z.array(ClaimStatusHistoryResponse),
});
export type ClaimResponse = z.infer<typeof ClaimResponse>;

export const ListClaimsQuery = PaginationQuery.extend({
  status: z.enum(CLAIM_STATUSES).optional(),
  policy_id: Uuid.optional(),
});
export type ListClaimsQuery = z.infer<typeof ListClaimsQuery>;

export const PaginatedClaims = paginated(ClaimResponse);
