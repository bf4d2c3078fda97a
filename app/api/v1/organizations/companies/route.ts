import { created, json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { createCompany, listCompanies } from "@/lib/operations/companies";
import { operationsOperations } from "@/lib/operations/operations";

// GET /api/v1/organizations/companies - companies with their units
export const GET = withApi(operationsOperations.listCompanies, async ({ ctx }) => json(await listCompanies({ ctx })));

// POST /api/v1/organizations/companies - create a company
export const POST = withApi(operationsOperations.createCompany, async ({ ctx, body }) =>
  created(await createCompany({ ctx, input: body })),
);
