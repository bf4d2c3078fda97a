import type { ServiceContext } from "@/lib/context";
import type { PortfolioQuery, PortfolioReport } from "./schemas";

/** GET /reports/portfolio: the figures of reports.md section 1 (not implemented yet). */
export async function getPortfolio({
  ctx,
  query,
}: {
  ctx: ServiceContext;
  query: PortfolioQuery;
}): Promise<PortfolioReport> {
  void ctx;
  void query;
  throw new Error("not implemented");
}
