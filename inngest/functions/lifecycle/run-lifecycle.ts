import { getDb } from "@/db";
import { systemContext } from "@/lib/context";
import { runLifecycle } from "@/lib/lifecycle/run-lifecycle";
import { defineBackgroundFunction } from "../../define";

// Daily at 00:30 UTC: the lifecycle run for the day that has just begun (lifecycle.md section 4).
export const runLifecycleFunction = defineBackgroundFunction(
  { id: "lifecycle-run", trigger: { cron: "30 0 * * *" }, retries: 2 },
  async ({ step }) =>
    step.run("run", async () => runLifecycle({ ctx: systemContext(await getDb(), "lifecycle"), input: {} })),
);
