import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { claimNumberCounters } from "@/db/schema";

/** "CLM-2026-000123": the claim number's shape, for pages and searches that recognise one. */
export const CLAIM_NUMBER_PATTERN = /^CLM-\d{4}-\d{6,}$/;

/**
 * The company's next claim number of the year, "CLM-2026-000123". The same counter as policy numbers
 * (lib/emission/policy-numbers.ts), kept per company: the row is incremented in the opening transaction and
 * stays locked until it commits, so concurrent claims take turns, numbers are unique and sequential within
 * the company, and a rolled-back claim gives its number back.
 */
export async function nextClaimNumber(db: DbOrTx, companyId: string, year: number): Promise<string> {
  const [claimNumber] = await nextClaimNumbers(db, companyId, year, 1);
  return claimNumber;
}

/** The company's next `n` claim numbers of the year, in order, taken from the counter in one step. */
export async function nextClaimNumbers(db: DbOrTx, companyId: string, year: number, n: number): Promise<string[]> {
  if (n === 0) return [];
  const [{ lastValue }] = await db
    .insert(claimNumberCounters)
    .values({ companyId, year, lastValue: n })
    .onConflictDoUpdate({
      target: [claimNumberCounters.companyId, claimNumberCounters.year],
      set: { lastValue: sql`${claimNumberCounters.lastValue} + ${n}` },
    })
    .returning({ lastValue: claimNumberCounters.lastValue });
  return Array.from({ length: n }, (_, at) => formatClaimNumber(year, lastValue - n + 1 + at));
}

export function formatClaimNumber(year: number, sequence: number): string {
  return `CLM-${year}-${String(sequence).padStart(6, "0")}`;
}
