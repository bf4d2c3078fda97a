import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { isDatabaseHealthy } from "@/lib/operations/is-database-healthy";
import { operationsEndpoints } from "@/lib/operations/endpoints";

// GET /api/v1/health - liveness and database check
// The 503 is an error answer like any other: a {detail, code}, and Retry-After as every database outage gets.
export const GET = withApi(operationsEndpoints.health, async () =>
  (await isDatabaseHealthy())
    ? json({ status: "ok", database: "ok" })
    : json(
        {
          status: "error",
          database: "unavailable",
          detail: "the database is not available; try again shortly",
          code: "unavailable",
        },
        503,
        { "Retry-After": "5" },
      ),
);
