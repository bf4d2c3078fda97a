import { changePassword } from "@/lib/identity/change-password";
import { identityEndpoints } from "@/lib/identity/endpoints";
import { noContent } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// POST /api/v1/auth/password - change one's password
export const POST = withApi(identityEndpoints.changePassword, async ({ ctx, body }) => {
  await changePassword({ ctx, input: body });
  return noContent();
});
