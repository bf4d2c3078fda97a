import {
  boolean,
  char,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { createdAt, id, money, updatedAt } from "./columns";
import { companies, countries, zones } from "./operations";

export const products = pgTable(
  "products",
  {
    id: id(),
    name: varchar("name", { length: 255 }).notNull(),
    description: text("description"),
    productType: text("product_type").notNull().default("repatriation"),
    isActive: boolean("is_active").notNull().default(true),
    // The company whose product it is (trust.md section 3): visible, sold and edited only inside it.
    // Null: a product shared by every company, which only a caller with every company in scope edits.
    companyId: uuid("company_id").references(() => companies.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("products_active_idx").on(t.isActive), index("products_company_idx").on(t.companyId)],
);

export const plans = pgTable(
  "plans",
  {
    id: id(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    companyId: uuid("company_id").references(() => companies.id),
    processorPriceId: text("processor_price_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("plans_product_idx").on(t.productId), index("plans_company_idx").on(t.companyId)],
);

export const planVersions = pgTable(
  "plan_versions",
  {
    id: id(),
    planId: uuid("plan_id")
      .notNull()
      .references(() => plans.id, { onDelete: "cascade" }),
    versionLabel: text("version_label"),
    costPrice: money("cost_price").notNull(),
    publicPrice: money("public_price").notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    maxEntryAge: integer("max_entry_age").notNull(),
    maxRenewalAge: integer("max_renewal_age").notNull(),
    wtimeSuicide: integer("wtime_suicide").notNull().default(0),
    wtimeAccident: integer("wtime_accident").notNull().default(0),
    wtimePreexisting: integer("wtime_preexisting").notNull().default(0),
    wtimeNatural: integer("wtime_natural").notNull().default(0),
    // The lifecycle terms (lifecycle.md section 1).
    gracePeriodDays: integer("grace_period_days").notNull().default(30),
    notTakenUpDays: integer("not_taken_up_days").notNull().default(30),
    reinstatementWindowDays: integer("reinstatement_window_days").notNull().default(90),
    coolingOffDays: integer("cooling_off_days").notNull().default(30),
    isRenewable: boolean("is_renewable").notNull().default(true),
    renewalNoticeDays: integer("renewal_notice_days").notNull().default(30),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("plan_versions_plan_idx").on(t.planId)],
);

// An explicit country row decides availability (and may override the price) for one version.
export const planVersionCountries = pgTable(
  "plan_version_countries",
  {
    id: id(),
    planVersionId: uuid("plan_version_id")
      .notNull()
      .references(() => planVersions.id, { onDelete: "cascade" }),
    countryCode: char("country_code", { length: 2 })
      .notNull()
      .references(() => countries.isoCode),
    isAvailable: boolean("is_available").notNull().default(true),
    price: money("price"),
  },
  (t) => [unique("plan_version_countries_uq").on(t.planVersionId, t.countryCode)],
);

// Availability for every country of a zone, unless the country has its own row.
export const planVersionZones = pgTable(
  "plan_version_zones",
  {
    planVersionId: uuid("plan_version_id")
      .notNull()
      .references(() => planVersions.id, { onDelete: "cascade" }),
    zoneId: uuid("zone_id")
      .notNull()
      .references(() => zones.id),
    isAvailable: boolean("is_available").notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.planVersionId, t.zoneId] })],
);

export const ageSurcharges = pgTable(
  "age_surcharges",
  {
    id: id(),
    planVersionId: uuid("plan_version_id")
      .notNull()
      .references(() => planVersions.id, { onDelete: "cascade" }),
    minAge: integer("min_age").notNull(),
    maxAge: integer("max_age").notNull(),
    percentage: numeric("percentage", { precision: 6, scale: 2 }).notNull(),
  },
  (t) => [index("age_surcharges_version_idx").on(t.planVersionId)],
);

export const coverages = pgTable(
  "coverages",
  {
    id: id(),
    planVersionId: uuid("plan_version_id")
      .notNull()
      .references(() => planVersions.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    limitAmount: money("limit_amount"),
  },
  (t) => [index("coverages_version_idx").on(t.planVersionId)],
);

export type Product = typeof products.$inferSelect;
export type Plan = typeof plans.$inferSelect;
export type PlanVersion = typeof planVersions.$inferSelect;
