import { claimsOperations } from "@/lib/claims/operations";
import { listClaims } from "@/lib/claims/read-claims";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// GET /api/v1/claims/ - claims in scope, filtered
export const GET = withApi(claimsOperations.listClaims, async ({ ctx, query }) => json(await listClaims({ ctx, query })));
