import { sql } from "drizzle-orm";
import { getDb } from "@/db";

/** True when the database answers a trivial query within two seconds. */
export async function isDatabaseHealthy(): Promise<boolean> {
  try {
    const db = await getDb();
    const probe = db.execute(sql`select 1`);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>(
      (_, reject) => (timer = setTimeout(() => reject(new Error("timeout")), 2000).unref()),
    );
    // The timer goes as soon as the answer is in: left running, every check kept one for two seconds.
    await Promise.race([probe, timeout]).finally(() => clearTimeout(timer));
    return true;
  } catch {
    return false;
  }
}
