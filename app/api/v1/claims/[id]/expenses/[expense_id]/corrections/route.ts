import { claimsEndpoints } from "@/lib/claims/endpoints";
import { correctExpense } from "@/lib/claims/correct-expense";
import { created } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// POST /api/v1/claims/{id}/expenses/{expense_id}/corrections - correct an expense's amount, with a reason
export const POST = withApi(claimsEndpoints.correctExpense, async ({ ctx, params, body }) =>
  created(await correctExpense({ ctx, claimId: params.id, expenseId: params.expense_id, input: body })),
);
