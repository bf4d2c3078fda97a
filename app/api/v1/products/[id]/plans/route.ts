import { catalogOperations } from "@/lib/catalog/operations";
import { createPlan } from "@/lib/catalog/update-product";
import { created } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// POST /api/v1/products/{id}/plans - add a plan to a product
export const POST = withApi(catalogOperations.createPlan, async ({ ctx, params, body }) =>
  created(await createPlan({ ctx, productId: params.id, input: body })),
);
