import { emissionEndpoints } from "@/lib/emission/endpoints";
import { getPortal } from "@/lib/emission/get-portal";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// GET /api/v1/portal/me - the signed-in client and its policies
export const GET = withApi(emissionEndpoints.portal, async ({ ctx }) => json(await getPortal({ ctx })));
