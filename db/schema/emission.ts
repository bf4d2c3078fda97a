import { sql } from "drizzle-orm";
import {
  boolean,
  char,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { normalizedSql } from "../search";
import { bytea, createdAt, id, money, updatedAt } from "./columns";
import { planVersions } from "./catalog";
import { businessUnits, companies } from "./operations";
import { ACCOUNT_ENTRY_KINDS, CANCELLATION_REASON_CODES, KINSHIP_TYPES, LANGUAGES, POLICY_STATUSES } from "../enums";

// The policy's enumerations; lib/emission/state-machine.ts holds the moves between statuses.

export const clients = pgTable(
  "clients",
  {
    id: id(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    birthDate: date("birth_date").notNull(),
    nationality: char("nationality", { length: 2 }).notNull(),
    countryOfResidence: char("country_of_residence", { length: 2 }).notNull(),
    acquisitionChannel: text("acquisition_channel"),
    phoneE164: text("phone_e164"),
    // The language of the client's documents and notifications (localisation.md section 1).
    preferredLanguage: text("preferred_language", { enum: LANGUAGES }).notNull().default("es"),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id),
    businessUnitId: uuid("business_unit_id").references(() => businessUnits.id),
    // The client's customer at the card processor, created once and remembered.
    processorCustomerId: text("processor_customer_id"),
    createdBy: uuid("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // The names as the `q` search compares them: lower case, accents folded (db/search.ts). The full name
    // serves a prefix of the first name or of "first last"; the last name its own prefix.
    searchName: text("search_name")
      .notNull()
      .generatedAlwaysAs(sql.raw(normalizedSql(`"first_name" || ' ' || "last_name"`))),
    searchLastName: text("search_last_name")
      .notNull()
      .generatedAlwaysAs(sql.raw(normalizedSql(`"last_name"`))),
  },
  (t) => [
    // Unique whatever the letter case: the portal matches a signed-in user to its client by e-mail.
    uniqueIndex("clients_email_lower_uq").on(sql`lower(${t.email})`),
    index("clients_company_idx").on(t.companyId, t.businessUnitId),
    index("clients_created_idx").on(t.createdAt),
    // Prefix matches (LIKE 'abc%') of the `q` search; text_pattern_ops compares bytes, so the index serves
    // LIKE whatever the database's collation.
    index("clients_search_name_idx").using("btree", t.searchName.op("text_pattern_ops")),
    index("clients_search_last_name_idx").using("btree", t.searchLastName.op("text_pattern_ops")),
    index("clients_email_prefix_idx").using("btree", sql`lower(${t.email}) text_pattern_ops`),
  ],
);

export const policies = pgTable(
  "policies",
  {
    id: id(),
    policyNumber: text("policy_number").notNull().unique(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id),
    planVersionId: uuid("plan_version_id")
      .notNull()
      .references(() => planVersions.id),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id),
    businessUnitId: uuid("business_unit_id").references(() => businessUnits.id),
    // The inception date: never changes, renewals included (lifecycle.md section 2).
    startDate: date("start_date").notNull(),
    // The current term: term_start_date to end_date, one year; term_number 1, +1 at each renewal.
    termNumber: integer("term_number").notNull().default(1),
    termStartDate: date("term_start_date").notNull(),
    endDate: date("end_date").notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    // The monthly premium in force now.
    finalPrice: money("final_price").notNull(),
    status: text("status", { enum: POLICY_STATUSES }).notNull(),
    // The last day covered by premiums received (null before the first), and the money received that is
    // not yet a whole premium (lifecycle.md section 3).
    paidToDate: date("paid_to_date"),
    credit: money("credit").notNull().default("0"),
    lapsedOn: date("lapsed_on"),
    reinstatedOn: date("reinstated_on"),
    autoRenew: boolean("auto_renew").notNull().default(true),
    // A cancellation waiting for the end of the paid period (lifecycle.md section 8).
    cancelAt: date("cancel_at"),
    cancellationReasonCode: text("cancellation_reason_code", { enum: CANCELLATION_REASON_CODES }),
    // When the processor created the newest payment event applied to this policy: an older event that
    // arrives late is recorded but never moves the policy.
    lastPaymentEventAt: timestamp("last_payment_event_at", { withTimezone: true }),
    // The client's normalised names (clients.search_name, search_last_name), copied here by triggers
    // (migration 0020) so that `q` on a seller's policies reads one table's index (db/search.ts).
    clientSearchName: text("client_search_name"),
    clientSearchLastName: text("client_search_last_name"),
    createdBy: uuid("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("policies_status_idx").on(t.status),
    // A seller's list (scope = company and unit) with a status filter, newest first: the first page reads
    // page_size index entries in order, and its total counts entries of the index alone.
    // (Ascending: read backwards it gives ORDER BY created_at DESC, id DESC, nulls first as that order says.)
    index("policies_scope_status_created_idx").on(t.companyId, t.businessUnitId, t.status, t.createdAt, t.id),
    // `q` as a policy number prefix, in any letter case.
    index("policies_number_prefix_idx").using("btree", sql`lower(${t.policyNumber}) text_pattern_ops`),
    index("policies_client_idx").on(t.clientId),
    // `q` as a client-name prefix, within a unit (a seller's list) and then over the book.
    index("policies_unit_client_name_idx").using("btree", t.businessUnitId, t.clientSearchName.op("text_pattern_ops")),
    index("policies_unit_client_last_name_idx").using(
      "btree",
      t.businessUnitId,
      t.clientSearchLastName.op("text_pattern_ops"),
    ),
    index("policies_client_name_idx").using("btree", t.clientSearchName.op("text_pattern_ops")),
    index("policies_client_last_name_idx").using("btree", t.clientSearchLastName.op("text_pattern_ops")),
    index("policies_company_idx").on(t.companyId, t.businessUnitId),
    index("policies_start_idx").on(t.startDate),
    index("policies_end_idx").on(t.endDate),
    index("policies_plan_version_idx").on(t.planVersionId),
    index("policies_created_idx").on(t.createdAt),
    // The daily lifecycle run's look-ups: policies of a status whose paid-to date has passed.
    index("policies_status_paid_to_idx").on(t.status, t.paidToDate),
    // Its step 4: the few policies waiting for a cancellation at the end of their paid period.
    index("policies_cancel_at_idx")
      .on(t.cancelAt)
      .where(sql`${t.cancelAt} is not null`),
  ],
);

// One counter per year, incremented under a row lock, so policy numbers are sequential and unique.
export const policyNumberCounters = pgTable("policy_number_counters", {
  year: integer("year").primaryKey(),
  lastValue: integer("last_value").notNull(),
});

export const beneficiaries = pgTable(
  "beneficiaries",
  {
    id: id(),
    policyId: uuid("policy_id")
      .notNull()
      .references(() => policies.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    kinshipType: text("kinship_type", { enum: KINSHIP_TYPES }).notNull(),
    dateOfBirth: date("date_of_birth").notNull(),
    countryOfResidence: char("country_of_residence", { length: 2 }),
    ageAtStart: integer("age_at_start").notNull(),
    // The life's age on the first day of the current term; `price` is its monthly price in that term.
    ageAtTermStart: integer("age_at_term_start").notNull(),
    price: money("price").notNull(),
    // The days this life is covered: from the policy's start or the day it was added, until it was removed,
    // died, or was not kept at a renewal (null while covered).
    coverStartDate: date("cover_start_date").notNull(),
    coverEndDate: date("cover_end_date"),
    deceasedFlag: boolean("deceased_flag").notNull().default(false),
    deceasedAt: timestamp("deceased_at", { withTimezone: true }),
    // The order the beneficiaries were given in (the request's list, the spreadsheet's rows).
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("beneficiaries_policy_idx").on(t.policyId, t.position)],
);

export const policyStatusHistory = pgTable(
  "policy_status_history",
  {
    id: id(),
    policyId: uuid("policy_id")
      .notNull()
      .references(() => policies.id, { onDelete: "cascade" }),
    fromStatus: text("from_status", { enum: POLICY_STATUSES }),
    toStatus: text("to_status", { enum: POLICY_STATUSES }).notNull(),
    // A user id, or "system:<event>" for moves made by payment events and jobs.
    changedBy: text("changed_by").notNull(),
    reason: text("reason").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
    // The day the move took effect: a lapse found late by a catch-up run is dated the lapse day.
    effectiveDate: date("effective_date").notNull(),
  },
  (t) => [
    index("policy_status_history_policy_idx").on(t.policyId, t.changedAt),
    // The portfolio report (lib/reports): moves of a status within a window as range scans. Its fold reads
    // a policy's status on a day through (policy_id, effective_date desc, changed_at desc, id desc)
    // include (to_status), written by hand in migration 0018 (drizzle-kit cannot say INCLUDE); the lapses
    // and reinstatements of its window are partial indexes with INCLUDE (policy_id), by hand in 0021.
    index("policy_status_history_to_status_idx").on(t.toStatus, t.effectiveDate),
    // Imported policies, left out of the new business.
    index("policy_status_history_imported_idx")
      .on(t.policyId)
      .where(sql`${t.fromStatus} is null and ${t.reason} = 'imported'`),
  ],
);

// Rendered files kept per policy (the certificate), so a download does not render again.
export const policyDocuments = pgTable(
  "policy_documents",
  {
    id: id(),
    policyId: uuid("policy_id")
      .notNull()
      .references(() => policies.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["CERTIFICATE"] }).notNull(),
    /** The language it is written in: the client's preferred_language when it was rendered. */
    language: text("language", { enum: LANGUAGES }).notNull(),
    /** What it printed that can change after issue (lib/emission/certificate/internal.ts); a new one replaces it. */
    state: text("state").notNull(),
    contentType: text("content_type").notNull(),
    content: bytea("content").notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique("policy_documents_policy_kind_language_uq").on(t.policyId, t.kind, t.language)],
);

// The policy's account (lifecycle.md section 3): money received, premiums taken, refunds, corrections.
// A signed amount per line; the paid-to date and credit on the policy are what these lines add up to.
export const policyAccountEntries = pgTable(
  "policy_account_entries",
  {
    id: id(),
    policyId: uuid("policy_id")
      .notNull()
      .references(() => policies.id, { onDelete: "cascade" }),
    entryDate: date("entry_date").notNull(),
    kind: text("kind", { enum: ACCOUNT_ENTRY_KINDS }).notNull(),
    amount: money("amount").notNull(),
    // What the line is: the month or period a premium covers, a payment's reference.
    reference: text("reference"),
    transactionId: uuid("transaction_id"),
    createdAt: createdAt(),
  },
  (t) => [index("policy_account_entries_policy_idx").on(t.policyId, t.entryDate, t.createdAt)],
);

// One row per term of a policy (lifecycle.md section 5): the version, premium and lives it was priced with.
export const policyTerms = pgTable(
  "policy_terms",
  {
    id: id(),
    policyId: uuid("policy_id")
      .notNull()
      .references(() => policies.id, { onDelete: "cascade" }),
    termNumber: integer("term_number").notNull(),
    startDate: date("start_date").notNull(),
    endDate: date("end_date").notNull(),
    planVersionId: uuid("plan_version_id")
      .notNull()
      .references(() => planVersions.id),
    premium: money("premium").notNull(),
    /** [{beneficiary_id, age, price}] */
    lives: jsonb("lives").notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique("policy_terms_policy_term_uq").on(t.policyId, t.termNumber)],
);

// Changes of covered lives mid-term (lifecycle.md section 7).
export const policyEndorsements = pgTable(
  "policy_endorsements",
  {
    id: id(),
    policyId: uuid("policy_id")
      .notNull()
      .references(() => policies.id, { onDelete: "cascade" }),
    effectiveDate: date("effective_date").notNull(),
    reason: text("reason").notNull(),
    premiumBefore: money("premium_before").notNull(),
    premiumAfter: money("premium_after").notNull(),
    /** The lives added and removed, as beneficiary responses. */
    added: jsonb("added").notNull(),
    removed: jsonb("removed").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("policy_endorsements_policy_idx").on(t.policyId, t.createdAt)],
);

// Each run of the daily lifecycle (lifecycle.md section 4): for the administration page and catch-up.
export const lifecycleRuns = pgTable(
  "lifecycle_runs",
  {
    id: id(),
    asOf: date("as_of").notNull(),
    startedBy: text("started_by").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** {not_taken_up, in_arrears, lapsed, cancelled, renewed, expired} */
    moved: jsonb("moved"),
    notices: integer("notices"),
  },
  (t) => [index("lifecycle_runs_started_idx").on(t.startedAt)],
);

export type Client = typeof clients.$inferSelect;
export type Policy = typeof policies.$inferSelect;
export type Beneficiary = typeof beneficiaries.$inferSelect;
export type PolicyAccountEntry = typeof policyAccountEntries.$inferSelect;
export type PolicyTerm = typeof policyTerms.$inferSelect;
export type PolicyEndorsement = typeof policyEndorsements.$inferSelect;
export type LifecycleRun = typeof lifecycleRuns.$inferSelect;
