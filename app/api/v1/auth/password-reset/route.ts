import { identityEndpoints } from "@/lib/identity/endpoints";
import { requestPasswordReset } from "@/lib/identity/request-password-reset";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// POST /api/v1/auth/password-reset - ask for a reset link (the same answer for every e-mail)
export const POST = withApi(identityEndpoints.requestPasswordReset, async ({ ctx, body }) => {
  await requestPasswordReset({ ctx, input: body });
  return json({}, 202);
});
