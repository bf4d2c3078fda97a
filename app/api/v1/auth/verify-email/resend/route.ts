import { identityEndpoints } from "@/lib/identity/endpoints";
import { resendVerification } from "@/lib/identity/resend-verification";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// POST /api/v1/auth/verify-email/resend - a new verification link for the signed-in user
export const POST = withApi(identityEndpoints.resendVerification, async ({ ctx }) => {
  await resendVerification({ ctx });
  return json({}, 202);
});
