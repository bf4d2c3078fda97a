import { identityOperations } from "@/lib/identity/operations";
import { register } from "@/lib/identity/register";
import { created } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// POST /api/v1/auth/register - self-registration as CLIENTE
export const POST = withApi(identityOperations.register, async ({ ctx, body }) =>
  created(await register({ ctx, input: body })),
);
