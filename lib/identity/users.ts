import { and, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import { escapeLike } from "@/db/like";
import { businessUnits, companies, users, type User } from "@/db/schema";
import { assertCan, assertCanGrant, companyOf, scopeOf } from "@/lib/auth/actor";
import { hashPassword } from "@/lib/auth/passwords";
import { revokeSessions } from "@/lib/auth/sessions";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { ConflictError, isUniqueViolation, NotFoundError, ValidationError } from "@/lib/errors";
import { writeAudit } from "@/lib/operations/audit";
import { sendAccountLink } from "./account-tokens";
import { ADMIN_ROLE, assertMayManageAdmins, assertNotLastAdmin, hasRole } from "./admins";
import {
  EMAIL_TAKEN,
  findRolesByName,
  insertUser,
  permissionsOfRoles,
  toUserResponse,
  toUserResponses,
} from "./internal";
import { assertStrongPassword } from "./password-policy";
import type { CreateUserInput, ListUsersQuery, UpdateUserInput } from "./schemas";

/** A user the actor may manage: every user for ADMIN, its own company's for an API key. */
export async function getUserInScopeOrThrow(ctx: ServiceContext, userId: string): Promise<User> {
  const scope = scopeOf(ctx.actor);
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), scope ? eq(users.companyId, scope.companyId) : undefined));
  if (!user) throw new NotFoundError("user");
  return user;
}

export async function listUsers({ ctx, query }: { ctx: ServiceContext; query: ListUsersQuery }) {
  assertCan(ctx.actor, "users:manage");
  const scope = scopeOf(ctx.actor);
  const filters: SQL[] = [];
  if (query.email) filters.push(ilike(users.email, `%${escapeLike(query.email)}%`));
  if (query.company_id) filters.push(eq(users.companyId, query.company_id));
  if (scope) filters.push(eq(users.companyId, scope.companyId));
  const where = and(...filters);
  const [{ total }] = await ctx.db.select({ total: count() }).from(users).where(where);
  const rows = await ctx.db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  return { items: await toUserResponses(ctx.db, rows), total, page: query.page, page_size: query.page_size };
}

/** Checks that a company exists and, when given, that the business unit belongs to it. */
async function assertPlacement(ctx: ServiceContext, companyId: string, businessUnitId: string | null | undefined) {
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
 * An administrator creates a user with roles (by name; CLIENTE when none is given). The user is
 * verified: the administrator vouches for the address (trust.md section 1). Without a password the user
 * is invited by e-mail to choose one and cannot sign in until then (section 2).
 */
export async function createUser({ ctx, input }: { ctx: ServiceContext; input: CreateUserInput }) {
  const { actor } = ctx;
  assertCan(actor, "users:manage");
  const scope = scopeOf(actor);
  const ownCompany = companyOf(actor) ?? undefined;
  const companyId = scope ? scope.companyId : (input.company_id ?? ownCompany);
  if (!companyId) throw new ValidationError("company_id is required");
  const roleNames = [...new Set(input.roles ?? ["CLIENTE"])];
  if (roleNames.includes(ADMIN_ROLE)) assertMayManageAdmins(actor);
  if (input.password !== undefined) assertStrongPassword(input.password, input.email);
  const passwordHash = input.password !== undefined ? await hashPassword(input.password) : null;
  try {
    return await inTransaction(ctx, async (tx) => {
      await assertPlacement(tx, companyId, input.business_unit_id);
      const found = await findRolesByName(tx.db, roleNames);
      const missing = roleNames.filter((name) => !found.some((role) => role.name === name));
      if (missing.length > 0) {
        throw new ValidationError(`unknown role: ${missing.join(", ")}`, [
          { path: "roles", message: `unknown role: ${missing.join(", ")}` },
        ]);
      }
      assertCanGrant(
        actor,
        await permissionsOfRoles(
          tx.db,
          found.map((role) => role.id),
        ),
      );
      const user = await insertUser(tx.db, {
        email: input.email,
        passwordHash,
        fullName: input.full_name ?? null,
        companyId,
        businessUnitId: input.business_unit_id,
        isVerified: true,
        roleIds: found.map((role) => role.id),
      });
      await writeAudit(tx, {
        action: "USER_CREATED",
        entity: "users",
        entityId: user.id,
        companyId,
        details: { roles: roleNames, invited: !passwordHash },
      });
      if (!passwordHash) await sendAccountLink(tx, user, "INVITATION");
      return toUserResponse(tx.db, user);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(EMAIL_TAKEN);
    throw error;
  }
}

/** Edits a user; deactivating one revokes every session it has. The last active ADMIN stays active (409). */
export async function updateUser({
  ctx,
  userId,
  input,
}: {
  ctx: ServiceContext;
  userId: string;
  input: UpdateUserInput;
}) {
  assertCan(ctx.actor, "users:manage");
  return inTransaction(ctx, async (tx) => {
    const user = await getUserInScopeOrThrow(tx, userId);
    const scope = scopeOf(ctx.actor);
    const companyId = scope ? user.companyId : (input.company_id ?? user.companyId);
    const businessUnitId =
      input.business_unit_id !== undefined
        ? input.business_unit_id
        : companyId === user.companyId
          ? user.businessUnitId
          : null;
    await assertPlacement(tx, companyId, businessUnitId);
    if (user.isActive && input.is_active === false && (await hasRole(tx.db, user.id, ADMIN_ROLE)))
      await assertNotLastAdmin(tx.db, user.id);
    const [updated] = await tx.db
      .update(users)
      .set({
        fullName: input.full_name !== undefined ? input.full_name : user.fullName,
        companyId,
        businessUnitId,
        isActive: input.is_active ?? user.isActive,
      })
      .where(eq(users.id, user.id))
      .returning();
    if (user.isActive && !updated.isActive) await revokeSessions(tx.db, { userId: user.id }, "user deactivated");
    await writeAudit(tx, {
      action: "USER_UPDATED",
      entity: "users",
      entityId: user.id,
      companyId,
      details: { changes: input },
    });
    return toUserResponse(tx.db, updated);
  });
}

/** POST /auth/users/{id}/invitation: sends the user a new invitation link; older ones stop working. */
export async function resendInvitation({ ctx, userId }: { ctx: ServiceContext; userId: string }): Promise<void> {
  assertCan(ctx.actor, "users:manage");
  await inTransaction(ctx, async (tx) => {
    const user = await getUserInScopeOrThrow(tx, userId);
    // Whoever passes the link on chooses the password: for an administrator, only another one may.
    if (await hasRole(tx.db, user.id, ADMIN_ROLE)) assertMayManageAdmins(ctx.actor);
    await sendAccountLink(tx, user, "INVITATION");
    await writeAudit(tx, { action: "INVITATION_SENT", entity: "users", entityId: user.id, companyId: user.companyId });
  });
}
