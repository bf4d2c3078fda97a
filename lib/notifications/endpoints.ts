import { defineOperation, listResponse } from "@/lib/http/operation";
import { paginated } from "@/lib/schemas";
import { ListNotificationsQuery, NotificationResponse } from "./schemas";

export const notificationsEndpoints = {
  list: defineOperation({
    method: "GET",
    path: "/notifications",
    tag: "Notifications",
    summary: "The notifications outbox (newest first)",
    description:
      "Each notification is written with the change that caused it and delivered in the background: SENT, FAILED (with the error, once delivery has been retried for about ten hours: 5 quick attempts, then by the minute sweep 1, 2, 4 ... 32 minutes apart, then hourly, 20 attempts in all), or SKIPPED when its channel has no provider configured. Each is rendered when it is written, in its recipient's language (a client's preferred_language; a user's saved locale, else DEFAULT_LOCALE), and keeps that language, subject and body; a WhatsApp message goes out as the approved template of that language.",
    access: "notifications:read",
    query: ListNotificationsQuery,
    responses: { 200: listResponse("A page of notifications", paginated(NotificationResponse)) },
  }),
};
