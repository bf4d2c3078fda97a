import { created } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { createBusinessUnit } from "@/lib/operations/create-business-unit";
import { operationsEndpoints } from "@/lib/operations/endpoints";

// POST /api/v1/organizations/companies/{id}/business-units - create a unit under a company
export const POST = withApi(operationsEndpoints.createBusinessUnit, async ({ ctx, params, body }) =>
  created(await createBusinessUnit({ ctx, companyId: params.id, input: body })),
);
