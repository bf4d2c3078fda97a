import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { lifecycleEndpoints } from "@/lib/lifecycle/endpoints";
import { getRenewalPreview } from "@/lib/lifecycle/renewal-preview";

// GET /api/v1/emission/policies/{id}/renewal-preview - what the renewal at term end would be
export const GET = withApi(lifecycleEndpoints.getRenewalPreview, async ({ ctx, params }) =>
  json(await getRenewalPreview({ ctx, policyId: params.id })),
);
