import { catalogEndpoints } from "@/lib/catalog/endpoints";
import { createPlan } from "@/lib/catalog/create-plan";
import { created } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// POST /api/v1/products/{id}/plans - add a plan to a product
export const POST = withApi(catalogEndpoints.createPlan, async ({ ctx, params, body }) =>
  created(await createPlan({ ctx, productId: params.id, input: body })),
);
