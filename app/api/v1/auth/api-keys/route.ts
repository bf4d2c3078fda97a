import { createApiKey, listApiKeys } from "@/lib/identity/api-keys";
import { identityOperations } from "@/lib/identity/operations";
import { created, json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// GET /api/v1/auth/api-keys - list integration keys
export const GET = withApi(identityOperations.listApiKeys, async ({ ctx }) => json(await listApiKeys({ ctx })));

// POST /api/v1/auth/api-keys - create an integration key (shown once)
export const POST = withApi(identityOperations.createApiKey, async ({ ctx, body }) =>
  created(await createApiKey({ ctx, input: body })),
);
