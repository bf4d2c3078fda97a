import { created, json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { createZone, listZones } from "@/lib/operations/geography";
import { operationsOperations } from "@/lib/operations/operations";

// GET /api/v1/geography/zones - zones with their countries
export const GET = withApi(operationsOperations.listZones, async ({ ctx }) => json(await listZones({ ctx })));

// POST /api/v1/geography/zones - create a zone
export const POST = withApi(operationsOperations.createZone, async ({ ctx, body }) =>
  created(await createZone({ ctx, input: body })),
);
