import { char, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, money, updatedAt } from "./columns";
import { beneficiaries, policies } from "./emission";
import { businessUnits, companies } from "./operations";
import { CLAIM_STATUSES, EXPENSE_TYPES } from "../enums";

// The claim's enumerations. lib/claims and the claims desk's forms use these same lists.

export const claims = pgTable(
  "claims",
  {
    id: id(),
    policyId: uuid("policy_id")
      .notNull()
      .references(() => policies.id),
    beneficiaryId: uuid("beneficiary_id")
      .notNull()
      .references(() => beneficiaries.id),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id),
    businessUnitId: uuid("business_unit_id").references(() => businessUnits.id),
    description: text("description").notNull(),
    status: text("status", { enum: CLAIM_STATUSES }).notNull().default("PENDING"),
    reportedAt: timestamp("reported_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("claims_status_idx").on(t.status, t.reportedAt),
    index("claims_policy_idx").on(t.policyId),
    index("claims_beneficiary_idx").on(t.beneficiaryId),
    index("claims_company_idx").on(t.companyId, t.businessUnitId),
  ],
);

export const claimExpenses = pgTable(
  "claim_expenses",
  {
    id: id(),
    claimId: uuid("claim_id")
      .notNull()
      .references(() => claims.id, { onDelete: "cascade" }),
    amount: money("amount").notNull(),
    currency: char("currency", { length: 3 }).notNull().default("USD"),
    expenseType: text("expense_type", { enum: EXPENSE_TYPES }).notNull(),
    receiptUrl: text("receipt_url"),
    createdBy: text("created_by"),
    createdAt: createdAt(),
  },
  (t) => [index("claim_expenses_claim_idx").on(t.claimId)],
);

export const claimStatusHistory = pgTable(
  "claim_status_history",
  {
    id: id(),
    claimId: uuid("claim_id")
      .notNull()
      .references(() => claims.id, { onDelete: "cascade" }),
    fromStatus: text("from_status", { enum: CLAIM_STATUSES }),
    toStatus: text("to_status", { enum: CLAIM_STATUSES }).notNull(),
    changedBy: text("changed_by").notNull(),
    reason: text("reason").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("claim_status_history_claim_idx").on(t.claimId, t.changedAt)],
);

export type Claim = typeof claims.$inferSelect;
export type ClaimExpense = typeof claimExpenses.$inferSelect;
