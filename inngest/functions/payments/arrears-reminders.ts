import { getDb } from "@/db";
import { sendArrearsReminders } from "@/lib/payments/send-arrears-reminders";
import { defineBackgroundFunction } from "../../define";

// Daily at 09:00 UTC: reminders for IN_ARREARS policies without a subscription.
export const arrearsRemindersFunction = defineBackgroundFunction(
  { id: "arrears-reminders", trigger: { cron: "0 9 * * *" }, retries: 2 },
  async ({ step }) => step.run("remind", async () => ({ sent: await sendArrearsReminders(await getDb()) })),
);
