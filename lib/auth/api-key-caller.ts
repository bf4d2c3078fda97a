import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { apiKeys, users } from "@/db/schema";
import { UnauthorizedError } from "@/lib/errors";
import type { ApiKeyActor } from "./actor";
import { isPermission, keyMayHold, type Permission } from "./permissions";
import { hashToken } from "./tokens";

/** last_used_at is written on a key's first use, then at most once per this interval. */
export const LAST_USED_INTERVAL_MS = 60_000;

/**
 * The lookup every X-API-Key request makes: the key and whether the user who created it is still
 * active, in one query by the key's hash (placeholder `keyHash`).
 */
function apiKeyCallerQuery(db: DbOrTx) {
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      companyId: apiKeys.companyId,
      permissions: apiKeys.permissions,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      createdBy: apiKeys.createdBy,
      creatorIsActive: users.isActive,
    })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.keyHash, sql.placeholder("keyHash")));
}

// Built once per database handle, like the session check (lib/auth/sessions.ts): the statement is
// reused, its rows are read afresh on every request, so a revoked or expired key is refused at once.
const prepared = new WeakMap<DbOrTx, ReturnType<typeof prepare>>();

function prepare(db: DbOrTx) {
  return apiKeyCallerQuery(db).prepare("api_key_caller");
}

/**
 * The actor behind a presented key, or 401 when the key is unknown, revoked, past its `expires_at`, or
 * was created by a user who has since been deactivated (trust.md section 3). The permissions a key may
 * not hold are dropped here whatever the row says, so a key stored before the rule cannot use them.
 */
export async function resolveApiKey(db: DbOrTx, presented: string): Promise<ApiKeyActor> {
  const now = new Date();
  let query = prepared.get(db);
  if (!query) prepared.set(db, (query = prepare(db)));
  const [key] = await query.execute({ keyHash: hashToken(presented) });
  if (!key || key.revokedAt) throw new UnauthorizedError("the API key is invalid or revoked");
  if (key.expiresAt && key.expiresAt <= now) throw new UnauthorizedError("the API key has expired");
  if (key.createdBy && key.creatorIsActive === false)
    throw new UnauthorizedError("the API key's creator has been deactivated");
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= LAST_USED_INTERVAL_MS)
    await touchApiKey(db, key.id);
  const permissions = new Set(
    key.permissions.filter((permission) => isPermission(permission) && keyMayHold(permission)) as Permission[],
  );
  return { kind: "api_key", apiKeyId: key.id, name: key.name, companyId: key.companyId, permissions };
}

/**
 * Records a use. The read above skips this while the stored time is under a minute old, so a busy key
 * costs one write a minute, not one per request; the condition here keeps concurrent requests (and
 * other processes) that all saw an old time from writing more than once.
 */
async function touchApiKey(db: DbOrTx, apiKeyId: string): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.id, apiKeyId),
        or(
          isNull(apiKeys.lastUsedAt),
          lt(apiKeys.lastUsedAt, sql`now() - make_interval(secs => ${LAST_USED_INTERVAL_MS / 1000})`),
        ),
      ),
    );
}
