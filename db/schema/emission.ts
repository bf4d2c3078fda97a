import { sql } from "drizzle-orm";
import {
  boolean,
  char,
  customType,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, money, updatedAt } from "./columns";
import { planVersions } from "./catalog";
import { businessUnits, companies } from "./operations";
import { KINSHIP_TYPES, LANGUAGES, POLICY_STATUSES } from "../enums";

// The policy's enumerations; lib/emission/state-machine.ts holds the moves between statuses.

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

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
  },
  (t) => [
    // Unique whatever the letter case: the portal matches a signed-in user to its client by e-mail.
    uniqueIndex("clients_email_lower_uq").on(sql`lower(${t.email})`),
    index("clients_company_idx").on(t.companyId, t.businessUnitId),
    index("clients_created_idx").on(t.createdAt),
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
    startDate: date("start_date").notNull(),
    endDate: date("end_date").notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    finalPrice: money("final_price").notNull(),
    status: text("status", { enum: POLICY_STATUSES }).notNull(),
    // When the processor created the newest payment event applied to this policy: an older event that
    // arrives late is recorded but never moves the policy.
    lastPaymentEventAt: timestamp("last_payment_event_at", { withTimezone: true }),
    createdBy: uuid("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("policies_status_idx").on(t.status),
    index("policies_client_idx").on(t.clientId),
    index("policies_company_idx").on(t.companyId, t.businessUnitId),
    index("policies_start_idx").on(t.startDate),
    index("policies_end_idx").on(t.endDate),
    index("policies_plan_version_idx").on(t.planVersionId),
    index("policies_created_idx").on(t.createdAt),
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
    price: money("price").notNull(),
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
  },
  (t) => [index("policy_status_history_policy_idx").on(t.policyId, t.changedAt)],
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

export type Client = typeof clients.$inferSelect;
export type Policy = typeof policies.$inferSelect;
export type Beneficiary = typeof beneficiaries.$inferSelect;
