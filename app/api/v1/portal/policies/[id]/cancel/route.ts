import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { cancelOwnPolicy } from "@/lib/lifecycle/cancel-own-policy";
import { lifecycleEndpoints } from "@/lib/lifecycle/endpoints";

// POST /api/v1/portal/policies/{id}/cancel - the client cancels its own policy
export const POST = withApi(lifecycleEndpoints.cancelOwnPolicy, async ({ ctx, params, query, body }) =>
  json(await cancelOwnPolicy({ ctx, policyId: params.id, input: body, dryRun: query.dry_run })),
);
