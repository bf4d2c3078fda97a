import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { listNotifications } from "@/lib/notifications/list-notifications";
import { notificationsEndpoints } from "@/lib/notifications/endpoints";

// GET /api/v1/notifications - the notifications outbox
export const GET = withApi(notificationsEndpoints.list, async ({ ctx, query }) =>
  json(await listNotifications({ ctx, query })),
);
