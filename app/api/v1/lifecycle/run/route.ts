import { lifecycleEndpoints } from "@/lib/lifecycle/endpoints";
import { runLifecycle } from "@/lib/lifecycle/run-lifecycle";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// POST /api/v1/lifecycle/run - apply every lifecycle move due on or before a day
export const POST = withApi(lifecycleEndpoints.runLifecycle, async ({ ctx, body }) =>
  json(await runLifecycle({ ctx, input: body })),
);
