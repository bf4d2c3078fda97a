import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { EXPORT_BATCH_ROWS, exportSource } from "@/lib/exports/stream";
import { listNotifications } from "./list-notifications";
import { NotificationResponse, type ListNotificationsQuery } from "./schemas";

/** GET /notifications?format=: every notification the list would show, for a file. */
export function exportNotifications({ ctx, query }: { ctx: ServiceContext; query: ListNotificationsQuery }) {
  assertCan(ctx.actor, "notifications:read");
  return exportSource("notifications", NotificationResponse, (cursor) =>
    listNotifications({ ctx, query: { ...query, cursor, page_size: EXPORT_BATCH_ROWS }, batch: true }),
  );
}
