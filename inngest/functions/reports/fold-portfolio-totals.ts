import { getDb } from "@/db";
import { lifecycleRunInProgress } from "@/lib/lifecycle/run/lock";
import { foldPortfolioTotals } from "@/lib/reports/portfolio-totals";
import { defineBackgroundFunction } from "../../define";

// Every five minutes: the policies written since the last fold are taken into the portfolio report's
// totals (docs/reports.md section 5), so a report finds little left to take in and answers at once,
// however long since anyone asked for one. Not while the lifecycle runs: its tens of thousands of moves
// would be folded as they happen, competing with the run for the database; the next fold takes them.
export const foldPortfolioTotalsFunction = defineBackgroundFunction(
  { id: "fold-portfolio-totals", trigger: { cron: "*/5 * * * *" }, retries: 2 },
  async ({ step }) =>
    step.run("fold", async () => {
      if (await lifecycleRunInProgress()) return { policies: 0, skipped: "a lifecycle run is in progress" };
      return { policies: await foldPortfolioTotals(await getDb()) };
    }),
);
