import { randomUUID } from "node:crypto";
import { count, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { chunksForInsert } from "@/db/chunks";
import { getDb } from "@/db";
import { knowledgeDocuments, knowledgeFragments } from "@/db/schema";
import { createTestCompany, signInAs, type SignedIn } from "@/test/fixtures";
import { KNOWLEDGE_AUDIENCES } from "../audience";
import { localEmbedding } from "../local-embedding";
import { nearestFragments, RETRIEVED_FRAGMENTS } from "../nearest-fragments";
import { addText, ask, repatriationWording } from "./helpers";

// Issue 7 point 2: one company's question never reaches another company's fragments. The company
// filter is inside the vector search's SQL, so this holds on PGlite and on the PostgreSQL server.

type Source = { document_id: string; fragment_id: string };

/** What a company's staff retrieve: both audiences of its knowledge. */
const staffOf = (companyId: string) => ({ companyId, audiences: KNOWLEDGE_AUDIENCES });

let companyA: string;
let companyB: string;
let adminA: SignedIn;
let adminB: SignedIn;
const documentsOf: Record<string, string[]> = {};

beforeAll(async () => {
  companyA = (await createTestCompany()).id;
  companyB = (await createTestCompany()).id;
  adminA = await signInAs("ADMIN", { companyId: companyA });
  adminB = await signInAs("ADMIN", { companyId: companyB });
  // Near-identical documents: B's are, if anything, closer to the questions asked below.
  for (const [admin, company, name] of [
    [adminA, companyA, "Alpha"],
    [adminB, companyB, "Alpha Beta"],
  ] as const) {
    documentsOf[company] = [
      (
        await addText(admin.token, {
          title: `${name} wording`,
          content: repatriationWording(name, 8),
          company_id: company,
        })
      ).id,
      (
        await addText(admin.token, {
          title: `${name} Ecuador annex`,
          content: `${name}: repatriation of remains to Ecuador is covered up to 7500 USD.`,
          company_id: company,
        })
      ).id,
    ];
  }
});

describe("knowledge isolation between companies", () => {
  it.each([
    ["A", () => ({ user: adminA, company: companyA, other: companyB })],
    ["B", () => ({ user: adminB, company: companyB, other: companyA })],
  ])("a question from company %s gets sources of its own documents only", async (_, who) => {
    const { user, company, other } = who();
    for (const question of [
      "Alpha Beta plan: is repatriation of remains to Ecuador covered?",
      "How long is the waiting period for repatriation after an illness in the Alpha Beta plan?",
      "Who pays the funeral home for the repatriation of remains?",
    ]) {
      const res = await ask(user.token, question, randomUUID());
      expect(res.status).toBe(200);
      const sources = res.body.sources as Source[];
      expect(sources.length).toBeGreaterThan(0);
      for (const source of sources) {
        expect(documentsOf[company], question).toContain(source.document_id);
        expect(documentsOf[other]).not.toContain(source.document_id);
      }
      const db = await getDb();
      const fragments = await db
        .select({ companyId: knowledgeFragments.companyId })
        .from(knowledgeFragments)
        .where(
          inArray(
            knowledgeFragments.id,
            sources.map((source) => source.fragment_id),
          ),
        );
      expect(fragments.map((fragment) => fragment.companyId)).toEqual(sources.map(() => company));
    }
  });

  it("retrieval itself filters by company: the nearest fragments overall are another company's", async () => {
    const db = await getDb();
    const embedding = localEmbedding("Alpha Beta: repatriation of remains to Ecuador is covered up to 7500 USD.");
    const fromA = await nearestFragments(db, staffOf(companyA), embedding);
    expect(fromA).toHaveLength(RETRIEVED_FRAGMENTS);
    expect(fromA.every((fragment) => documentsOf[companyA].includes(fragment.documentId))).toBe(true);
    // The very text asked is B's, and B gets it first.
    const fromB = await nearestFragments(db, staffOf(companyB), embedding);
    expect(fromB[0].documentId).toBe(documentsOf[companyB][1]);
    expect(fromB[0].score).toBeGreaterThan(fromA[0].score);
  });
});

/** The rows of a raw query, whichever driver answered (an array, or an object holding `rows`). */
function rowsOf(result: unknown): unknown[] {
  return Array.isArray(result) ? result : ((result as { rows: unknown[] }).rows ?? []);
}

// On the PostgreSQL server only: PGlite's HNSW index takes about 100 ms per 3,072-dimension insert, so
// 2,000 fragments there would take minutes. HNSW filters after its index scan; pgvector 0.8's iterative
// scan (retrieve.ts) keeps scanning until the company's rows are found.
if (process.env.TEST_DATABASE_URL) {
  describe("retrieval beside a much nearer company (PostgreSQL, HNSW iterative scan)", () => {
    it(
      "a company still gets its full 5 fragments beside 1,000 of another company's that are all nearer the question, through the HNSW index",
      { timeout: 240_000 },
      async () => {
        const db = await getDb();
        const big = (await createTestCompany()).id;
        const small = (await createTestCompany()).id;
        const bulk = async (companyId: string, text: (i: number) => string) => {
          const [document] = await db
            .insert(knowledgeDocuments)
            .values({
              companyId,
              title: `Bulk ${companyId.slice(0, 8)}`,
              content: "bulk",
              source: "TEXT",
              chunkCount: 1000,
            })
            .returning();
          const rows = Array.from({ length: 1000 }, (_, position) => ({
            documentId: document.id,
            companyId,
            position,
            content: text(position),
            embedding: localEmbedding(text(position)),
          }));
          for (const chunk of chunksForInsert(rows)) await db.insert(knowledgeFragments).values(chunk);
          return document.id;
        };
        await bulk(
          big,
          (i) => `Repatriation of remains by air to Quito, flight number ${i}, costs are covered up to 9000 USD.`,
        );
        const smallDocument = await bulk(
          small,
          (i) => `Cremation service clause ${i}: the urn and the ceremony; repatriation of ashes by courier.`,
        );
        const [{ total }] = await db
          .select({ total: count() })
          .from(knowledgeFragments)
          .where(inArray(knowledgeFragments.companyId, [big, small]));
        expect(total).toBe(2000);

        const question = localEmbedding("Repatriation of remains by air to Quito: are the flight costs covered?");
        const nearest = await nearestFragments(db, staffOf(small), question);
        expect(nearest).toHaveLength(RETRIEVED_FRAGMENTS);
        expect(nearest.every((fragment) => fragment.documentId === smallDocument)).toBe(true);

        // At this size retrieval reads the company's fragments exactly (EXACT_SCAN_LIMIT), which proves
        // nothing about HNSW. With sorting priced out the query must walk the HNSW index: without the
        // iterative scan the index's first candidates are all the other company's and the filter leaves
        // none; with it (as retrieve.ts sets it, here told to use the index at any size) the full 5 come back.
        await db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_sort = off`);
          await tx.execute(sql`set local hnsw.iterative_scan = off`);
          const vector = `[${question.join(",")}]`;
          const query = sql`select id from knowledge_fragments where company_id = ${small} order by embedding <=> ${vector}::halfvec(3072) limit 5`;
          const plan = JSON.stringify(rowsOf(await tx.execute(sql`explain ${query}`)));
          expect(plan).toContain("knowledge_fragments_embedding_idx");
          expect(rowsOf(await tx.execute(query)).length).toBeLessThan(RETRIEVED_FRAGMENTS);
          const throughHnsw = await nearestFragments(tx, staffOf(small), question, { exactScanLimit: 0 });
          expect(throughHnsw).toHaveLength(RETRIEVED_FRAGMENTS);
          expect(throughHnsw.every((fragment) => fragment.documentId === smallDocument)).toBe(true);
        });
        // Past its exact-scan limit, retrieval's own settings (local to its transaction) leave the planner
        // the HNSW index alone.
        await db.transaction(async (tx) => {
          expect(await nearestFragments(tx, staffOf(small), question, { exactScanLimit: 500 })).toHaveLength(
            RETRIEVED_FRAGMENTS,
          );
          const vector = `[${question.join(",")}]`;
          const plan = JSON.stringify(
            rowsOf(
              await tx.execute(
                sql`explain select id from knowledge_fragments where company_id = ${small} order by embedding <=> ${vector}::halfvec(3072) limit 5`,
              ),
            ),
          );
          expect(plan).toContain("knowledge_fragments_embedding_idx");
        });
        // Every one of the other company's fragments is nearer to this question than any of these.
        const others = await nearestFragments(db, staffOf(big), question);
        expect(Math.min(...others.map((fragment) => fragment.score))).toBeGreaterThan(
          Math.max(...nearest.map((fragment) => fragment.score)),
        );

        // And through the API: B's seller asks about its own clauses and gets 5 sources, all its own.
        const seller = await signInAs("VENDEDOR", { companyId: small });
        const res = await ask(
          seller.token,
          "Cremation service: the urn, the ceremony and repatriation of ashes",
          randomUUID(),
        );
        expect(res.status).toBe(200);
        expect(res.body.sources).toHaveLength(RETRIEVED_FRAGMENTS);
        expect((res.body.sources as Source[]).every((source) => source.document_id === smallDocument)).toBe(true);

        await db.delete(knowledgeDocuments).where(inArray(knowledgeDocuments.companyId, [big, small]));
        expect(
          await db
            .select({ id: knowledgeFragments.id })
            .from(knowledgeFragments)
            .where(eq(knowledgeFragments.companyId, small)),
        ).toEqual([]);
      },
    );
  });
}
