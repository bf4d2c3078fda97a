import { emissionOperations } from "@/lib/emission/operations";
import { transitionPolicy } from "@/lib/emission/transition-policy";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// POST /api/v1/emission/policies/{id}/transition - an administrator's status move
export const POST = withApi(emissionOperations.transitionPolicy, async ({ ctx, params, body }) =>
  json(await transitionPolicy({ ctx, policyId: params.id, input: body })),
);
