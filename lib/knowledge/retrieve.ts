import { cosineDistance, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { knowledgeDocuments, knowledgeFragments } from "@/db/schema";

export type RetrievedFragment = { fragmentId: string; documentId: string; title: string; content: string; score: number };

export const RETRIEVED_FRAGMENTS = 5;

/**
 * The nearest fragments of one company's knowledge by cosine distance. The company filter is inside the
 * SQL, so no other company's text can come back. HNSW filters after its index scan; pgvector 0.8's
 * iterative scan keeps scanning until enough rows of this company are found, so a company with few
 * fragments beside one with many still gets its full count.
 */
export async function nearestFragments(db: DbOrTx, companyId: string, embedding: number[], limit = RETRIEVED_FRAGMENTS): Promise<RetrievedFragment[]> {
  const distance = cosineDistance(knowledgeFragments.embedding, embedding);
  const rows = await db.transaction(async (tx) => {
    // Both settings in one round trip; `true` makes them local to this transaction, as SET LOCAL does.
    await tx.execute(sql`select set_config('hnsw.iterative_scan', 'relaxed_order', true), set_config('hnsw.ef_search', '100', true)`);
    return tx
      .select({
        fragmentId: knowledgeFragments.id,
        documentId: knowledgeFragments.documentId,
        title: knowledgeDocuments.title,
        content: knowledgeFragments.content,
        score: sql<number>`1 - (${distance})`,
      })
      .from(knowledgeFragments)
      .innerJoin(knowledgeDocuments, eq(knowledgeDocuments.id, knowledgeFragments.documentId))
      .where(eq(knowledgeFragments.companyId, companyId))
      .orderBy(distance)
      .limit(limit);
  });
  // A relaxed iterative scan may return its rows slightly out of order.
  return rows.map((row) => ({ ...row, score: Number(row.score) })).sort((a, b) => b.score - a.score);
}
