import { claimsEndpoints } from "@/lib/claims/endpoints";
import { getClaim } from "@/lib/claims/get-claim";
import { updateClaim } from "@/lib/claims/update-claim";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// GET /api/v1/claims/{id} - one claim with expenses, total and history
export const GET = withApi(claimsEndpoints.getClaim, async ({ ctx, params }) =>
  json(await getClaim({ ctx, claimId: params.id })),
);

// PATCH /api/v1/claims/{id} - correct the facts of the death or the description
export const PATCH = withApi(claimsEndpoints.updateClaim, async ({ ctx, params, body }) =>
  json(await updateClaim({ ctx, claimId: params.id, input: body })),
);
