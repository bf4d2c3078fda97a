import { boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";
import { clients } from "./emission";
import { businessUnits, companies } from "./operations";
import { LEAD_STAGES } from "../enums";

// The lead pipeline's stages; lib/leads/state-machine.ts holds the moves between them.

export const leads = pgTable(
  "leads",
  {
    id: id(),
    // The lead's identity: one lead per phone number, enforced by the database.
    phoneE164: text("phone_e164").notNull().unique(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    email: text("email"),
    stage: text("stage", { enum: LEAD_STAGES }).notNull().default("NEW"),
    leadScore: integer("lead_score").notNull().default(0),
    crmLeadId: text("crm_lead_id"),
    crmSyncedAt: timestamp("crm_synced_at", { withTimezone: true }),
    crmSyncError: text("crm_sync_error"),
    // Failed syncs since the last success (or the last move into a CRM stage): the sweep's back-off.
    crmSyncAttempts: integer("crm_sync_attempts").notNull().default(0),
    convertedToContactFlag: boolean("converted_to_contact_flag").notNull().default(false),
    sourceChannel: text("source_channel"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    campaignId: text("campaign_id"),
    landingPage: text("landing_page"),
    companyId: uuid("company_id").references(() => companies.id),
    // The client a conversion created or linked (first-hour.md point 10).
    clientId: uuid("client_id").references(() => clients.id),
    businessUnitId: uuid("business_unit_id").references(() => businessUnits.id),
    formStartedAt: timestamp("form_started_at", { withTimezone: true }),
    formCompletedAt: timestamp("form_completed_at", { withTimezone: true }),
    checkoutStartedAt: timestamp("checkout_started_at", { withTimezone: true }),
    purchaseCompletedAt: timestamp("purchase_completed_at", { withTimezone: true }),
    abandonedCheckoutFlag: boolean("abandoned_checkout_flag").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("leads_stage_idx").on(t.stage, t.createdAt),
    index("leads_company_idx").on(t.companyId, t.businessUnitId),
    index("leads_created_idx").on(t.createdAt),
    index("leads_source_idx").on(t.sourceChannel, t.campaignId),
    index("leads_checkout_idx").on(t.checkoutStartedAt),
    index("leads_client_idx").on(t.clientId),
  ],
);

export type Lead = typeof leads.$inferSelect;
