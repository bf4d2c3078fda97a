import { getDb } from "@/db";
import { sendExpiryNotices } from "@/lib/emission/send-expiry-notices";
import { defineBackgroundFunction } from "../../define";

// Daily at 08:00 UTC: the notice 3 days before a policy's end_date.
export const expiryNoticesFunction = defineBackgroundFunction(
  { id: "expiry-notices", trigger: { cron: "0 8 * * *" }, retries: 2 },
  async ({ step }) => step.run("notify", async () => ({ sent: await sendExpiryNotices(await getDb()) })),
);
