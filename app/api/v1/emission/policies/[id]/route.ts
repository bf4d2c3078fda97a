import { emissionEndpoints } from "@/lib/emission/endpoints";
import { getPolicy } from "@/lib/emission/get-policy";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// GET /api/v1/emission/policies/{id} - one policy with its history
export const GET = withApi(emissionEndpoints.getPolicy, async ({ ctx, params }) =>
  json(await getPolicy({ ctx, policyId: params.id })),
);
