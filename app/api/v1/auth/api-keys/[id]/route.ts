import { revokeApiKey } from "@/lib/identity/revoke-api-key";
import { identityEndpoints } from "@/lib/identity/endpoints";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// DELETE /api/v1/auth/api-keys/{id} - revoke an integration key
export const DELETE = withApi(identityEndpoints.revokeApiKey, async ({ ctx, params }) =>
  json(await revokeApiKey({ ctx, apiKeyId: params.id })),
);
