import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { getResellerDashboard } from "@/lib/payments/dashboard";
import { paymentsOperations } from "@/lib/payments/operations";

// GET /api/v1/payments/reseller/dashboard - commission by month
export const GET = withApi(paymentsOperations.resellerDashboard, async ({ ctx, query }) =>
  json(await getResellerDashboard({ ctx, companyId: query.company_id })),
);
