import { identityEndpoints } from "@/lib/identity/endpoints";
import { refresh } from "@/lib/identity/refresh";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// POST /api/v1/auth/refresh - rotate a refresh token
export const POST = withApi(identityEndpoints.refresh, async ({ ctx, body }) =>
  json(await refresh({ ctx, refreshToken: body.refresh_token })),
);
