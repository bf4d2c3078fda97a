import { assertUser } from "@/lib/auth/actor";
import { revokeSessions } from "@/lib/auth/sessions";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { writeAudit } from "@/lib/operations/audit";

/** Global logout: every session of the caller, on every device, the browser included. */
export async function logoutAll({ ctx }: { ctx: ServiceContext }): Promise<void> {
  const { actor } = ctx;
  assertUser(actor);
  await inTransaction(ctx, async (tx) => {
    await revokeSessions(tx.db, { userId: actor.userId }, "global logout");
    await writeAudit(tx, { action: "USER_LOGOUT_ALL", entity: "users", entityId: actor.userId });
  });
}
