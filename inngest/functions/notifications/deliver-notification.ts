import { getDb } from "@/db";
import { deliverNotification, EVENT_DELIVERY_ATTEMPTS } from "@/lib/notifications/deliver-notification";
import { defineBackgroundFunction } from "../../define";

// Delivers one outbox row after the transaction that wrote it has committed; a failure is retried here a
// few times seconds apart, then by the outbox sweep (the row stays PENDING).
export const deliverNotificationFunction = defineBackgroundFunction(
  {
    id: "deliver-notification",
    trigger: { event: "notifications/notification.created" },
    retries: EVENT_DELIVERY_ATTEMPTS - 1,
  },
  async ({ event, step }) =>
    step.run("deliver", async () => deliverNotification(await getDb(), event.data.notification_id)),
);
