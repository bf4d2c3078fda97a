import { claimsOperations } from "@/lib/claims/operations";
import { listClaims } from "@/lib/claims/read-claims";
import { createClaim } from "@/lib/claims/write-claims";
import { created, json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// GET /api/v1/claims/ - claims in scope, filtered
export const GET = withApi(claimsOperations.listClaims, async ({ ctx, query }) =>
  json(await listClaims({ ctx, query })),
);

// POST /api/v1/claims/ - report a claim
export const POST = withApi(claimsOperations.createClaim, async ({ ctx, body }) =>
  created(await createClaim({ ctx, input: body })),
);
