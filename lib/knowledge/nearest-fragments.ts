import { and, cosineDistance, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { KNOWLEDGE_AUDIENCES, knowledgeDocuments, knowledgeFragments, type KnowledgeAudience } from "@/db/schema";

export type RetrievedFragment = {
  fragmentId: string;
  documentId: string;
  title: string;
  content: string;
  score: number;
};

export const RETRIEVED_FRAGMENTS = 5;

/**
 * Up to this many fragments, a company's nearest fragments are found by reading all of them (exact, and a
 * few milliseconds); beyond it, through the HNSW index. PostgreSQL's planner alone keeps the exact scan
 * far beyond this point, because it cannot tell how many rows of one company the filtered index scan
 * must visit, and an exact scan of 10,000 fragments takes over 100 ms.
 */
export const EXACT_SCAN_LIMIT = 2_000;

/**
 * The HNSW candidate list per search (pgvector's default is 40). With the index built at m = 32 and
 * ef_construction = 128 (migration 0004), 1,000 finds at least 95% of the exact top 5 on 20,000 fragments
 * in under 50 ms (`npm run bench knowledge-retrieval`). KNOWLEDGE_EF_SEARCH trades recall for speed.
 */
export function efSearch(): number {
  const configured = Number(process.env.KNOWLEDGE_EF_SEARCH);
  return Number.isInteger(configured) && configured >= 1 && configured <= 1000 ? configured : 1000;
}

/**
 * What a reader may retrieve: one company's fragments of the given audiences (trust.md section 5: staff
 * read both, a client only CLIENTS). Always named by the caller, so nothing defaults to everything.
 */
export type KnowledgeScope = { companyId: string; audiences: readonly KnowledgeAudience[] };

/** The WHERE condition of a scope; both audiences need no audience filter (the company's whole knowledge). */
function inScope({ companyId, audiences }: KnowledgeScope): SQL | undefined {
  const everyAudience = KNOWLEDGE_AUDIENCES.every((audience) => audiences.includes(audience));
  return and(
    eq(knowledgeFragments.companyId, companyId),
    everyAudience ? undefined : inArray(knowledgeFragments.audience, [...audiences]),
  );
}

/**
 * The nearest fragments of one company's knowledge, of the scope's audiences, by cosine distance. The
 * company and audience filter is inside the SQL, so no other company's (or audience's) text can come back.
 * HNSW filters after its index scan; pgvector 0.8's iterative scan keeps scanning until enough rows of
 * this scope are found, so a company with few fragments beside one with many still gets its full count.
 */
export async function nearestFragments(
  db: DbOrTx,
  scope: KnowledgeScope,
  embedding: number[],
  { exactScanLimit = EXACT_SCAN_LIMIT }: { exactScanLimit?: number } = {},
): Promise<RetrievedFragment[]> {
  if (scope.audiences.length === 0) return [];
  const where = inScope(scope);
  const distance = cosineDistance(knowledgeFragments.embedding, embedding);
  const rows = await db.transaction(async (tx) => {
    // One round trip sets everything, local to this transaction (`true`, as SET LOCAL): the index's
    // settings, and, for a company past the exact-scan limit, no sequential or bitmap scans and no sort, which
    // leaves the planner the HNSW index alone.
    await tx.execute(sql`
      with company as (
        select count(*) > ${exactScanLimit} as large
        from (select 1 from ${knowledgeFragments} where ${where} limit ${exactScanLimit + 1}) as fragments
      )
      select set_config('hnsw.iterative_scan', 'relaxed_order', true), set_config('hnsw.ef_search', ${String(efSearch())}, true),
        set_config('enable_seqscan', case when large then 'off' else 'on' end, true),
        set_config('enable_bitmapscan', case when large then 'off' else 'on' end, true),
        set_config('enable_sort', case when large then 'off' else 'on' end, true)
      from company`);
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
      .where(where)
      .orderBy(distance)
      .limit(RETRIEVED_FRAGMENTS);
  });
  // A relaxed iterative scan may return its rows slightly out of order.
  return rows.map((row) => ({ ...row, score: Number(row.score) })).sort((a, b) => b.score - a.score);
}
