import { claimsEndpoints } from "@/lib/claims/endpoints";
import { listClaims } from "@/lib/claims/list-claims";
import { createClaim } from "@/lib/claims/create-claim";
import { created, json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// GET /api/v1/claims/ - claims in scope, filtered
export const GET = withApi(claimsEndpoints.listClaims, async ({ ctx, query }) =>
  json(await listClaims({ ctx, query })),
);

// POST /api/v1/claims/ - report a claim
export const POST = withApi(claimsEndpoints.createClaim, async ({ ctx, body }) =>
  created(await createClaim({ ctx, input: body })),
);
