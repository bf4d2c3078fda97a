import { identityEndpoints } from "@/lib/identity/endpoints";
import { register } from "@/lib/identity/register";
import { created } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// POST /api/v1/auth/register - self-registration as CLIENTE
export const POST = withApi(identityEndpoints.register, async ({ ctx, body }) =>
  created(await register({ ctx, input: body })),
);
