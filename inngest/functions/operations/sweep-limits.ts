import { getDb } from "@/db";
import { sweepLoginAttempts } from "@/lib/identity/login-attempts";
import { sweepRateLimitCounters } from "@/lib/operations/rate-limit";
import { defineBackgroundFunction } from "../../define";

// Every minute: sign-in attempts that have left their 15 minutes and rate-limit counters whose window
// has ended are deleted, so a flood of addresses or keys leaves nothing behind (trust section 6). The
// failed sign-ins stay in the audit log.
export const sweepLimitsFunction = defineBackgroundFunction(
  { id: "sweep-limits", trigger: { cron: "* * * * *" }, retries: 2 },
  async ({ step }) => {
    const loginAttempts = await step.run("sweep-login-attempts", async () => sweepLoginAttempts(await getDb()));
    const rateLimitCounters = await step.run("sweep-rate-limit-counters", async () =>
      sweepRateLimitCounters(await getDb()),
    );
    return { loginAttempts, rateLimitCounters };
  },
);
