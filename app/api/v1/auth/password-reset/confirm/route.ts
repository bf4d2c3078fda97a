import { identityEndpoints } from "@/lib/identity/endpoints";
import { confirmPasswordReset } from "@/lib/identity/confirm-password-reset";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// POST /api/v1/auth/password-reset/confirm - set a password with a reset or invitation token
export const POST = withApi(identityEndpoints.confirmPasswordReset, async ({ ctx, body }) =>
  json(await confirmPasswordReset({ ctx, input: body })),
);
