import { buildOpenApiDocument } from "@/lib/http/openapi";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { operationsEndpoints } from "@/lib/operations/endpoints";

// GET /api/v1/openapi.json - the OpenAPI 3.1 document, generated from the handlers' zod schemas
export const GET = withApi(operationsEndpoints.openapi, async () => json(buildOpenApiDocument()));
