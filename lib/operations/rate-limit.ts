import { lte, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { rateLimitCounters } from "@/db/schema";
import { RateLimitedError } from "@/lib/errors";

/**
 * A fixed-window counter in the database, so the limit holds across server processes. One statement
 * increments and reads, so concurrent requests cannot both slip under the limit. Each counter carries
 * the end of its window, from which the sweep (sweepRateLimitCounters) deletes it.
 */
export async function consumeRateLimit(
  db: DbOrTx,
  input: { key: string; limit: number; windowSeconds: number; message: string },
): Promise<void> {
  const windowMs = input.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
  const expiresAt = new Date(windowStart.getTime() + windowMs);
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key: input.key, windowStart, count: 1, expiresAt })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ count: rateLimitCounters.count });
  if (row.count > input.limit) {
    const retryAfter = Math.max(1, Math.ceil((expiresAt.getTime() - Date.now()) / 1000));
    throw new RateLimitedError(input.message, retryAfter);
  }
}

/** How many rows one statement of a sweep deletes: short statements, so a large backlog never holds a long lock. */
export const SWEEP_BATCH_SIZE = 5000;

/**
 * Runs `deleteBatch` (a delete of at most SWEEP_BATCH_SIZE rows, returning them) until a batch comes back
 * short; how many rows went in all.
 */
export async function deleteInBatches(deleteBatch: () => Promise<unknown[]>): Promise<number> {
  let deleted = 0;
  for (;;) {
    const rows = await deleteBatch();
    deleted += rows.length;
    if (rows.length < SWEEP_BATCH_SIZE) return deleted;
  }
}

/**
 * Deletes the counters whose window has ended; how many went. An ended window is never counted again
 * (the next request starts a new row), so nothing races the delete.
 */
export function sweepRateLimitCounters(db: DbOrTx, now: Date = new Date()): Promise<number> {
  const { key, windowStart, expiresAt } = rateLimitCounters;
  return deleteInBatches(() =>
    db
      .delete(rateLimitCounters)
      .where(
        sql`(${key}, ${windowStart}) in (${db.select({ key, windowStart }).from(rateLimitCounters).where(lte(expiresAt, now)).limit(SWEEP_BATCH_SIZE)})`,
      )
      .returning({ key }),
  );
}
