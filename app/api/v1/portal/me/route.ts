import { emissionOperations } from "@/lib/emission/operations";
import { getPortal } from "@/lib/emission/portal";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// GET /api/v1/portal/me - the signed-in client and its policies
export const GET = withApi(emissionOperations.portal, async ({ ctx }) => json(await getPortal({ ctx })));
