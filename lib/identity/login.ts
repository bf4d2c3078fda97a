import { eq } from "drizzle-orm";
import { loginAttempts } from "@/db/schema";
import { verifyAgainstDummy, verifyPassword } from "@/lib/auth/passwords";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { UnauthorizedError } from "@/lib/errors";
import { writeAudit } from "@/lib/operations/audit";
import { findUserByEmail, issueTokens } from "./internal";
import { releaseAttempt, reserveAttempt } from "./login-attempts";
import type { LoginInput } from "./schemas";

const WRONG_CREDENTIALS = "incorrect e-mail or password";

/**
 * Checks the credentials and starts a session. Failures are counted within a sliding 15 minutes (trust
 * section 6): five for one e-mail from one address, or fifty from one address whatever the e-mails,
 * and that pair or address is refused (429) until the oldest of them leaves the window. Failures of an
 * e-mail from everywhere never refuse it: above twenty, each attempt of that e-mail, right or wrong,
 * waits min(5 s, 250 ms x (failures - 20)) before the password is checked, so guessing from many
 * addresses is slowed while the owner can still sign in from theirs. The answer to a wrong password
 * and to an unknown e-mail is the same, and takes as long.
 */
export async function login({
  ctx,
  input,
  kind = "api",
  userAgent = null,
}: {
  ctx: ServiceContext;
  input: LoginInput;
  kind?: "api" | "browser";
  userAgent?: string | null;
}) {
  const email = input.email.trim().toLowerCase();
  const { attemptId, delayMs } = await reserveAttempt(ctx, email);
  // Outside the reservation's transaction: the wait holds no lock and no connection.
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));

  let user: Awaited<ReturnType<typeof findUserByEmail>>;
  let passwordMatches: boolean;
  try {
    user = await findUserByEmail(ctx.db, email);
    passwordMatches = user
      ? await verifyPassword(user.passwordHash, input.password)
      : await verifyAgainstDummy(input.password).then(() => false);
  } catch (error) {
    releaseAttempt(ctx, attemptId);
    throw error;
  }
  if (!user || !passwordMatches || !user.isActive) {
    // The reserved attempt stays: it is now one of the failures of the window.
    await writeAudit(ctx, {
      action: "USER_LOGIN_FAILED",
      entity: "users",
      entityId: user?.id ?? null,
      userId: user?.id ?? null,
      companyId: user?.companyId ?? null,
      details: { email },
    });
    throw new UnauthorizedError(WRONG_CREDENTIALS);
  }

  const signedIn = user;
  return inTransaction(ctx, async (tx) => {
    // A success is not a failure: it gives its place in the window back.
    await tx.db.delete(loginAttempts).where(eq(loginAttempts.id, attemptId));
    const tokens = await issueTokens(tx.db, { userId: signedIn.id, kind, ipAddress: ctx.ipAddress, userAgent });
    await writeAudit(tx, {
      action: "USER_LOGIN",
      entity: "sessions",
      entityId: tokens.session_id,
      userId: signedIn.id,
      companyId: signedIn.companyId,
      details: { kind },
    });
    return { ...tokens, user_id: signedIn.id };
  }).catch((error: unknown) => {
    releaseAttempt(ctx, attemptId);
    throw error;
  });
}
