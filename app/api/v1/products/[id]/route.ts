import { catalogEndpoints } from "@/lib/catalog/endpoints";
import { getProduct } from "@/lib/catalog/get-product";
import { updateProduct } from "@/lib/catalog/update-product";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// GET /api/v1/products/{id} - one product to full depth
export const GET = withApi(catalogEndpoints.getProduct, async ({ ctx, params }) =>
  json(await getProduct({ ctx, productId: params.id })),
);

// PATCH /api/v1/products/{id} - edit or (de)activate a product
export const PATCH = withApi(catalogEndpoints.updateProduct, async ({ ctx, params, body }) =>
  json(await updateProduct({ ctx, productId: params.id, input: body })),
);
