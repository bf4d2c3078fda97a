import { catalogEndpoints } from "@/lib/catalog/endpoints";
import { createVersion } from "@/lib/catalog/create-version";
import { created } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// POST /api/v1/plans/{plan_id}/versions - add a version to a plan
export const POST = withApi(catalogEndpoints.createVersion, async ({ ctx, params, body }) =>
  created(await createVersion({ ctx, planId: params.plan_id, input: body })),
);
