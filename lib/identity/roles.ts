import { and, asc, desc, eq } from "drizzle-orm";
import { rolePermissions, roles, userRoles } from "@/db/schema";
import { assertCan, assertCanGrant } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { NotFoundError } from "@/lib/errors";
import { writeAudit } from "@/lib/operations/audit";
import { ADMIN_ROLE, assertMayManageAdmins, assertNotLastAdmin } from "./admins";
import { getUserInScopeOrThrow } from "./users";
import { permissionsOfRoles, toUserResponse } from "./internal";
import type { AssignRoleInput } from "./schemas";

export async function listRoles({ ctx }: { ctx: ServiceContext }) {
  assertCan(ctx.actor, "users:manage");
  const rows = await ctx.db
    .select({
      id: roles.id,
      name: roles.name,
      level: roles.level,
      description: roles.description,
      permission: rolePermissions.permission,
    })
    .from(roles)
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .orderBy(desc(roles.level), asc(rolePermissions.permission));
  const byId = new Map<
    string,
    { id: string; name: string; level: number; description: string | null; permissions: string[] }
  >();
  for (const { permission, ...role } of rows) {
    const entry = byId.get(role.id) ?? { ...role, permissions: [] };
    if (permission) entry.permissions.push(permission);
    byId.set(role.id, entry);
  }
  return [...byId.values()];
}

/**
 * The user and role of an assignment, once the caller may hand that role out: it holds every permission
 * the role carries, and only a signed-in ADMIN deals in ADMIN (trust.md section 3).
 */
async function assignmentOf(tx: ServiceContext, input: AssignRoleInput) {
  const user = await getUserInScopeOrThrow(tx, input.user_id);
  const [role] = await tx.db.select().from(roles).where(eq(roles.id, input.role_id));
  if (!role) throw new NotFoundError("role");
  if (role.name === ADMIN_ROLE) assertMayManageAdmins(tx.actor);
  assertCanGrant(tx.actor, await permissionsOfRoles(tx.db, [role.id]));
  return { user, role };
}

/** Gives a user a role; giving one it already has changes nothing. */
export async function assignRole({ ctx, input }: { ctx: ServiceContext; input: AssignRoleInput }) {
  assertCan(ctx.actor, "users:manage");
  return inTransaction(ctx, async (tx) => {
    const { user, role } = await assignmentOf(tx, input);
    const inserted = await tx.db
      .insert(userRoles)
      .values({ userId: user.id, roleId: role.id })
      .onConflictDoNothing()
      .returning();
    if (inserted.length > 0) {
      await writeAudit(tx, {
        action: "ROLE_ASSIGNED",
        entity: "users",
        entityId: user.id,
        companyId: user.companyId,
        details: { role: role.name },
      });
    }
    return toUserResponse(tx.db, user);
  });
}

/**
 * Takes a role from a user; its permissions stop with its next request (every request reads the
 * session's roles). Taking one it does not have changes nothing. The last active ADMIN keeps ADMIN (409).
 */
export async function removeRole({ ctx, input }: { ctx: ServiceContext; input: AssignRoleInput }) {
  assertCan(ctx.actor, "users:manage");
  return inTransaction(ctx, async (tx) => {
    const { user, role } = await assignmentOf(tx, input);
    if (role.name === ADMIN_ROLE && user.isActive) await assertNotLastAdmin(tx.db, user.id);
    const removed = await tx.db
      .delete(userRoles)
      .where(and(eq(userRoles.userId, user.id), eq(userRoles.roleId, role.id)))
      .returning();
    if (removed.length > 0) {
      await writeAudit(tx, {
        action: "ROLE_REMOVED",
        entity: "users",
        entityId: user.id,
        companyId: user.companyId,
        details: { role: role.name },
      });
    }
    return toUserResponse(tx.db, user);
  });
}
