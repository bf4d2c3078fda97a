import { calculatePlanPrice } from "@/lib/catalog/calculate-price";
import { catalogOperations } from "@/lib/catalog/operations";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// POST /api/v1/plans/calculate-price - a real-time quote
export const POST = withApi(catalogOperations.calculatePrice, async ({ ctx, body }) =>
  json(await calculatePlanPrice({ ctx, input: body })),
);
