import { boolean, char, date, index, integer, numeric, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { POLICY_STATUSES } from "../enums";

export const PORTFOLIO_MEASURES = ["book", "new", "received", "refunded", "paid_out"] as const;
export type PortfolioMeasure = (typeof PORTFOLIO_MEASURES)[number];

// The portfolio report's figures kept ready (reports.md section 3: a million policies in under 2 s).
// Each policy's past is cut into segments of days over which its status, whether it is in force, and its
// lives covered stay the same; each segment adds itself to the totals on its first day and takes itself
// away on the day after its last. The book's figures on a day are then the sum of the changes up to that
// day, read by year, then by month, then by day: a few tens of thousands of rows whatever the book's size. Triggers (migration 0019) mark a policy whose inputs change;
// lib/reports/portfolio-totals.ts takes the marked policies into the totals again. Decisions in
// docs/reports.md section 5.

/**
 * Policies whose status history, dates, premium, lives or place changed since the totals took them in: a
 * queue, one row per writing statement. A fold takes (and deletes) only the rows committed when it
 * starts, so a policy written meanwhile stays queued for the next one.
 */
export const portfolioPending = pgTable("portfolio_pending", { policyId: uuid("policy_id").notNull() }, (t) => [
  index("portfolio_pending_policy_idx").on(t.policyId),
]);

/** Each policy's segments as the totals hold them, so that taking a policy in again first takes them away. */
export const portfolioSegments = pgTable(
  "portfolio_segments",
  {
    policyId: uuid("policy_id").notNull(),
    fromDate: date("from_date").notNull(),
    // The day after the segment's last day; null while it lasts.
    toDate: date("to_date"),
    companyId: uuid("company_id").notNull(),
    businessUnitId: uuid("business_unit_id"),
    planId: uuid("plan_id").notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    // The status in effect (null before the policy's first move) and whether it is in force
    // (claims-cover.md section 1); lives and premium count only while in force.
    status: text("status", { enum: POLICY_STATUSES }),
    inForce: boolean("in_force").notNull(),
    lives: integer("lives").notNull(),
    premium: numeric("premium", { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [index("portfolio_segments_policy_idx").on(t.policyId)],
);

/**
 * How the report's figures change on a day (grain "day"), over a month (grain "month") and over a year
 * (grain "year"; period the first day of each), per company, unit, plan and currency. `measure` says
 * which figure: "book" (policies by status and in force, their lives and premium), "new" (new business:
 * policies and premium by the day of their first premium), "received", "refunded" and "paid_out" (money
 * by the day it moved, in `amount`).
 */
export const portfolioChanges = pgTable(
  "portfolio_changes",
  {
    grain: text("grain", { enum: ["day", "month", "year"] }).notNull(),
    period: date("period").notNull(),
    measure: text("measure", { enum: PORTFOLIO_MEASURES }).notNull().default("book"),
    companyId: uuid("company_id").notNull(),
    businessUnitId: uuid("business_unit_id"),
    planId: uuid("plan_id").notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    status: text("status", { enum: POLICY_STATUSES }),
    inForce: boolean("in_force").notNull(),
    policies: integer("policies").notNull(),
    lives: integer("lives").notNull(),
    premium: numeric("premium", { precision: 18, scale: 2 }).notNull(),
    amount: numeric("amount", { precision: 18, scale: 2 }).notNull().default("0"),
  },
  (t) => [
    // The fold's upsert key. The report's range reads use portfolio_changes_read_idx, (measure, grain,
    // period) include (every other column), written by hand in migrations 0019 and 0021 (drizzle-kit
    // cannot say INCLUDE): an index-only scan.
    unique("portfolio_changes_key_uq")
      .on(t.grain, t.period, t.measure, t.companyId, t.businessUnitId, t.planId, t.currency, t.status, t.inForce)
      .nullsNotDistinct(),
  ],
);

/**
 * Each policy's facts the report counts by date, as the last fold read them: its first premium (the
 * first move into ACTIVE) and whether it was imported. The fold counts the new business from them (the
 * "new" measure); the persistency cohort reads them.
 */
export const portfolioPolicies = pgTable(
  "portfolio_policies",
  {
    policyId: uuid("policy_id").primaryKey(),
    companyId: uuid("company_id").notNull(),
    businessUnitId: uuid("business_unit_id"),
    planId: uuid("plan_id").notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    premium: numeric("premium", { precision: 12, scale: 2 }).notNull(),
    startDate: date("start_date").notNull(),
    firstActive: date("first_active"),
    imported: boolean("imported").notNull(),
  },
  (t) => [index("portfolio_policies_start_idx").on(t.startDate)],
);

/**
 * Each policy's money by day as the totals hold it (measures "received", "refunded", "paid_out"), so
 * that taking the policy in again first takes it away.
 */
export const portfolioMoney = pgTable(
  "portfolio_money",
  {
    policyId: uuid("policy_id").notNull(),
    day: date("day").notNull(),
    measure: text("measure", { enum: PORTFOLIO_MEASURES }).notNull(),
    companyId: uuid("company_id").notNull(),
    businessUnitId: uuid("business_unit_id"),
    planId: uuid("plan_id").notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    amount: numeric("amount", { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [index("portfolio_money_policy_idx").on(t.policyId)],
);
