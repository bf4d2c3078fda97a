import { claimsEndpoints } from "@/lib/claims/endpoints";
import { moveClaim } from "@/lib/claims/move-claim";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// PATCH /api/v1/claims/{id}/status - move the claim, with a reason
export const PATCH = withApi(claimsEndpoints.moveClaim, async ({ ctx, params, body }) =>
  json(await moveClaim({ ctx, claimId: params.id, input: body })),
);
