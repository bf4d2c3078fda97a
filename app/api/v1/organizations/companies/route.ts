import { created, json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { createCompany } from "@/lib/operations/create-company";
import { listCompanies } from "@/lib/operations/list-companies";
import { operationsEndpoints } from "@/lib/operations/endpoints";

// GET /api/v1/organizations/companies - companies with their units
export const GET = withApi(operationsEndpoints.listCompanies, async ({ ctx }) => json(await listCompanies({ ctx })));

// POST /api/v1/organizations/companies - create a company
export const POST = withApi(operationsEndpoints.createCompany, async ({ ctx, body }) =>
  created(await createCompany({ ctx, input: body })),
);
