import { userRoles } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { writeAudit } from "@/lib/operations/audit";
import { toUserResponse } from "./internal";
import type { AssignRoleInput } from "./schemas";
import { assignmentOf } from "./internal";

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
