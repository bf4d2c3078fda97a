import { catalogEndpoints } from "@/lib/catalog/endpoints";
import { getVersion } from "@/lib/catalog/get-version";
import { updateVersion } from "@/lib/catalog/update-version";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// GET /api/v1/plan-versions/{id} - one version with its rules
export const GET = withApi(catalogEndpoints.getVersion, async ({ ctx, params }) =>
  json(await getVersion({ ctx, versionId: params.id })),
);

// PATCH /api/v1/plan-versions/{id} - (de)activate, or edit terms while unused
export const PATCH = withApi(catalogEndpoints.updateVersion, async ({ ctx, params, body }) =>
  json(await updateVersion({ ctx, versionId: params.id, input: body })),
);
