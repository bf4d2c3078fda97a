import { defineOperation } from "@/lib/http/operation";
import { paginated } from "@/lib/schemas";
import { ListNotificationsQuery, NotificationResponse } from "./schemas";

export const notificationsOperations = {
  list: defineOperation({
    method: "GET",
    path: "/notifications",
    tag: "Notifications",
    summary: "The notifications outbox (newest first)",
    description: "Each notification is written with the change that caused it and delivered in the background: SENT, FAILED (after 5 attempts, with the error), or SKIPPED when its channel has no provider configured.",
    access: "notifications:read",
    query: ListNotificationsQuery,
    responses: { 200: { description: "A page of notifications", schema: paginated(NotificationResponse) } },
  }),
};
