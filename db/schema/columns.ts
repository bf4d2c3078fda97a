import { customType, numeric, timestamp, uuid } from "drizzle-orm/pg-core";

// Shared column builders, so every table spells keys, money and time the same way.
export const id = () => uuid("id").primaryKey().defaultRandom();

// Money is numeric(12,2) and travels as a string ("125.00"), never as a binary float.
export const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// Stored files (certificates, claim documents) live in the database beside their rows.
export const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });
