import { claimsEndpoints } from "@/lib/claims/endpoints";
import { reportDeath } from "@/lib/claims/report-death";
import { created } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// POST /api/v1/portal/claims - a client reports a death on its own policy
export const POST = withApi(claimsEndpoints.reportDeath, async ({ ctx, body }) =>
  created(await reportDeath({ ctx, input: body })),
);
