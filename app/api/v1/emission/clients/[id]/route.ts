import { getClient } from "@/lib/emission/get-client";
import { emissionEndpoints } from "@/lib/emission/endpoints";
import { updateClient } from "@/lib/emission/update-client";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// GET /api/v1/emission/clients/{id} - one client
export const GET = withApi(emissionEndpoints.getClient, async ({ ctx, params }) =>
  json(await getClient({ ctx, clientId: params.id })),
);

// PATCH /api/v1/emission/clients/{id} - edit a client
export const PATCH = withApi(emissionEndpoints.updateClient, async ({ ctx, params, body }) =>
  json(await updateClient({ ctx, clientId: params.id, input: body })),
);
