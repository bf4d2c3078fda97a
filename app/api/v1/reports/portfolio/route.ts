import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { reportsEndpoints } from "@/lib/reports/endpoints";
import { getPortfolio } from "@/lib/reports/get-portfolio";

// GET /api/v1/reports/portfolio - the portfolio report on a day
export const GET = withApi(reportsEndpoints.getPortfolio, async ({ ctx, query }) =>
  json(await getPortfolio({ ctx, query })),
);
