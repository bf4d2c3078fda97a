import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { lifecycleEndpoints } from "@/lib/lifecycle/endpoints";
import { listTerms } from "@/lib/lifecycle/list-terms";

// GET /api/v1/emission/policies/{id}/terms - the policy's terms, oldest first
export const GET = withApi(lifecycleEndpoints.listTerms, async ({ ctx, params }) =>
  json(await listTerms({ ctx, policyId: params.id })),
);
