import { catalogEndpoints } from "@/lib/catalog/endpoints";
import { createProduct } from "@/lib/catalog/create-product";
import { listProducts } from "@/lib/catalog/list-products";
import { created, json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// GET /api/v1/products/ - the catalog to full depth
export const GET = withApi(catalogEndpoints.listProducts, async ({ ctx, query }) =>
  json(await listProducts({ ctx, activeOnly: query.active_only })),
);

// POST /api/v1/products/ - create a product with its whole tree
export const POST = withApi(catalogEndpoints.createProduct, async ({ ctx, body }) =>
  created(await createProduct({ ctx, input: body })),
);
