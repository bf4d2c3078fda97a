import { correctPayout } from "@/lib/claims/correct-payout";
import { claimsEndpoints } from "@/lib/claims/endpoints";
import { created } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// POST /api/v1/claims/{id}/payouts/{payout_id}/corrections - correct a payout's amount, with a reason
export const POST = withApi(claimsEndpoints.correctPayout, async ({ ctx, params, body }) =>
  created(await correctPayout({ ctx, claimId: params.id, payoutId: params.payout_id, input: body })),
);
