import { claimsEndpoints } from "@/lib/claims/endpoints";
import { reviewRequirement } from "@/lib/claims/requirements/review-requirement";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// PATCH /api/v1/claims/{id}/requirements/{code} - accept or reject an item of the checklist
export const PATCH = withApi(claimsEndpoints.reviewRequirement, async ({ ctx, params, body }) =>
  json(await reviewRequirement({ ctx, claimId: params.id, code: params.code, input: body })),
);
