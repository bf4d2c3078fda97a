import { sql } from "drizzle-orm";
import { getDb } from "@/db";

/** True when the database answers a trivial query within two seconds. */
export async function isDatabaseHealthy(): Promise<boolean> {
  try {
    const db = await getDb();
    const probe = db.execute(sql`select 1`);
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), 2000).unref());
    await Promise.race([probe, timeout]);
    return true;
  } catch {
    return false;
  }
}
