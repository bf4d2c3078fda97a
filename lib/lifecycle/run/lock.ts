import { sql } from "drizzle-orm";
import postgres from "postgres";
import { getConnection } from "@/db";
import { ConflictError } from "@/lib/errors";

// One lifecycle run at a time (lifecycle.md section 4: a second run answers 409 at once). On PostgreSQL a
// session advisory lock on a connection of its own, so that two server processes exclude each other and a
// crashed run lets go when its session ends; the run's own transactions stay short on the pool. Embedded
// PGlite is one process and one connection: a flag in the process is enough there.

/** The advisory lock's key (db/index.ts takes 727274 for migrations). */
export const LIFECYCLE_LOCK_KEY = 727275;

const state = globalThis as typeof globalThis & { __coverLifecycleRunning?: boolean };

function inProgress(): ConflictError {
  return new ConflictError("a lifecycle run is in progress");
}

/** Runs `fn` holding the lifecycle lock; 409 at once when another run holds it. */
export async function withLifecycleLock<T>(fn: () => Promise<T>): Promise<T> {
  const connection = await getConnection();
  if (connection.driver === "postgres") {
    const session = postgres(connection.url!, { max: 1, onnotice: () => {} });
    try {
      const [{ locked }] = await session<
        { locked: boolean }[]
      >`select pg_try_advisory_lock(${LIFECYCLE_LOCK_KEY}) as locked`;
      if (!locked) throw inProgress();
      // Ending the session below releases the lock.
      return await fn();
    } finally {
      await session.end();
    }
  }
  if (state.__coverLifecycleRunning) throw inProgress();
  state.__coverLifecycleRunning = true;
  try {
    return await fn();
  } finally {
    state.__coverLifecycleRunning = false;
  }
}

/** Whether a lifecycle run holds the lock now, in this process or (on PostgreSQL) any other. */
export async function lifecycleRunInProgress(): Promise<boolean> {
  const connection = await getConnection();
  if (connection.driver !== "postgres") return Boolean(state.__coverLifecycleRunning);
  // A bigint advisory key shows in pg_locks as its high and low 32 bits (classid, objid), objsubid 1.
  const result = (await connection.db.execute(
    sql`select exists (select 1 from pg_locks where locktype = 'advisory' and granted and classid = 0
        and objid = ${LIFECYCLE_LOCK_KEY} and objsubid = 1) as running`,
  )) as unknown as Array<{ running: boolean }>;
  return Boolean(result[0]?.running);
}
