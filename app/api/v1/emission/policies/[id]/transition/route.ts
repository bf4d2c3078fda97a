import { emissionEndpoints } from "@/lib/emission/endpoints";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { transitionPolicy } from "@/lib/lifecycle/transition-policy";

// POST /api/v1/emission/policies/{id}/transition - an administrator's status move
export const POST = withApi(emissionEndpoints.transitionPolicy, async ({ ctx, params, body }) =>
  json(await transitionPolicy({ ctx, policyId: params.id, input: body })),
);
