import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import type { Language } from "@/db/enums";
import { refreshTokens, roles, rolePermissions, sessions, userRoles, users } from "@/db/schema";
import { isPermission, type Permission } from "./permissions";
import { hashToken, newOpaqueToken, REFRESH_TOKEN_TTL_SECONDS } from "./tokens";

// The session store. A session row lives as long as its refresh tokens may; revoking it stops every
// access token that names it on the next request.

export async function createSession(
  db: DbOrTx,
  input: { userId: string; kind: "api" | "browser"; ipAddress: string | null; userAgent: string | null },
): Promise<{ sessionId: string; refreshToken: string }> {
  const expiresAt = new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000);
  const [session] = await db
    .insert(sessions)
    .values({
      userId: input.userId,
      kind: input.kind,
      ipAddress: input.ipAddress,
      userAgent: input.userAgent?.slice(0, 500),
      expiresAt,
    })
    .returning({ id: sessions.id });
  const refreshToken = await issueRefreshToken(db, session.id, expiresAt);
  return { sessionId: session.id, refreshToken };
}

export async function issueRefreshToken(db: DbOrTx, sessionId: string, expiresAt: Date): Promise<string> {
  const { token, hash } = newOpaqueToken("rt_");
  await db.insert(refreshTokens).values({ sessionId, tokenHash: hash, expiresAt });
  return token;
}

export type RefreshOutcome =
  | { kind: "rotated"; userId: string; sessionId: string; refreshToken: string }
  | { kind: "reused"; sessionId: string }
  | { kind: "invalid" };

/**
 * Consumes a refresh token once. The conditional update is atomic, so of two concurrent uses exactly
 * one wins; presenting a token that was already used is reuse (RFC 9700) and revokes the whole session.
 */
export async function rotateRefreshToken(db: DbOrTx, presented: string): Promise<RefreshOutcome> {
  const tokenHash = hashToken(presented);
  const [consumed] = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.usedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ sessionId: refreshTokens.sessionId, expiresAt: refreshTokens.expiresAt });
  if (!consumed) {
    const [known] = await db
      .select({ sessionId: refreshTokens.sessionId, usedAt: refreshTokens.usedAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash));
    if (known?.usedAt) {
      await revokeSessions(db, { sessionId: known.sessionId }, "refresh token reuse");
      return { kind: "reused", sessionId: known.sessionId };
    }
    return { kind: "invalid" };
  }
  const [session] = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, consumed.sessionId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.isActive, true),
      ),
    );
  if (!session) return { kind: "invalid" };
  const refreshToken = await issueRefreshToken(db, consumed.sessionId, consumed.expiresAt);
  return { kind: "rotated", userId: session.userId, sessionId: consumed.sessionId, refreshToken };
}

export async function revokeSessions(
  db: DbOrTx,
  which: { sessionId: string } | { userId: string; exceptSessionId?: string },
  reason: string,
): Promise<void> {
  const target =
    "sessionId" in which
      ? eq(sessions.id, which.sessionId)
      : and(
          eq(sessions.userId, which.userId),
          which.exceptSessionId ? sql`${sessions.id} <> ${which.exceptSessionId}` : undefined,
        );
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(target, isNull(sessions.revokedAt)));
}

export type SessionUser = {
  userId: string;
  sessionId: string;
  email: string;
  /** Whether the user has proved the e-mail is theirs (trust.md section 1). */
  isVerified: boolean;
  companyId: string;
  businessUnitId: string | null;
  /** The language the user saved for the pages (localisation.md section 1), null until one is saved. */
  locale: Language | null;
  roles: string[];
  permissions: Set<Permission>;
};

/**
 * The session check every authenticated request makes: one row per permission of the session's user
 * (none when the session is revoked or expired, or the user deactivated), with the placeholders
 * `sessionId` and `userId`. Exported so the benchmark runs the very SQL drizzle generates here.
 */
export function sessionUserQuery(db: DbOrTx) {
  return db
    .select({
      email: users.email,
      isVerified: users.isVerified,
      companyId: users.companyId,
      businessUnitId: users.businessUnitId,
      locale: users.locale,
      roleName: roles.name,
      permission: rolePermissions.permission,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(roles, eq(roles.id, userRoles.roleId))
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .where(
      and(
        eq(sessions.id, sql.placeholder("sessionId")),
        eq(sessions.userId, sql.placeholder("userId")),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.isActive, true),
      ),
    );
}

// Built once per database handle and run as a named prepared statement: drizzle then does not rebuild
// the SQL text on every request, and the driver keeps the statement parsed on each connection, so the
// server does not parse and plan the five-table join for every request either. Only the statement is
// reused; its rows are read afresh every time, so a revoked session is refused at once.
const preparedSessionUser = new WeakMap<DbOrTx, ReturnType<typeof prepareSessionUser>>();

function prepareSessionUser(db: DbOrTx) {
  return sessionUserQuery(db).prepare("session_user");
}

/** The user behind a live session, with roles and permissions, in one query; null when revoked or expired. */
export async function loadSessionUser(db: DbOrTx, sessionId: string, userId: string): Promise<SessionUser | null> {
  let query = preparedSessionUser.get(db);
  if (!query) preparedSessionUser.set(db, (query = prepareSessionUser(db)));
  const rows = await query.execute({ sessionId, userId });
  if (rows.length === 0) return null;
  const roleNames = new Set<string>();
  const permissions = new Set<Permission>();
  for (const row of rows) {
    if (row.roleName) roleNames.add(row.roleName);
    if (row.permission && isPermission(row.permission)) permissions.add(row.permission);
  }
  const { email, isVerified, companyId, businessUnitId, locale } = rows[0];
  return {
    userId,
    sessionId,
    email,
    isVerified,
    companyId,
    businessUnitId,
    locale,
    roles: [...roleNames],
    permissions,
  };
}

/** Roles with their permissions, for responses that show them. */
export async function loadRolesOf(db: DbOrTx, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, { id: string; name: string; level: number }[]>();
  const rows = await db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name, level: roles.level })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, userIds))
    .orderBy(sql`${roles.level} desc`);
  const byUser = new Map<string, { id: string; name: string; level: number }[]>();
  for (const { userId, ...role } of rows) byUser.set(userId, [...(byUser.get(userId) ?? []), role]);
  return byUser;
}
