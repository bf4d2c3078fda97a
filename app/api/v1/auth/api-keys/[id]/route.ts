import { revokeApiKey } from "@/lib/identity/api-keys";
import { identityOperations } from "@/lib/identity/operations";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// DELETE /api/v1/auth/api-keys/{id} - revoke an integration key
export const DELETE = withApi(identityOperations.revokeApiKey, async ({ ctx, params }) =>
  json(await revokeApiKey({ ctx, apiKeyId: params.id })),
);
