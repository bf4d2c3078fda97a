import { getDb } from "@/db";
import { foldPortfolioTotals } from "@/lib/reports/portfolio-totals";
import { defineBackgroundFunction } from "../../define";

// Every five minutes: the policies written since the last fold are taken into the portfolio report's
// totals (docs/reports.md section 5), so a report finds little left to take in and answers at once,
// however long since anyone asked for one.
export const foldPortfolioTotalsFunction = defineBackgroundFunction(
  { id: "fold-portfolio-totals", trigger: { cron: "*/5 * * * *" }, retries: 2 },
  async ({ step }) => step.run("fold", async () => ({ policies: await foldPortfolioTotals(await getDb()) })),
);
