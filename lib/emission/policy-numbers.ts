import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { policyNumberCounters } from "@/db/schema";

/**
 * The next policy number of the year, "POL-2026-000042". The counter row is incremented in the issuing
 * transaction and stays locked until it commits, so concurrent issues take turns: numbers are unique and
 * sequential, and a rolled-back issue gives its number back.
 */
export async function nextPolicyNumber(db: DbOrTx, year: number): Promise<string> {
  const [{ lastValue }] = await db
    .insert(policyNumberCounters)
    .values({ year, lastValue: 1 })
    .onConflictDoUpdate({
      target: policyNumberCounters.year,
      set: { lastValue: sql`${policyNumberCounters.lastValue} + 1` },
    })
    .returning({ lastValue: policyNumberCounters.lastValue });
  return `POL-${year}-${String(lastValue).padStart(6, "0")}`;
}
