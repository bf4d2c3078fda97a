import { calculatePlanPrice } from "@/lib/catalog/calculate-plan-price";
import { catalogEndpoints } from "@/lib/catalog/endpoints";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// POST /api/v1/plans/calculate-price - a real-time quote
export const POST = withApi(catalogEndpoints.calculatePrice, async ({ ctx, body }) =>
  json(await calculatePlanPrice({ ctx, input: body })),
);
