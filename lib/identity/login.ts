import { and, count, eq, gt, min, sql } from "drizzle-orm";
import { loginAttempts } from "@/db/schema";
import { verifyAgainstDummy, verifyPassword } from "@/lib/auth/passwords";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { RateLimitedError, UnauthorizedError } from "@/lib/errors";
import { writeAudit } from "@/lib/operations/audit";
import { findUserByEmail, issueTokens } from "./internal";
import type { LoginInput } from "./schemas";

export const MAX_FAILED_LOGINS = 5;
export const FAILED_LOGIN_WINDOW_SECONDS = 15 * 60;
const WRONG_CREDENTIALS = "incorrect e-mail or password";

/**
 * Checks the credentials and starts a session. After five failures for one e-mail within 15 minutes
 * every attempt is refused (429) until the oldest failure leaves the window. The answer to a wrong
 * password and to an unknown e-mail is the same, and takes as long.
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
  const attemptId = await reserveAttempt(ctx, email);

  let user: Awaited<ReturnType<typeof findUserByEmail>>;
  let passwordMatches: boolean;
  try {
    user = await findUserByEmail(ctx.db, email);
    passwordMatches = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstDummy(input.password).then(() => false);
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

/**
 * Gives back the place of an attempt whose check failed for a reason that is not the caller's (the
 * database going away): otherwise a database restart counted every login in flight as a failed one and
 * locked those users out for 15 minutes. Tried now and, while the database does not answer, every second
 * for half a minute.
 */
function releaseAttempt(ctx: ServiceContext, attemptId: string, triesLeft = 30): void {
  ctx.db
    .delete(loginAttempts)
    .where(eq(loginAttempts.id, attemptId))
    .then(
      () => {},
      () => {
        if (triesLeft > 1) setTimeout(() => releaseAttempt(ctx, attemptId, triesLeft - 1), 1000).unref();
      },
    );
}

/**
 * Records the attempt before the password is checked, counting the attempts still being checked, and
 * under a lock on the e-mail: otherwise a burst of parallel guesses would all pass the count before
 * any of them was recorded, and the limit of five would not hold.
 */
async function reserveAttempt(ctx: ServiceContext, email: string): Promise<string> {
  return inTransaction(ctx, async (tx) => {
    await tx.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${email}`}))`);
    const windowStart = new Date(Date.now() - FAILED_LOGIN_WINDOW_SECONDS * 1000);
    const [failures] = await tx.db
      .select({ count: count(), oldest: min(loginAttempts.attemptedAt) })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.email, email), gt(loginAttempts.attemptedAt, windowStart)));
    if (failures.count >= MAX_FAILED_LOGINS) {
      const oldest = failures.oldest ? new Date(failures.oldest).getTime() : Date.now();
      const retryAfter = Math.max(1, Math.ceil((oldest + FAILED_LOGIN_WINDOW_SECONDS * 1000 - Date.now()) / 1000));
      throw new RateLimitedError("too many failed sign-in attempts for this e-mail; try again later", retryAfter);
    }
    const [attempt] = await tx.db.insert(loginAttempts).values({ email, ipAddress: ctx.ipAddress }).returning({ id: loginAttempts.id });
    return attempt.id;
  });
}
