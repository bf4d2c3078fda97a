import { exported, json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { exportNotifications } from "@/lib/notifications/export-notifications";
import { listNotifications } from "@/lib/notifications/list-notifications";
import { notificationsEndpoints } from "@/lib/notifications/endpoints";

// GET /api/v1/notifications - the notifications outbox (or every matching row as CSV/XLSX)
export const GET = withApi(notificationsEndpoints.list, async ({ ctx, query }) =>
  query.format
    ? exported(exportNotifications({ ctx, query }), query.format)
    : json(await listNotifications({ ctx, query })),
);
