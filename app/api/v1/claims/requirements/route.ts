import { claimsEndpoints } from "@/lib/claims/endpoints";
import { getRequirementList } from "@/lib/claims/requirements/get-requirement-list";
import { putRequirementList } from "@/lib/claims/requirements/put-requirement-list";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// A static segment: /claims/requirements is served here, never by /claims/[id] (static segments win).

// GET /api/v1/claims/requirements - the company's base list, or a destination's extra items
export const GET = withApi(claimsEndpoints.getRequirementList, async ({ ctx, query }) =>
  json(await getRequirementList({ ctx, country: query.country })),
);

// PUT /api/v1/claims/requirements - set a destination's extra items, or replace the base list
export const PUT = withApi(claimsEndpoints.putRequirementList, async ({ ctx, body }) =>
  json(await putRequirementList({ ctx, input: body })),
);
