import { identityEndpoints } from "@/lib/identity/endpoints";
import { logout } from "@/lib/identity/logout";
import { noContent } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// POST /api/v1/auth/logout - end the current session
export const POST = withApi(identityEndpoints.logout, async ({ ctx }) => {
  await logout({ ctx });
  return noContent();
});
