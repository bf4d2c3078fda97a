import { emissionEndpoints } from "@/lib/emission/endpoints";
import { verifyPolicy } from "@/lib/emission/verify-policy";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// GET /api/v1/public/verify/{token} - whether the policy behind a QR code is in force
export const GET = withApi(emissionEndpoints.verifyPolicy, async ({ ctx, params }) =>
  json(await verifyPolicy({ ctx, token: params.token })),
);
