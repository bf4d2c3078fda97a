import { getClient } from "@/lib/emission/clients";
import { emissionOperations } from "@/lib/emission/operations";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// GET /api/v1/emission/clients/{id} - one client
export const GET = withApi(emissionOperations.getClient, async ({ ctx, params }) =>
  json(await getClient({ ctx, clientId: params.id })),
);
