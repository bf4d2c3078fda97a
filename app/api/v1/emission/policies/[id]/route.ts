import { emissionEndpoints } from "@/lib/emission/endpoints";
import { getPolicy } from "@/lib/emission/get-policy";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { lifecycleEndpoints } from "@/lib/lifecycle/endpoints";
import { updatePolicy } from "@/lib/lifecycle/update-policy";

// GET /api/v1/emission/policies/{id} - one policy with its history
export const GET = withApi(emissionEndpoints.getPolicy, async ({ ctx, params }) =>
  json(await getPolicy({ ctx, policyId: params.id })),
);

// PATCH /api/v1/emission/policies/{id} - switch auto_renew
export const PATCH = withApi(lifecycleEndpoints.updatePolicy, async ({ ctx, params, body }) =>
  json(await updatePolicy({ ctx, policyId: params.id, input: body })),
);
