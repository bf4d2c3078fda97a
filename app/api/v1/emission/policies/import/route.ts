import { created } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { lifecycleEndpoints } from "@/lib/lifecycle/endpoints";
import { importPolicy } from "@/lib/lifecycle/import/import-policy";

// POST /api/v1/emission/policies/import - import one policy of an existing book
export const POST = withApi(lifecycleEndpoints.importPolicy, async ({ ctx, body }) =>
  created(await importPolicy({ ctx, input: body })),
);
