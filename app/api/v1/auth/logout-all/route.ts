import { identityEndpoints } from "@/lib/identity/endpoints";
import { logoutAll } from "@/lib/identity/logout-all";
import { noContent } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// POST /api/v1/auth/logout-all - global logout
export const POST = withApi(identityEndpoints.logoutAll, async ({ ctx }) => {
  await logoutAll({ ctx });
  return noContent();
});
