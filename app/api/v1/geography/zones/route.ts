import { created, json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { createZone } from "@/lib/operations/create-zone";
import { listZones } from "@/lib/operations/list-zones";
import { operationsEndpoints } from "@/lib/operations/endpoints";

// GET /api/v1/geography/zones - zones with their countries
export const GET = withApi(operationsEndpoints.listZones, async ({ ctx }) => json(await listZones({ ctx })));

// POST /api/v1/geography/zones - create a zone
export const POST = withApi(operationsEndpoints.createZone, async ({ ctx, body }) =>
  created(await createZone({ ctx, input: body })),
);
