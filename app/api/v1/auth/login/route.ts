import { identityEndpoints } from "@/lib/identity/endpoints";
import { login } from "@/lib/identity/login";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// POST /api/v1/auth/login - sign in (JSON or OAuth2 password form)
export const POST = withApi(identityEndpoints.login, async ({ ctx, body, req }) => {
  const { access_token, refresh_token, token_type, expires_in } = await login({
    ctx,
    input: body,
    userAgent: req.headers.get("user-agent"),
  });
  return json({ access_token, refresh_token, token_type, expires_in });
});
