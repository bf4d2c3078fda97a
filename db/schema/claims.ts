import { sql } from "drizzle-orm";
import {
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bytea, createdAt, id, money, updatedAt } from "./columns";
import { beneficiaries, policies } from "./emission";
import { businessUnits, companies } from "./operations";
import {
  CAUSES_OF_DEATH,
  CLAIM_STATUSES,
  EXPENSE_TYPES,
  PAYEE_TYPES,
  PAYOUT_METHODS,
  REQUIREMENT_STATUSES,
} from "../enums";

// The claim's enumerations. lib/claims and the claims desk's forms use these same lists.

export const claims = pgTable(
  "claims",
  {
    id: id(),
    // "CLM-2026-000123": the number a family quotes on the phone, unique within the company
    // (lib/claims/claim-numbers.ts; claims opened before migration 0022 were numbered by it).
    claimNumber: text("claim_number").notNull(),
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
    // The facts of the death (claims-cover.md section 1); eligibility is computed from them on every read.
    dateOfDeath: date("date_of_death"),
    causeOfDeath: text("cause_of_death", { enum: CAUSES_OF_DEATH }).notNull().default("UNDETERMINED"),
    placeOfDeathCountry: char("place_of_death_country", { length: 2 }),
    repatriationToCountry: char("repatriation_to_country", { length: 2 }),
    // Set by the move to APPROVED (section 4): the settlement deadline counts from it.
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    settleBy: timestamp("settle_by", { withTimezone: true }),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("claims_status_idx").on(t.status, t.reportedAt),
    index("claims_policy_idx").on(t.policyId),
    index("claims_beneficiary_idx").on(t.beneficiaryId),
    index("claims_company_idx").on(t.companyId, t.businessUnitId),
    uniqueIndex("claims_company_number_uq").on(t.companyId, t.claimNumber),
  ],
);

// One counter per company and year, incremented under a row lock as policy numbers are
// (policy_number_counters), so a company's claim numbers are sequential and unique.
export const claimNumberCounters = pgTable(
  "claim_number_counters",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    year: integer("year").notNull(),
    lastValue: integer("last_value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.year] })],
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
  // The portfolio report's claims by status on a day also read (claim_id, changed_at desc, id desc) include
  // (to_status), written by hand in migration 0018 (drizzle-kit cannot say INCLUDE).
  (t) => [index("claim_status_history_claim_idx").on(t.claimId, t.changedAt)],
);

// The documents a claim needs (section 3), copied from the company's checklist when the claim is opened.
export const claimRequirements = pgTable(
  "claim_requirements",
  {
    id: id(),
    claimId: uuid("claim_id")
      .notNull()
      .references(() => claims.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    label: text("label").notNull(),
    mandatory: boolean("mandatory").notNull(),
    status: text("status", { enum: REQUIREMENT_STATUSES }).notNull().default("MISSING"),
    // The latest upload for the item.
    documentId: uuid("document_id"),
    note: text("note"),
    /** The checklist's order: base items, then repatriation, then the destination's own. */
    position: integer("position").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [unique("claim_requirements_claim_code_uq").on(t.claimId, t.code)],
);

// Uploaded files, kept in the database as the certificate is (policy_documents).
export const claimDocuments = pgTable(
  "claim_documents",
  {
    id: id(),
    claimId: uuid("claim_id")
      .notNull()
      .references(() => claims.id, { onDelete: "cascade" }),
    requirementCode: text("requirement_code").notNull(),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    sha256: char("sha256", { length: 64 }).notNull(),
    content: bytea("content").notNull(),
    uploadedBy: text("uploaded_by").notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("claim_documents_claim_idx").on(t.claimId, t.uploadedAt)],
);

// A company's own checklist items: its base list (country null) or a destination's extra items.
export const claimRequirementLists = pgTable(
  "claim_requirement_lists",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    country: char("country", { length: 2 }),
    items: jsonb("items").$type<{ code: string; label: string; mandatory: boolean }[]>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [unique("claim_requirement_lists_company_country_uq").on(t.companyId, t.country).nullsNotDistinct()],
);

// Money paid out on an approved claim (section 5), to the funeral home or the family.
export const claimPayouts = pgTable(
  "claim_payouts",
  {
    id: id(),
    claimId: uuid("claim_id")
      .notNull()
      .references(() => claims.id, { onDelete: "cascade" }),
    payeeType: text("payee_type", { enum: PAYEE_TYPES }).notNull(),
    payeeName: text("payee_name").notNull(),
    amount: money("amount").notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    method: text("method", { enum: PAYOUT_METHODS }).notNull(),
    reference: text("reference"),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("claim_payouts_claim_idx").on(t.claimId)],
);

// A recorded correction of an expense or a payout (docs/claims.md): once the claim is decided its amounts
// change only this way, and the row keeps the amount it replaced, who changed it and why.
export const claimCorrections = pgTable(
  "claim_corrections",
  {
    id: id(),
    claimId: uuid("claim_id")
      .notNull()
      .references(() => claims.id, { onDelete: "cascade" }),
    expenseId: uuid("expense_id").references(() => claimExpenses.id, { onDelete: "cascade" }),
    payoutId: uuid("payout_id").references(() => claimPayouts.id, { onDelete: "cascade" }),
    previousAmount: money("previous_amount").notNull(),
    amount: money("amount").notNull(),
    reason: text("reason").notNull(),
    correctedBy: text("corrected_by").notNull(),
    correctedAt: timestamp("corrected_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("claim_corrections_claim_idx").on(t.claimId, t.correctedAt),
    check("claim_corrections_one_target_ck", sql`(${t.expenseId} is null) <> (${t.payoutId} is null)`),
  ],
);

export type Claim = typeof claims.$inferSelect;
export type ClaimCorrection = typeof claimCorrections.$inferSelect;
export type ClaimRequirement = typeof claimRequirements.$inferSelect;
export type ClaimDocument = typeof claimDocuments.$inferSelect;
export type ClaimPayout = typeof claimPayouts.$inferSelect;
export type ClaimExpense = typeof claimExpenses.$inferSelect;
