import { eq } from "drizzle-orm";
import { users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/passwords";
import { revokeSessions } from "@/lib/auth/sessions";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { BadRequestError } from "@/lib/errors";
import { writeAudit } from "@/lib/operations/audit";
import {
  consumeAccountToken,
  findLiveAccountToken,
  invalidToken,
  PASSWORD_TOKEN_KINDS,
  revokeAccountTokens,
} from "./account-tokens";
import {
  getUserOrThrow,
  isAmongRecentPasswords,
  PASSWORD_REUSED,
  PASSWORD_REUSED_CODE,
  setPasswordHash,
} from "./internal";
import { assertStrongPassword } from "./password-policy";
import type { ConfirmPasswordResetInput } from "./schemas";

/**
 * POST /auth/password-reset/confirm: a reset or invitation token sets the password. The password is
 * checked before the token is used, so a refused password (422 weak, 400 reused) leaves the link working.
 * Then, in one transaction: the token is used up, the password stored, the user verified (the link
 * reached the address), the user's other password links voided and every session ended.
 */
export async function confirmPasswordReset({ ctx, input }: { ctx: ServiceContext; input: ConfirmPasswordResetInput }) {
  const found = await findLiveAccountToken(ctx.db, input.token, PASSWORD_TOKEN_KINDS);
  const user = await getUserOrThrow(ctx, found.userId, { anyCompany: true });
  if (!user.isActive) throw invalidToken();
  assertStrongPassword(input.password, user.email);
  if (await isAmongRecentPasswords(ctx.db, user.id, input.password))
    throw new BadRequestError(PASSWORD_REUSED, PASSWORD_REUSED_CODE);
  const passwordHash = await hashPassword(input.password);
  return inTransaction(ctx, async (tx) => {
    // Used up here, atomically: of two confirms with one token, the second finds it used (400).
    const token = await consumeAccountToken(tx.db, input.token, PASSWORD_TOKEN_KINDS);
    await setPasswordHash(tx.db, user.id, passwordHash);
    await tx.db.update(users).set({ isVerified: true }).where(eq(users.id, user.id));
    await revokeAccountTokens(tx.db, user.id, ["PASSWORD_RESET", "INVITATION", "VERIFY_EMAIL"]);
    await revokeSessions(tx.db, { userId: user.id }, "password reset");
    await writeAudit(tx, {
      action: token.kind === "INVITATION" ? "INVITATION_ACCEPTED" : "PASSWORD_RESET",
      entity: "users",
      entityId: user.id,
      userId: user.id,
      companyId: user.companyId,
    });
    return { id: user.id, email: user.email };
  });
}
