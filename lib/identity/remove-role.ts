import { and, eq } from "drizzle-orm";
import { userRoles } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { writeAudit } from "@/lib/operations/audit";
import { ADMIN_ROLE, assertNotLastAdmin } from "./admins";
import { toUserResponse } from "./internal";
import type { AssignRoleInput } from "./schemas";
import { assignmentOf } from "./internal";

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
