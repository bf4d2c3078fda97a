import { identityEndpoints } from "@/lib/identity/endpoints";
import { verifyEmail } from "@/lib/identity/verify-email";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// POST /api/v1/auth/verify-email - verify an e-mail address with the token of its link
export const POST = withApi(identityEndpoints.verifyEmail, async ({ ctx, body }) =>
  json(await verifyEmail({ ctx, input: body })),
);
