import { createApiKey } from "@/lib/identity/create-api-key";
import { listApiKeys } from "@/lib/identity/list-api-keys";
import { identityEndpoints } from "@/lib/identity/endpoints";
import { created, json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// GET /api/v1/auth/api-keys - list integration keys
export const GET = withApi(identityEndpoints.listApiKeys, async ({ ctx }) => json(await listApiKeys({ ctx })));

// POST /api/v1/auth/api-keys - create an integration key (shown once)
export const POST = withApi(identityEndpoints.createApiKey, async ({ ctx, body }) =>
  created(await createApiKey({ ctx, input: body })),
);
