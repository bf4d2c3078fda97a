import { claimsEndpoints } from "@/lib/claims/endpoints";
import { deleteExpense } from "@/lib/claims/delete-expense";
import { updateExpense } from "@/lib/claims/update-expense";
import { json, noContent } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// PATCH /api/v1/claims/{id}/expenses/{expense_id} - fix an expense of an undecided claim
export const PATCH = withApi(claimsEndpoints.updateExpense, async ({ ctx, params, body }) =>
  json(await updateExpense({ ctx, claimId: params.id, expenseId: params.expense_id, input: body })),
);

// DELETE /api/v1/claims/{id}/expenses/{expense_id} - remove an expense of an undecided claim
export const DELETE = withApi(claimsEndpoints.deleteExpense, async ({ ctx, params }) => {
  await deleteExpense({ ctx, claimId: params.id, expenseId: params.expense_id });
  return noContent();
});
