import { endorsePolicy } from "@/lib/lifecycle/endorse-policy";
import { lifecycleEndpoints } from "@/lib/lifecycle/endpoints";
import { listEndorsements } from "@/lib/lifecycle/list-endorsements";
import { created, json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// POST /api/v1/emission/policies/{id}/endorsements - add or remove covered lives (?dry_run=true: preview)
export const POST = withApi(lifecycleEndpoints.endorsePolicy, async ({ ctx, params, query, body }) => {
  const answer = await endorsePolicy({ ctx, policyId: params.id, input: body, dryRun: query.dry_run });
  return query.dry_run ? json(answer) : created(answer);
});

// GET /api/v1/emission/policies/{id}/endorsements - the policy's endorsements, newest first
export const GET = withApi(lifecycleEndpoints.listEndorsements, async ({ ctx, params }) =>
  json(await listEndorsements({ ctx, policyId: params.id })),
);
