import { eq } from "drizzle-orm";
import { users } from "@/db/schema";
import { assertCan, scopeOf } from "@/lib/auth/actor";
import { revokeSessions } from "@/lib/auth/sessions";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { writeAudit } from "@/lib/operations/audit";
import { ADMIN_ROLE, assertNotLastAdmin, hasRole } from "./admins";
import { getUserOrThrow, toUserResponse } from "./internal";
import type { UpdateUserInput } from "./schemas";
import { assertPlacement } from "./internal";

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
    const user = await getUserOrThrow(tx, userId);
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
