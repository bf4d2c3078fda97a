import { assertUser } from "@/lib/auth/actor";
import { verifyPassword } from "@/lib/auth/passwords";
import { revokeSessions } from "@/lib/auth/sessions";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { BadRequestError, UnauthorizedError } from "@/lib/errors";
import { writeAudit } from "@/lib/operations/audit";
import { revokeAccountTokens } from "./account-tokens";
import { getUserOrThrow, isAmongRecentPasswords, PASSWORD_REUSED, PASSWORD_REUSED_CODE, setPassword } from "./internal";
import { assertStrongPassword } from "./password-policy";
import type { ChangePasswordInput } from "./schemas";

/**
 * Changes the caller's password; the other sessions of the user are revoked, this one stays, and so
 * do reset and invitation links still outstanding (the password they would set is now chosen).
 */
export async function changePassword({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: ChangePasswordInput;
}): Promise<void> {
  const { actor } = ctx;
  assertUser(actor);
  const user = await getUserOrThrow(ctx, actor.userId, { anyCompany: true });
  if (!(await verifyPassword(user.passwordHash, input.current_password))) {
    throw new UnauthorizedError("the current password is incorrect");
  }
  assertStrongPassword(input.new_password, user.email, "new_password");
  if (await isAmongRecentPasswords(ctx.db, user.id, input.new_password))
    throw new BadRequestError(PASSWORD_REUSED, PASSWORD_REUSED_CODE);
  await inTransaction(ctx, async (tx) => {
    await setPassword(tx.db, user.id, input.new_password);
    await revokeSessions(tx.db, { userId: user.id, exceptSessionId: actor.sessionId }, "password changed");
    await revokeAccountTokens(tx.db, user.id, ["PASSWORD_RESET", "INVITATION"]);
    await writeAudit(tx, { action: "PASSWORD_CHANGED", entity: "users", entityId: user.id });
  });
}
