import { created } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { createBusinessUnit } from "@/lib/operations/companies";
import { operationsOperations } from "@/lib/operations/operations";

// POST /api/v1/organizations/companies/{id}/business-units - create a unit under a company
export const POST = withApi(operationsOperations.createBusinessUnit, async ({ ctx, params, body }) =>
  created(await createBusinessUnit({ ctx, companyId: params.id, input: body })),
);
