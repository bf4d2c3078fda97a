import { emissionEndpoints } from "@/lib/emission/endpoints";
import { listPolicies } from "@/lib/emission/list-policies";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// GET /api/v1/emission/policies - policies in scope, filtered
export const GET = withApi(emissionEndpoints.listPolicies, async ({ ctx, query }) =>
  json(await listPolicies({ ctx, query })),
);
