import { getDb } from "@/db";
import { markAbandonedCheckouts } from "@/lib/leads/mark-abandoned-checkouts";
import { defineBackgroundFunction } from "../../define";

// Every 5 minutes: checkouts started ABANDONED_CHECKOUT_MINUTES ago with no purchase are flagged.
export const markAbandonedCheckoutsFunction = defineBackgroundFunction(
  { id: "mark-abandoned-checkouts", trigger: { cron: "*/5 * * * *" }, retries: 2 },
  async ({ step }) => step.run("mark", async () => ({ flagged: await markAbandonedCheckouts(await getDb()) })),
);
