import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { getCompany } from "@/lib/operations/get-company";
import { operationsEndpoints } from "@/lib/operations/endpoints";

// GET /api/v1/organizations/companies/{id} - one company with its units
export const GET = withApi(operationsEndpoints.getCompany, async ({ ctx, params }) =>
  json(await getCompany({ ctx, companyId: params.id })),
);
