import { sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import { apiKeys, users } from "@/db/schema";

const UUID_PATTERN = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";

/** `displayName` (./display-name.ts) in SQL, for lists that sort or search by it. */
export function userDisplayName(user: { fullName: AnyPgColumn; email: AnyPgColumn }): SQL<string> {
  return sql<string>`coalesce(nullif(btrim(${user.fullName}), ''), ${user.email})`;
}

/**
 * Who a history label names (lib/auth/actor.ts actorLabel: "<user id>", "api_key:<id>", "system:<name>"),
 * as two left joins a list adds once: `query.leftJoin(by.user, by.onUser).leftJoin(by.apiKey, by.onApiKey)`.
 * `name` is the user's display name or the key's name, null for the system; `email` is the user's.
 * The label is turned into a uuid (only when it is one) so the joins use the tables' primary keys.
 * `prefix` names the aliases, unique within one query.
 */
export function actorOfLabel(label: AnyPgColumn, prefix: string) {
  const user = alias(users, `${prefix}_user`);
  const apiKey = alias(apiKeys, `${prefix}_api_key`);
  return {
    user,
    apiKey,
    onUser: sql`${user.id} = (case when ${label} ~ ${UUID_PATTERN} then ${label}::uuid end)`,
    onApiKey: sql`${apiKey.id} = (case when ${label} ~ ${`^api_key:${UUID_PATTERN.slice(1)}`} then substr(${label}, 9)::uuid end)`,
    name: sql<string | null>`coalesce(${userDisplayName(user)}, ${apiKey.name})`,
    email: sql<string | null>`${user.email}`,
  };
}
