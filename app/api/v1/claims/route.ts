import { claimsEndpoints } from "@/lib/claims/endpoints";
import { exportClaims } from "@/lib/claims/export-claims";
import { listClaims } from "@/lib/claims/list-claims";
import { createClaim } from "@/lib/claims/create-claim";
import { created, exported, json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// GET /api/v1/claims/ - claims in scope, filtered (or every matching row as CSV/XLSX)
export const GET = withApi(claimsEndpoints.listClaims, async ({ ctx, query }) =>
  query.format ? exported(exportClaims({ ctx, query }), query.format) : json(await listClaims({ ctx, query })),
);

// POST /api/v1/claims/ - report a claim
export const POST = withApi(claimsEndpoints.createClaim, async ({ ctx, body }) =>
  created(await createClaim({ ctx, input: body })),
);
