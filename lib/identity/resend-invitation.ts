import { assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { writeAudit } from "@/lib/operations/audit";
import { sendAccountLink } from "./account-tokens";
import { ADMIN_ROLE, assertMayManageAdmins, hasRole } from "./admins";
import { getUserOrThrow } from "./internal";

/** POST /auth/users/{id}/invitation: sends the user a new invitation link; older ones stop working. */
export async function resendInvitation({ ctx, userId }: { ctx: ServiceContext; userId: string }): Promise<void> {
  assertCan(ctx.actor, "users:manage");
  await inTransaction(ctx, async (tx) => {
    const user = await getUserOrThrow(tx, userId);
    // Whoever passes the link on chooses the password: for an administrator, only another one may.
    if (await hasRole(tx.db, user.id, ADMIN_ROLE)) assertMayManageAdmins(ctx.actor);
    await sendAccountLink(tx, user, "INVITATION");
    await writeAudit(tx, { action: "INVITATION_SENT", entity: "users", entityId: user.id, companyId: user.companyId });
  });
}
