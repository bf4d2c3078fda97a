import { claimsEndpoints } from "@/lib/claims/endpoints";
import { addExpense } from "@/lib/claims/add-expense";
import { created } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// POST /api/v1/claims/{id}/expenses - record an expense
export const POST = withApi(claimsEndpoints.addExpense, async ({ ctx, params, body }) =>
  created(await addExpense({ ctx, claimId: params.id, input: body })),
);
