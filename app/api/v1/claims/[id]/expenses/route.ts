import { claimsOperations } from "@/lib/claims/operations";
import { addExpense } from "@/lib/claims/write-claims";
import { created } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// POST /api/v1/claims/{id}/expenses - record an expense
export const POST = withApi(claimsOperations.addExpense, async ({ ctx, params, body }) =>
  created(await addExpense({ ctx, claimId: params.id, input: body })),
);
