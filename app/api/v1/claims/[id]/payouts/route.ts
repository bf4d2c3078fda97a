import { claimsEndpoints } from "@/lib/claims/endpoints";
import { recordPayout } from "@/lib/claims/record-payout";
import { created } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// POST /api/v1/claims/{id}/payouts - record money paid out on an approved claim
export const POST = withApi(claimsEndpoints.recordPayout, async ({ ctx, params, body }) =>
  created(await recordPayout({ ctx, claimId: params.id, input: body })),
);
