import { sql, type AnyColumn, type SQL } from "drizzle-orm";

/**
 * The retry schedule shared by the minute sweeps (outbox, CRM sync, processor events). The event path
 * makes its quick attempts first; after those the sweep waits 1, 2, 4, 8, 16, 32 minutes, then every
 * hour, so a provider that is down for hours still gets the work once it is back, and nothing is tried
 * more than once an hour while it stays down.
 */
export const SWEEP_BASE_DELAY_SECONDS = 60;
export const SWEEP_MAX_DELAY_SECONDS = 3600;

/** Seconds a row must rest after its last attempt before the sweep takes it again (pure, for tests and docs). */
export function sweepDelaySeconds(attempts: number, eventAttempts: number): number {
  return Math.min(SWEEP_MAX_DELAY_SECONDS, SWEEP_BASE_DELAY_SECONDS * 2 ** Math.max(attempts - eventAttempts, 0));
}

/**
 * True when the row last touched at `lastAttemptAt` after `attempts` attempts is due again: the same
 * schedule as sweepDelaySeconds, in SQL, measured with the database's clock.
 */
export function sweepDue(lastAttemptAt: AnyColumn | SQL, attempts: AnyColumn, eventAttempts: number): SQL {
  // Constants inlined (integers only), so no parameter needs its type guessed.
  const [max, base, fast] = [SWEEP_MAX_DELAY_SECONDS, SWEEP_BASE_DELAY_SECONDS, eventAttempts].map((n) =>
    sql.raw(String(Math.trunc(n))),
  );
  return sql`${lastAttemptAt} < now() - make_interval(secs => least(${max}, ${base} * power(2, greatest(${attempts} - ${fast}, 0))))`;
}
