import { and, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { loginAttempts } from "@/db/schema";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { RateLimitedError } from "@/lib/errors";
import { deleteInBatches, SWEEP_BATCH_SIZE } from "@/lib/operations/rate-limit";

// The counting of sign-in attempts (trust section 6) for login.ts, and their sweep.

/** Failures of one e-mail from one address within the window; the next attempt of that pair is refused (429). */
export const MAX_FAILED_LOGINS = 5;
/** Failures from one address, whatever the e-mails, within the window; the next attempt from there is refused (429). */
export const MAX_FAILED_LOGINS_PER_ADDRESS = 50;
/** Failures of one e-mail from every address within the window above which each attempt of that e-mail waits. */
export const SLOWED_LOGINS_AFTER = 20;
export const FAILED_LOGIN_WINDOW_SECONDS = 15 * 60;
const SLOWDOWN_STEP_MS = 250;
const MAX_SLOWDOWN_MS = 5000;

// Attempts given back whose deletion has not gone through yet (the database was away). The next
// reservation deletes them before it counts: otherwise a login right after a restart counted the logins
// cut by the outage as failures, until the retry below came round.
const unreleased = new Set<string>();

/**
 * Gives back the place of an attempt whose check failed for a reason that is not the caller's (the
 * database going away): otherwise a database restart counted every login in flight as a failed one and
 * locked those users out for 15 minutes. Tried now and, while the database does not answer, every second
 * for half a minute; the next reservation of this process also deletes it first.
 */
export function releaseAttempt(ctx: ServiceContext, attemptId: string, triesLeft = 30): void {
  unreleased.add(attemptId);
  ctx.db
    .delete(loginAttempts)
    .where(eq(loginAttempts.id, attemptId))
    .then(
      () => unreleased.delete(attemptId),
      () => {
        if (triesLeft > 1) setTimeout(() => releaseAttempt(ctx, attemptId, triesLeft - 1), 1000).unref();
        else unreleased.delete(attemptId);
      },
    );
}

async function deleteUnreleased(db: DbOrTx): Promise<void> {
  if (unreleased.size === 0) return;
  const ids = [...unreleased];
  await db.delete(loginAttempts).where(inArray(loginAttempts.id, ids));
  for (const id of ids) unreleased.delete(id);
}

/** The wait of an attempt of an e-mail with `failures` recent failures from every address. */
export function slowdownMs(failures: number): number {
  return failures > SLOWED_LOGINS_AFTER
    ? Math.min(MAX_SLOWDOWN_MS, SLOWDOWN_STEP_MS * (failures - SLOWED_LOGINS_AFTER))
    : 0;
}

/**
 * Records the attempt before the password is checked, counting the attempts still being checked, and
 * under a lock on the client address: otherwise a burst of parallel guesses would all pass the count
 * before any of them was recorded, and the limits of the pair and of the address would not hold. The
 * per e-mail count only slows attempts down, so it needs no lock of its own. An unknown address (no
 * socket, as under `next dev`) is one bucket.
 */
export async function reserveAttempt(
  ctx: ServiceContext,
  email: string,
): Promise<{ attemptId: string; delayMs: number }> {
  const address = ctx.ipAddress;
  await deleteUnreleased(ctx.db);
  return inTransaction(ctx, async (tx) => {
    await tx.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`login-address:${address ?? ""}`}))`);
    const now = Date.now();
    const windowStart = new Date(now - FAILED_LOGIN_WINDOW_SECONDS * 1000);
    const fromAddress = address === null ? isNull(loginAttempts.ipAddress) : eq(loginAttempts.ipAddress, address);
    const ofEmail = eq(loginAttempts.email, email);
    const [failures] = await tx.db
      .select({
        pair: sql<number>`count(*) filter (where ${and(ofEmail, fromAddress)})::int`,
        pairOldest: sql<
          Date | string | null
        >`min(${loginAttempts.attemptedAt}) filter (where ${and(ofEmail, fromAddress)})`,
        address: sql<number>`count(*) filter (where ${fromAddress})::int`,
        addressOldest: sql<Date | string | null>`min(${loginAttempts.attemptedAt}) filter (where ${fromAddress})`,
        email: sql<number>`count(*) filter (where ${ofEmail})::int`,
      })
      .from(loginAttempts)
      .where(and(gt(loginAttempts.attemptedAt, windowStart), or(ofEmail, fromAddress)));
    if (failures.pair >= MAX_FAILED_LOGINS) {
      throw new RateLimitedError(
        "too many failed sign-in attempts for this e-mail from this address; try again later",
        retryAfter(failures.pairOldest, now),
      );
    }
    if (failures.address >= MAX_FAILED_LOGINS_PER_ADDRESS) {
      throw new RateLimitedError(
        "too many failed sign-in attempts from this address; try again later",
        retryAfter(failures.addressOldest, now),
      );
    }
    const [attempt] = await tx.db
      .insert(loginAttempts)
      .values({ email, ipAddress: address, attemptedAt: new Date(now) })
      .returning({ id: loginAttempts.id });
    return { attemptId: attempt.id, delayMs: slowdownMs(failures.email) };
  });
}

/** Seconds until the oldest counted failure leaves the window (the count is then under its limit again). */
function retryAfter(oldest: Date | string | null, now: number): number {
  const oldestMs = oldest ? new Date(oldest).getTime() : now;
  return Math.max(1, Math.ceil((oldestMs + FAILED_LOGIN_WINDOW_SECONDS * 1000 - now) / 1000));
}

/**
 * Deletes the attempts that have left the window: they no longer count for anything. The failures stay
 * in the audit log (USER_LOGIN_FAILED).
 */
export function sweepLoginAttempts(db: DbOrTx, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - FAILED_LOGIN_WINDOW_SECONDS * 1000);
  const expired = db
    .select({ id: loginAttempts.id })
    .from(loginAttempts)
    .where(lte(loginAttempts.attemptedAt, cutoff))
    .limit(SWEEP_BATCH_SIZE);
  return deleteInBatches(() =>
    db.delete(loginAttempts).where(inArray(loginAttempts.id, expired)).returning({ id: loginAttempts.id }),
  );
}
