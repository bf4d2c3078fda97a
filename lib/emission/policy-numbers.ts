import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { policyNumberCounters } from "@/db/schema";

/**
 * The next policy number of the year, "POL-2026-000042". The counter row is incremented in the issuing
 * transaction and stays locked until it commits, so concurrent issues take turns: numbers are unique and
 * sequential, and a rolled-back issue gives its number back.
 */
export async function nextPolicyNumber(db: DbOrTx, year: number): Promise<string> {
  const [policyNumber] = await nextPolicyNumbers(db, year, 1);
  return policyNumber;
}

/** The next `n` policy numbers of the year, in order, taken from the counter in one step. */
export async function nextPolicyNumbers(db: DbOrTx, year: number, n: number): Promise<string[]> {
  if (n === 0) return [];
  const [{ lastValue }] = await db
    .insert(policyNumberCounters)
    .values({ year, lastValue: n })
    .onConflictDoUpdate({
      target: policyNumberCounters.year,
      set: { lastValue: sql`${policyNumberCounters.lastValue} + ${n}` },
    })
    .returning({ lastValue: policyNumberCounters.lastValue });
  return Array.from({ length: n }, (_, at) => `POL-${year}-${String(lastValue - n + 1 + at).padStart(6, "0")}`);
}
