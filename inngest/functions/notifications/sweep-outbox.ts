import { getDb } from "@/db";
import { deliverNotification, findStrandedNotifications } from "@/lib/notifications/deliver-notification";
import { defineBackgroundFunction } from "../../define";

// Every minute: delivers rows whose event never arrived (the process stopped between commit and send) and
// retries rows whose event's attempts all failed, with a back-off from a minute up to an hour per row
// (findStrandedNotifications), until MAX_DELIVERY_ATTEMPTS marks the row FAILED.
export const sweepOutboxFunction = defineBackgroundFunction(
  { id: "sweep-notification-outbox", trigger: { cron: "* * * * *" }, retries: 0 },
  async ({ step }) => {
    const ids = await step.run("find-stranded", async () => findStrandedNotifications(await getDb()));
    for (const id of ids) {
      await step.run(`deliver-${id}`, async () =>
        deliverNotification(await getDb(), id).catch((error: Error) => `RETRY: ${error.message}`),
      );
    }
    return { swept: ids.length };
  },
);
