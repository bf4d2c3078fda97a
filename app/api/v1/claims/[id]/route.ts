import { claimsOperations } from "@/lib/claims/operations";
import { getClaim } from "@/lib/claims/read-claims";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// GET /api/v1/claims/{id} - one claim with expenses, total and history
export const GET = withApi(claimsOperations.getClaim, async ({ ctx, params }) =>
  json(await getClaim({ ctx, claimId: params.id })),
);
