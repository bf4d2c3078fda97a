import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { isDatabaseHealthy } from "@/lib/operations/check-health";
import { operationsOperations } from "@/lib/operations/operations";

// GET /api/v1/health - liveness and database check
export const GET = withApi(operationsOperations.health, async () =>
  (await isDatabaseHealthy()) ? json({ status: "ok", database: "ok" }) : json({ status: "error", database: "unavailable" }, 503),
);
