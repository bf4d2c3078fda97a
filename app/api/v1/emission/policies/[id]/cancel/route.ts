import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { cancelPolicy } from "@/lib/lifecycle/cancel-policy";
import { lifecycleEndpoints } from "@/lib/lifecycle/endpoints";

// POST /api/v1/emission/policies/{id}/cancel - cancel a policy (the cooling-off refund when it applies)
export const POST = withApi(lifecycleEndpoints.cancelPolicy, async ({ ctx, params, query, body }) =>
  json(await cancelPolicy({ ctx, policyId: params.id, input: body, dryRun: query.dry_run })),
);
