import { identityOperations } from "@/lib/identity/operations";
import { resendVerification } from "@/lib/identity/verify-email";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// POST /api/v1/auth/verify-email/resend - a new verification link for the signed-in user
export const POST = withApi(identityOperations.resendVerification, async ({ ctx }) => {
  await resendVerification({ ctx });
  return json({}, 202);
});
