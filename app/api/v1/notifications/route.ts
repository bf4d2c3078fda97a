import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { listNotifications } from "@/lib/notifications/list";
import { notificationsOperations } from "@/lib/notifications/operations";

// GET /api/v1/notifications - the notifications outbox
export const GET = withApi(notificationsOperations.list, async ({ ctx, query }) =>
  json(await listNotifications({ ctx, query })),
);
