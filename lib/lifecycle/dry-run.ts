import type { ServiceContext } from "@/lib/context";

// A preview (`?dry_run=true`): the verb runs as it would, in a transaction that is then rolled back, so
// the answer is exactly the one a real call would give and nothing is stored. Events it queued for after
// the commit are dropped with it. Calls outside the database (the card processor) are the verb's to skip.

class RolledBack<T> extends Error {
  constructor(readonly result: T) {
    super("dry run rolled back");
  }
}

/** Runs `fn` in a transaction (a savepoint inside the caller's) that is always rolled back; its result. */
export async function withoutStoring<T>(ctx: ServiceContext, fn: (tx: ServiceContext) => Promise<T>): Promise<T> {
  try {
    await ctx.db.transaction(async (db) => {
      throw new RolledBack(await fn({ ...ctx, db, pendingEvents: [] }));
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.result as T;
    throw error;
  }
  throw new Error("unreachable: a dry run always rolls back");
}
