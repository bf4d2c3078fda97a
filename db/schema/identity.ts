import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";
import { businessUnits, companies } from "./operations";
import { ACCOUNT_TOKEN_KINDS, LANGUAGES } from "../enums";

export const roles = pgTable("roles", {
  id: id(),
  name: text("name").notNull().unique(),
  level: integer("level").notNull(),
  description: text("description"),
  createdAt: createdAt(),
});

export const permissions = pgTable("permissions", {
  name: text("name").primaryKey(),
  description: text("description").notNull(),
});

export const rolePermissions = pgTable(
  "role_permissions",
  {
    roleId: uuid("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    permission: text("permission")
      .notNull()
      .references(() => permissions.name),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permission] })],
);

export const users = pgTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    // Null until the user sets a first password: a user invited by an administrator (trust.md
    // section 2) cannot sign in before that.
    passwordHash: text("password_hash"),
    fullName: text("full_name"),
    isVerified: boolean("is_verified").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    // The language the user saved for the back office and portal; null until one is saved.
    locale: text("locale", { enum: LANGUAGES }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id),
    businessUnitId: uuid("business_unit_id").references(() => businessUnits.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One account per e-mail whatever its letter case.
    uniqueIndex("users_email_lower_uq").on(sql`lower(${t.email})`),
    index("users_company_idx").on(t.companyId),
  ],
);

export const userRoles = pgTable(
  "user_roles",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    roleId: uuid("role_id")
      .notNull()
      .references(() => roles.id),
    assignedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

// The last password hashes of each user, so a change cannot reuse one of the last five.
export const passwordHistory = pgTable(
  "password_history",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    passwordHash: text("password_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("password_history_user_idx").on(t.userId, t.createdAt)],
);

// The session store: every access token names its session, and every request checks it is still live.
export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // "api" for token logins, "browser" for back-office sign-ins.
    kind: text("kind", { enum: ["api", "browser"] }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedReason: text("revoked_reason"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

// Opaque refresh tokens, stored as SHA-256 hashes; each is used once, then replaced.
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: id(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("refresh_tokens_session_idx").on(t.sessionId)],
);

export const apiKeys = pgTable(
  "api_keys",
  {
    id: id(),
    name: text("name").notNull(),
    // The first characters of the key, shown in lists so a key can be recognised without storing it.
    keyPrefix: text("key_prefix").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    permissions: text("permissions").array().notNull(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id),
    createdBy: uuid("created_by").references(() => users.id),
    createdAt: createdAt(),
    // After this instant the key answers 401; null: it does not expire.
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    // Written on first use, then at most once a minute (not a write per request).
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("api_keys_company_idx").on(t.companyId)],
);

// The single-use links sent by e-mail (trust.md sections 1 and 2): e-mail verification, invitation and
// password reset. Only the SHA-256 hash of a token is kept. A token is live while it has neither
// `used_at` nor `revoked_at` (a newer token of its kind, or a password set another way) and its
// `expires_at` is ahead.
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ACCOUNT_TOKEN_KINDS }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("account_tokens_user_idx").on(t.userId, t.kind)],
);

// Failed logins per e-mail, counted over a sliding window to throttle password guessing.
export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: id(),
    email: text("email").notNull(),
    ipAddress: text("ip_address"),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // Counted per e-mail, per address and per (e-mail, address) within the window; swept by attempted_at.
  (t) => [
    index("login_attempts_email_idx").on(t.email, t.attemptedAt),
    index("login_attempts_ip_address_idx").on(t.ipAddress, t.attemptedAt),
    index("login_attempts_attempted_at_idx").on(t.attemptedAt),
  ],
);

export type User = typeof users.$inferSelect;
export type Role = typeof roles.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type ApiKey = typeof apiKeys.$inferSelect;
export type AccountToken = typeof accountTokens.$inferSelect;
