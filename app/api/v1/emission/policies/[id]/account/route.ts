import { getAccount } from "@/lib/emission/account/get-account";
import { emissionEndpoints } from "@/lib/emission/endpoints";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// GET /api/v1/emission/policies/{id}/account - premium, paid-to date, credit, arrears and entries
export const GET = withApi(emissionEndpoints.getAccount, async ({ ctx, params }) =>
  json(await getAccount({ ctx, policyId: params.id })),
);
