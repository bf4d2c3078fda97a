import { sql } from "drizzle-orm";
import {
  boolean,
  char,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bytea, createdAt, id, updatedAt } from "./columns";

export const countries = pgTable("countries", {
  id: id(),
  isoCode: char("iso_code", { length: 2 }).notNull().unique(),
  name: text("name").notNull(),
  continent: text("continent").notNull(),
});

export const companies = pgTable(
  "companies",
  {
    id: id(),
    name: text("name").notNull(),
    taxId: text("tax_id"),
    countryCode: char("country_code", { length: 2 }).references(() => countries.isoCode),
    // The company that self-registered users and the bootstrap administrator join.
    isDefault: boolean("is_default").notNull().default(false),
    isReseller: boolean("is_reseller").notNull().default(false),
    processorConnectId: text("processor_connect_id"),
    // When the connected account first took charges (trust.md section 3): from then on only an ADMIN
    // may open its onboarding, which decides where payouts go.
    processorOnboardingCompletedAt: timestamp("processor_onboarding_completed_at", { withTimezone: true }),
    // Percentage kept by the platform on reseller subscriptions (0 to 100).
    commissionRate: numeric("commission_rate", { precision: 5, scale: 2 }).notNull().default("0.00"),
    // What a family reads on its certificate and portal (first-hour.md points 6 and 7): the insurer's
    // legal details and whom to call.
    address: text("address"),
    registrationNumber: text("registration_number"),
    contactPhone: text("contact_phone"),
    contactEmail: text("contact_email"),
    // The logo printed on certificates: a PNG or JPEG, at most 512 KB, uploaded by an administrator.
    logo: bytea("logo"),
    logoContentType: text("logo_content_type"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("companies_name_idx").on(t.name),
    uniqueIndex("companies_single_default_uq")
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
  ],
);

export const businessUnits = pgTable(
  "business_units",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id),
    name: text("name").notNull(),
    code: text("code"),
    countryCode: char("country_code", { length: 2 }).references(() => countries.isoCode),
    createdAt: createdAt(),
  },
  (t) => [index("business_units_company_idx").on(t.companyId)],
);

export const zones = pgTable("zones", {
  id: id(),
  name: text("name").notNull().unique(),
  description: text("description"),
  createdAt: createdAt(),
});

export const zoneCountries = pgTable(
  "zone_countries",
  {
    zoneId: uuid("zone_id")
      .notNull()
      .references(() => zones.id, { onDelete: "cascade" }),
    countryId: uuid("country_id")
      .notNull()
      .references(() => countries.id),
  },
  (t) => [primaryKey({ columns: [t.zoneId, t.countryId] }), index("zone_countries_country_idx").on(t.countryId)],
);

// Idempotency-Key records: the first response of a paying or issuing call, replayed for the same key.
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    id: id(),
    // Who sent the key and to which route, so keys of different callers never collide.
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    responseStatus: integer("response_status"),
    responseBody: jsonb("response_body"),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [unique("idempotency_keys_scope_key_uq").on(t.scope, t.key)],
);

// Fixed-window counters for the public rate limits (register, leads); shared by every server process.
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
    // The end of the window: the sweep deletes the counter from then on. Rows from before this column
    // get the migration's time, so the first sweep takes them.
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limit_counters_expires_at_idx").on(t.expiresAt)],
);

export type Country = typeof countries.$inferSelect;
export type Company = typeof companies.$inferSelect;
export type BusinessUnit = typeof businessUnits.$inferSelect;
export type Zone = typeof zones.$inferSelect;
