import { claimsEndpoints } from "@/lib/claims/endpoints";
import { getClaim } from "@/lib/claims/get-claim";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// GET /api/v1/claims/{id} - one claim with expenses, total and history
export const GET = withApi(claimsEndpoints.getClaim, async ({ ctx, params }) =>
  json(await getClaim({ ctx, claimId: params.id })),
);
