import { and, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import {
  businessUnits,
  companies,
  passwordHistory,
  rolePermissions,
  roles,
  userRoles,
  users,
  type ApiKey,
  type User,
} from "@/db/schema";
import { assertCanGrant, scopeOf } from "@/lib/auth/actor";
import { hashPassword, verifyPassword } from "@/lib/auth/passwords";
import { createSession } from "@/lib/auth/sessions";
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from "@/lib/auth/tokens";
import type { ServiceContext } from "@/lib/context";
import { ConflictError, NotFoundError } from "@/lib/errors";
import { toIso } from "@/lib/schemas";
import { ADMIN_ROLE, assertMayManageAdmins } from "./admins";
import type { AssignRoleInput, TokenResponse, UserResponse } from "./schemas";

export const PASSWORD_HISTORY_DEPTH = 5;
export const PASSWORD_REUSED = `the new password cannot be one of the last ${PASSWORD_HISTORY_DEPTH} used`;
export const PASSWORD_REUSED_CODE = "password_reused";
export const EMAIL_TAKEN = "an account with this e-mail already exists";

/**
 * A user the actor may manage: every user for ADMIN, its own company's for an API key or a scoped user.
 * `anyCompany` looks the user up wherever it belongs (the actor's own account, a user named by a token).
 */
export async function getUserOrThrow(
  ctx: Pick<ServiceContext, "db" | "actor">,
  userId: string,
  options: { anyCompany?: boolean } = {},
): Promise<User> {
  const scope = options.anyCompany ? null : scopeOf(ctx.actor);
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), scope ? eq(users.companyId, scope.companyId) : undefined));
  if (!user) throw new NotFoundError("user");
  return user;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return user;
}

/**
 * Writes a new user with its first password in the history and its roles: the one way a user comes
 * to exist (registration, an administrator, the seed). An e-mail taken in any letter case is a 409.
 * A null password hash is a user invited to set its own (trust.md section 2).
 */
export async function insertUser(
  db: DbOrTx,
  input: {
    email: string;
    passwordHash: string | null;
    fullName: string | null;
    companyId: string;
    businessUnitId?: string | null;
    isVerified?: boolean;
    roleIds: string[];
  },
): Promise<User> {
  if (await findUserByEmail(db, input.email)) throw new ConflictError(EMAIL_TAKEN);
  const [user] = await db
    .insert(users)
    .values({
      email: input.email.toLowerCase(),
      passwordHash: input.passwordHash,
      fullName: input.fullName,
      companyId: input.companyId,
      businessUnitId: input.businessUnitId ?? null,
      isVerified: input.isVerified ?? false,
    })
    .returning();
  if (input.passwordHash)
    await db.insert(passwordHistory).values({ userId: user.id, passwordHash: input.passwordHash });
  if (input.roleIds.length > 0)
    await db.insert(userRoles).values(input.roleIds.map((roleId) => ({ userId: user.id, roleId })));
  return user;
}

export async function getDefaultCompanyId(db: DbOrTx): Promise<string> {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.isDefault, true));
  if (!company) throw new Error("the default company is missing: the seed has not run");
  return company.id;
}

/** The user as /auth/me shows it: roles, and the permissions they add up to. */
export async function toUserResponses(db: DbOrTx, list: User[]): Promise<UserResponse[]> {
  const ids = list.map((user) => user.id);
  const rows = ids.length
    ? await db
        .select({
          userId: users.id,
          roleId: roles.id,
          name: roles.name,
          level: roles.level,
          permission: rolePermissions.permission,
        })
        .from(users)
        .innerJoin(userRoles, eq(userRoles.userId, users.id))
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
        .where(inArray(users.id, ids))
    : [];
  return list.map((user) => {
    const mine = rows.filter((row) => row.userId === user.id);
    const roleById = new Map(mine.map((row) => [row.roleId, { id: row.roleId, name: row.name, level: row.level }]));
    const permissions = [...new Set(mine.flatMap((row) => (row.permission ? [row.permission] : [])))].sort();
    return {
      id: user.id,
      email: user.email,
      full_name: user.fullName,
      is_verified: user.isVerified,
      is_active: user.isActive,
      company_id: user.companyId,
      business_unit_id: user.businessUnitId,
      roles: [...roleById.values()].sort((a, b) => b.level - a.level),
      permissions,
      locale: user.locale,
      created_at: user.createdAt.toISOString(),
    };
  });
}

