import { catalogOperations } from "@/lib/catalog/operations";
import { getProduct } from "@/lib/catalog/list-products";
import { updateProduct } from "@/lib/catalog/update-product";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// GET /api/v1/products/{id} - one product to full depth
export const GET = withApi(catalogOperations.getProduct, async ({ ctx, params }) =>
  json(await getProduct({ ctx, productId: params.id })),
);

// PATCH /api/v1/products/{id} - edit or (de)activate a product
export const PATCH = withApi(catalogOperations.updateProduct, async ({ ctx, params, body }) =>
  json(await updateProduct({ ctx, productId: params.id, input: body })),
);
