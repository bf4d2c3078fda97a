import { defineOperation } from "@/lib/http/operation";
import { PortfolioQuery, PortfolioReport } from "./schemas";

const tag = "Reports";

export const reportsEndpoints = {
  getPortfolio: defineOperation({
    method: "GET",
    path: "/reports/portfolio",
    tag,
    summary: "The portfolio report: business in force, premium, lapses, persistency, claims and the loss ratio",
    description:
      "Figures on `as_of` (default today in UTC) over the policies in the caller's scope (ADMIN: every company; a seller: its own company, and unit when it has one), narrowed by `company_id`, `business_unit_id` and `plan_id`. Statuses on a day come from the effective dates of the policies' status history, so a catch-up run of the lifecycle changes past figures consistently; an imported policy's history runs from its start_date. Ratios are decimals with 4 places as strings, null when their denominator is 0. \"Last 12 months\" are the 12 calendar months ending with as_of's month, oldest first, counting nothing after as_of. Money is per currency, never summed across currencies. The figures are read from totals the service keeps as policies change; the report first takes in every change committed before it, so it is exact up to the moment it is asked for. The answer is plain JSON (the dashboard's download saves it as it is): see docs/reports.md.",
    access: "reports:read",
    query: PortfolioQuery,
    responses: {
      200: { description: "PortfolioReport", schema: PortfolioReport },
      403: { description: "No reports:read, or a company or business unit outside a seller's scope" },
      422: { description: "A malformed or future as_of, or a malformed id" },
    },
  }),
};
