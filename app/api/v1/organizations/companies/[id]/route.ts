import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { getCompany } from "@/lib/operations/get-company";
import { operationsEndpoints } from "@/lib/operations/endpoints";
import { updateCompany } from "@/lib/operations/update-company";

// GET /api/v1/organizations/companies/{id} - one company with its units
export const GET = withApi(operationsEndpoints.getCompany, async ({ ctx, params }) =>
  json(await getCompany({ ctx, companyId: params.id })),
);

// PATCH /api/v1/organizations/companies/{id} - edit a company
export const PATCH = withApi(operationsEndpoints.updateCompany, async ({ ctx, params, body }) =>
  json(await updateCompany({ ctx, companyId: params.id, input: body })),
);
