import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { apiKeys, users } from "./identity";
import { companies } from "./operations";

export const auditLogs = pgTable(
  "audit_logs",
  {
    id: id(),
    action: text("action").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    apiKeyId: uuid("api_key_id").references(() => apiKeys.id, { onDelete: "set null" }),
    // "system:<name>" when a background job or webhook acted.
    actor: text("actor").notNull(),
    companyId: uuid("company_id").references(() => companies.id),
    entity: text("entity").notNull(),
    entityId: uuid("entity_id"),
    ipAddress: text("ip_address"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_logs_created_idx").on(t.createdAt),
    index("audit_logs_user_idx").on(t.userId, t.createdAt),
    index("audit_logs_action_idx").on(t.action, t.createdAt),
    index("audit_logs_entity_idx").on(t.entity, t.createdAt),
  ],
);

export type AuditLog = typeof auditLogs.$inferSelect;