export async function toUserResponse(db: DbOrTx, user: User): Promise<UserResponse> {
  const [response] = await toUserResponses(db, [user]);
  return response;
}

export async function findRolesByName(db: DbOrTx, names: readonly string[]) {
  return names.length
    ? db
        .select()
        .from(roles)
        .where(inArray(roles.name, [...names]))
    : [];
}

/** Every permission the given roles carry, for checking that the caller may grant them. */
export async function permissionsOfRoles(db: DbOrTx, roleIds: readonly string[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .select({ permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(inArray(rolePermissions.roleId, [...roleIds]));
  return rows.map((row) => row.permission);
}

/** Starts a session and returns the token pair a login or refresh answers with. */
export async function issueTokens(
  db: DbOrTx,
  input: { userId: string; kind: "api" | "browser"; ipAddress: string | null; userAgent: string | null },
): Promise<TokenResponse & { session_id: string }> {
  const { sessionId, refreshToken } = await createSession(db, input);
  return { ...(await accessTokenPair(input.userId, sessionId, refreshToken)), session_id: sessionId };
}

export async function accessTokenPair(userId: string, sessionId: string, refreshToken: string): Promise<TokenResponse> {
  return {
    access_token: await signAccessToken({ userId, sessionId }),
    refresh_token: refreshToken,
    token_type: "bearer",
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
  };
}

/** Stores a new password hash on the user and in its history, which keeps only the last five hashes. */
export async function setPassword(db: DbOrTx, userId: string, password: string): Promise<void> {
  await setPasswordHash(db, userId, await hashPassword(password));
}

/** setPassword with the hash made beforehand (outside the transaction: argon2 takes a while). */
export async function setPasswordHash(db: DbOrTx, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  await db.insert(passwordHistory).values({ userId, passwordHash });
  const kept = db
    .select({ id: passwordHistory.id })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.createdAt))
    .limit(PASSWORD_HISTORY_DEPTH);
  await db.delete(passwordHistory).where(and(eq(passwordHistory.userId, userId), notInArray(passwordHistory.id, kept)));
}

export async function isAmongRecentPasswords(db: DbOrTx, userId: string, password: string): Promise<boolean> {
  const recent = await db
    .select({ hash: passwordHistory.passwordHash })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.createdAt))
    .limit(PASSWORD_HISTORY_DEPTH);
  for (const { hash } of recent) if (await verifyPassword(hash, password)) return true;
  return false;
}

/** Checks that a company exists and, when given, that the business unit belongs to it. */
export async function assertPlacement(
  ctx: ServiceContext,
  companyId: string,
  businessUnitId: string | null | undefined,
) {
  const [company] = await ctx.db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw new NotFoundError("company");
  if (businessUnitId) {
    const [unit] = await ctx.db
      .select({ id: businessUnits.id })
      .from(businessUnits)
      .where(and(eq(businessUnits.id, businessUnitId), eq(businessUnits.companyId, companyId)));
    if (!unit) throw new NotFoundError("business unit");
  }
}

/**
 * The user and role of an assignment, once the caller may hand that role out: it holds every permission
 * the role carries, and only a signed-in ADMIN deals in ADMIN (trust.md section 3).
 */
export async function assignmentOf(tx: ServiceContext, input: AssignRoleInput) {
  const user = await getUserOrThrow(tx, input.user_id);
  const [role] = await tx.db.select().from(roles).where(eq(roles.id, input.role_id));
  if (!role) throw new NotFoundError("role");
  if (role.name === ADMIN_ROLE) assertMayManageAdmins(tx.actor);
  assertCanGrant(tx.actor, await permissionsOfRoles(tx.db, [role.id]));
  return { user, role };
}

export function toApiKeyResponse(key: ApiKey) {
  return {
    id: key.id,
    name: key.name,
    key_prefix: key.keyPrefix,
    permissions: key.permissions,
    company_id: key.companyId,
    created_at: key.createdAt.toISOString(),
    created_by: key.createdBy,
    expires_at: toIso(key.expiresAt),
    last_used_at: toIso(key.lastUsedAt),
    revoked_at: toIso(key.revokedAt),
  };
}
