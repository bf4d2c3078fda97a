import { identityOperations } from "@/lib/identity/operations";
import { logoutAll } from "@/lib/identity/logout";
import { noContent } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// POST /api/v1/auth/logout-all - global logout
export const POST = withApi(identityOperations.logoutAll, async ({ ctx }) => {
  await logoutAll({ ctx });
  return noContent();
});
