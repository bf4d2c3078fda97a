import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/passwords";
import { revokeSessions } from "@/lib/auth/sessions";
import { inTransaction, sendAfterWrite, type ServiceContext } from "@/lib/context";
import { BadRequestError } from "@/lib/errors";
import { writeAudit } from "@/lib/operations/audit";
import { consumeRateLimit } from "@/lib/operations/rate-limit";
import {
  consumeAccountToken,
  findLiveAccountToken,
  invalidToken,
  PASSWORD_TOKEN_KINDS,
  revokeAccountTokens,
  sendAccountLink,
} from "./account-tokens";
import {
  findUserByEmail,
  getUserOrThrow,
  isAmongRecentPasswords,
  PASSWORD_REUSED,
  PASSWORD_REUSED_CODE,
  setPasswordHash,
} from "./internal";
import { assertStrongPassword } from "./password-policy";
import type { ConfirmPasswordResetInput, PasswordResetInput } from "./schemas";

// Password reset (trust.md section 2). The request answers the same, in about the same time, whether or
// not the e-mail is a user's: it only counts the request and hands the e-mail to a background function,
// which looks the user up and sends the link. Nothing on the request's path depends on the account.

export const RESETS_PER_EMAIL_PER_HOUR = 5;
export const RESETS_PER_ADDRESS_PER_HOUR = 30;

/** The e-mail as the limit's key: hashed, so the counters table holds no addresses. */
function emailKey(email: string): string {
  return createHash("sha256").update(email).digest("hex");
}

/** POST /auth/password-reset: counts the request against both limits (429 beyond), then asks for the link. */
export async function requestPasswordReset({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: PasswordResetInput;
}): Promise<void> {
  const email = input.email.trim().toLowerCase();
  await consumeRateLimit(ctx.db, {
    key: `password-reset:address:${ctx.ipAddress ?? "unknown"}`,
    limit: RESETS_PER_ADDRESS_PER_HOUR,
    windowSeconds: 3600,
    message: "too many password resets asked for from this address; try again later",
  });
  await consumeRateLimit(ctx.db, {
    key: `password-reset:email:${emailKey(email)}`,
    limit: RESETS_PER_EMAIL_PER_HOUR,
    windowSeconds: 3600,
    message: "too many password resets asked for this e-mail; try again later",
  });
  await sendAfterWrite(ctx, { name: "identity/password-reset.requested", data: { email, ip_address: ctx.ipAddress } });
}

/**
 * In the background: the reset link for the e-mail's user, if there is an active one (a new link voids
 * the older ones). Otherwise nothing happens, and nobody learns it.
 */
export async function sendPasswordResetLink({
  ctx,
  email,
}: {
  ctx: ServiceContext;
  email: string;
}): Promise<"sent" | "no user"> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || !user.isActive) return "no user";
  return inTransaction(ctx, async (tx) => {
    await sendAccountLink(tx, user, "PASSWORD_RESET");
    await writeAudit(tx, {
      action: "PASSWORD_RESET_REQUESTED",
      entity: "users",
      entityId: user.id,
      userId: user.id,
      companyId: user.companyId,
    });
    return "sent" as const;
  });
}

/**
 * POST /auth/password-reset/confirm: a reset or invitation token sets the password. The password is
 * checked before the token is used, so a refused password (422 weak, 400 reused) leaves the link working.
 * Then, in one transaction: the token is used up, the password stored, the user verified (the link
 * reached the address), the user's other password links voided and every session ended.
 */
export async function confirmPasswordReset({ ctx, input }: { ctx: ServiceContext; input: ConfirmPasswordResetInput }) {
  const found = await findLiveAccountToken(ctx.db, input.token, PASSWORD_TOKEN_KINDS);
  const user = await getUserOrThrow(ctx.db, found.userId);
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
