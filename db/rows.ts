import type { SQL } from "drizzle-orm";
import type { DbOrTx } from "./index";

/** The rows of a raw query, whichever driver ran it (postgres-js answers an array, PGlite `{rows}`). */
export async function rowsOf<T extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}
