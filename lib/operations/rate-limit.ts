import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { rateLimitCounters } from "@/db/schema";
import { RateLimitedError } from "@/lib/errors";

/**
 * A fixed-window counter in the database, so the limit holds across server processes. One statement
 * increments and reads, so concurrent requests cannot both slip under the limit.
 */
export async function consumeRateLimit(
  db: DbOrTx,
  input: { key: string; limit: number; windowSeconds: number; message: string },
): Promise<void> {
  const windowMs = input.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key: input.key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ count: rateLimitCounters.count });
  if (row.count > input.limit) {
    const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - Date.now()) / 1000));
    throw new RateLimitedError(input.message, retryAfter);
  }
}
