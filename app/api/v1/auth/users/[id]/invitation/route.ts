import { identityOperations } from "@/lib/identity/operations";
import { resendInvitation } from "@/lib/identity/users";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// POST /api/v1/auth/users/{id}/invitation - send a user a new invitation link
export const POST = withApi(identityOperations.sendInvitation, async ({ ctx, params }) => {
  await resendInvitation({ ctx, userId: params.id });
  return json({}, 202);
});
