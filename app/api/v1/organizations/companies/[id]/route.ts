import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { getCompany } from "@/lib/operations/companies";
import { operationsOperations } from "@/lib/operations/operations";

// GET /api/v1/organizations/companies/{id} - one company with its units
export const GET = withApi(operationsOperations.getCompany, async ({ ctx, params }) =>
  json(await getCompany({ ctx, companyId: params.id })),
);
