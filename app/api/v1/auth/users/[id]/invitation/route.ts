import { identityEndpoints } from "@/lib/identity/endpoints";
import { resendInvitation } from "@/lib/identity/resend-invitation";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// POST /api/v1/auth/users/{id}/invitation - send a user a new invitation link
export const POST = withApi(identityEndpoints.sendInvitation, async ({ ctx, params }) => {
  await resendInvitation({ ctx, userId: params.id });
  return json({}, 202);
});
