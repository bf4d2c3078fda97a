import type { DbOrTx } from "@/db";
import { chunksForInsert } from "@/db/chunks";
import { policyTerms, type Beneficiary, type Policy } from "@/db/schema";

/** A term's lives as stored on its row and returned by GET .../terms. */
export type TermLife = { beneficiary_id: string; age: number; price: string };

/**
 * Records the policy's current term (lifecycle.md section 5): its dates, version, premium and the lives
 * priced in it. Written at issue, at each renewal and at import.
 */
export async function recordTerm(db: DbOrTx, policy: Policy, lives: Beneficiary[]): Promise<void> {
  await recordTerms(db, [{ policy, lives }]);
}

/** recordTerm for many policies, many rows per statement (the import of a book). */
export async function recordTerms(db: DbOrTx, terms: Array<{ policy: Policy; lives: Beneficiary[] }>): Promise<void> {
  const rows = terms.map(({ policy, lives }) => ({
    policyId: policy.id,
    termNumber: policy.termNumber,
    startDate: policy.termStartDate,
    endDate: policy.endDate,
    planVersionId: policy.planVersionId,
    premium: policy.finalPrice,
    lives: lives
      .filter((life) => life.coverEndDate === null)
      .map((life): TermLife => ({ beneficiary_id: life.id, age: life.ageAtTermStart, price: life.price })),
  }));
  for (const chunk of chunksForInsert(rows)) await db.insert(policyTerms).values(chunk);
}
