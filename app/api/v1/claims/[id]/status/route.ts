import { claimsOperations } from "@/lib/claims/operations";
import { moveClaim } from "@/lib/claims/write-claims";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// PATCH /api/v1/claims/{id}/status - move the claim, with a reason
export const PATCH = withApi(claimsOperations.moveClaim, async ({ ctx, params, body }) =>
  json(await moveClaim({ ctx, claimId: params.id, input: body })),
);
