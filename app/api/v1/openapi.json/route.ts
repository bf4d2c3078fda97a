import { buildOpenApiDocument } from "@/lib/http/openapi";
import { json } from "@/lib/http/responses";

// GET /api/v1/openapi.json - the OpenAPI 3.1 document, generated from the handlers' zod schemas
export function GET() {
  return json(buildOpenApiDocument());
}
