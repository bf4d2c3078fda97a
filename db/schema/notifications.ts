import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";
import { companies } from "./operations";
import { LANGUAGES, NOTIFICATION_CHANNELS, NOTIFICATION_STATUSES } from "../enums";

// The outbox: written in the transaction of the change that caused it, delivered in the background.
export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    channel: text("channel", { enum: NOTIFICATION_CHANNELS }).notNull(),
    recipient: text("recipient").notNull(),
    template: text("template").notNull(),
    // Rendered when the row is written, in the recipient's language (localisation.md section 2); null on
    // rows written before rendering moved to enqueue.
    language: text("language", { enum: LANGUAGES }),
    subject: text("subject"),
    body: text("body"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    status: text("status", { enum: NOTIFICATION_STATUSES }).notNull().default("PENDING"),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    providerMessageId: text("provider_message_id"),
    // Set while one worker delivers the row, so the event and the sweep never send it twice.
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    // Set for notices that must go out once only (for example one expiry notice per policy and term).
    dedupeKey: text("dedupe_key").unique(),
    companyId: uuid("company_id").references(() => companies.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("notifications_status_idx").on(t.status, t.createdAt),
    index("notifications_recipient_idx").on(t.recipient, t.createdAt),
    index("notifications_template_idx").on(t.template, t.createdAt),
    index("notifications_created_idx").on(t.createdAt),
  ],
);

export type Notification = typeof notifications.$inferSelect;
