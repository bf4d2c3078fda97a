import { assertUser } from "@/lib/auth/actor";
import { verifyPassword } from "@/lib/auth/passwords";
import { revokeSessions } from "@/lib/auth/sessions";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { BadRequestError, UnauthorizedError } from "@/lib/errors";
import { writeAudit } from "@/lib/operations/audit";
import { getUserOrThrow, isAmongRecentPasswords, PASSWORD_HISTORY_DEPTH, setPassword } from "./internal";
import type { ChangePasswordInput } from "./schemas";

export const PASSWORD_REUSED = `the new password cannot be one of the last ${PASSWORD_HISTORY_DEPTH} used`;

/** Changes the caller's password; the other sessions of the user are revoked, this one stays. */
export async function changePassword({ ctx, input }: { ctx: ServiceContext; input: ChangePasswordInput }): Promise<void> {
  const { actor } = ctx;
  assertUser(actor);
  const user = await getUserOrThrow(ctx.db, actor.userId);
  if (!(await verifyPassword(user.passwordHash, input.current_password))) {
    throw new UnauthorizedError("the current password is incorrect");
  }
  if (await isAmongRecentPasswords(ctx.db, user.id, input.new_password)) throw new BadRequestError(PASSWORD_REUSED);
  await inTransaction(ctx, async (tx) => {
    await setPassword(tx.db, user.id, input.new_password);
    await revokeSessions(tx.db, { userId: user.id, exceptSessionId: actor.sessionId }, "password changed");
    await writeAudit(tx, { action: "PASSWORD_CHANGED", entity: "users", entityId: user.id });
  });
}
