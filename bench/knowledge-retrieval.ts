// knowledge-retrieval: the knowledge module's top-5 retrieval (`nearestFragments`, the code the chat
// runs) on 20,000 fragments of local embeddings spread unevenly over four companies, on the PostgreSQL
// server with the project's HNSW index (halfvec_cosine_ops, m = 32, ef_construction = 128 as in the
// migration, or BENCH_HNSW_WITH; the query sets ef_search (KNOWLEDGE_EF_SEARCH) and the iterative scan).
// No service is needed: the scenario migrates a fresh database itself, loads the fragments in multi-row
// inserts with the index dropped, builds the index once, as one would for a bulk load, and then times
// one query after another, three ways: as the chat runs it (exact for a company of up to
// EXACT_SCAN_LIMIT fragments, through the index beyond), through the HNSW index for every company, and
// exact. Recall@5 compares each answer with the exact scan of the same company's fragments.
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { migrateDatabase, openDatabase, type Database } from "@/db";
import { companies, knowledgeDocuments, knowledgeFragments } from "@/db/schema";
import { localEmbedding } from "@/lib/knowledge/local-embedding";
import { KNOWLEDGE_AUDIENCES } from "@/lib/knowledge/audience";
import {
  efSearch,
  EXACT_SCAN_LIMIT,
  nearestFragments,
  RETRIEVED_FRAGMENTS,
  type RetrievedFragment,
} from "@/lib/knowledge/nearest-fragments";
import { createFreshDatabase } from "./lib/database";
import type { LoadResult } from "./lib/load";
import type { Scenario } from "./lib/scenario";
import { summarizeLatencies } from "./lib/stats";

const FRAGMENTS = 20_000;
const FRAGMENTS_PER_DOCUMENT = 20;
// Uneven on purpose: a small company beside large ones is where a filtered HNSW scan loses rows.
const COMPANY_SHARES = [0.5, 0.25, 0.15, 0.1];
const QUERIES = 200;
const WARMUP_QUERIES = 20;
const INSERT_BATCH = 250;
const WORDS_PER_FRAGMENT = 180;
const TARGET_P95_MS = 50;
const TARGET_RECALL = 0.95;
// ann-benchmarks' convention: a returned fragment counts when it is no farther than the exact 5th
// nearest (within this margin, about half-precision rounding); random texts leave near ties behind the first.
const TIE_MARGIN = 1e-3;
// The index's build parameters, as in the migration unless BENCH_HNSW_WITH says otherwise (e.g.
// "m = 24, ef_construction = 128"), to try a build before changing the migration.
const HNSW_WITH = process.env.BENCH_HNSW_WITH ?? "m = 32, ef_construction = 128";

/** A seeded generator (mulberry32), so every run loads the same texts and asks the same questions. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BASE_WORDS = (
  "policy cover insured premium claim beneficiary funeral repatriation remains coffin burial cremation urn hearse wake " +
  "waiting period accident illness suicide exclusion schedule renewal lapse grace reinstatement cancellation refund " +
  "certificate death medical document identity invoice receipt transfer bank account card debit cash agency seller " +
  "spouse partner child parent mother father heir guardian family member age band entry limit sum benefit advance " +
  "airline flight ticket hotel airport consular customs permit autopsy police embalming cemetery crematorium " +
  "complaint ombudsman regulator portal assistance line case manager provider country residence origin nationality " +
  "month year day week notice written signed approval review decision payment amount currency dollar peso"
).split(" ");
const SYLLABLES = "ka lo mi ne ru sa ti vo pe da fi gu ho ja xe zu be co".split(" ");

/** 3,000 words: the insurance vocabulary above and made-up words, drawn with a Zipf-like skew as in real text. */
function vocabulary(next: () => number): string[] {
  const words = new Set(BASE_WORDS);
  while (words.size < 3000) {
    const length = 2 + Math.floor(next() * 3);
    words.add(Array.from({ length }, () => SYLLABLES[Math.floor(next() * SYLLABLES.length)]).join(""));
  }
  return [...words];
}

function zipfPicker(size: number, next: () => number): () => number {
  const cumulative = new Float64Array(size);
  let total = 0;
  for (let rank = 0; rank < size; rank++) cumulative[rank] = total += 1 / (rank + 1);
  return () => {
    const target = next() * total;
    let low = 0;
    let high = size - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle] < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

function latencyResult(samples: number[]): LoadResult {
  const seconds = samples.reduce((sum, value) => sum + value, 0) / 1000;
  return {
    ...summarizeLatencies(samples),
    requests: samples.length,
    errors: 0,
    seconds,
    requestsPerSecond: samples.length / seconds,
    errorSamples: [],
  };
}

/** The scan nearestFragments's query gets for a company, under the settings nearestFragments leaves. */
async function planOf(db: Database, companyId: string, embedding: number[]): Promise<string> {
  const vector = `[${embedding.join(",")}]`;
  return db.transaction(async (tx) => {
    await nearestFragments(tx, { companyId, audiences: KNOWLEDGE_AUDIENCES }, embedding);
    const rows = (await tx.execute(
      sql`explain select id from knowledge_fragments where company_id = ${companyId} order by embedding <=> ${vector}::halfvec limit ${RETRIEVED_FRAGMENTS}`,
    )) as unknown as { "QUERY PLAN": string }[];
    return (
      rows
        .map((row) => row["QUERY PLAN"])
        .find((line) => /Scan/.test(line))
        ?.trim()
        .replace(/\s+\(cost.*$/, "") ?? "?"
    );
  });
}

export const knowledgeRetrieval: Scenario = {
  name: "knowledge-retrieval",
  async run(_settings, cleanup, log) {
    const databaseUrl = await createFreshDatabase(cleanup, "bench_knowledge_retrieval");
    const connection = await openDatabase(databaseUrl);
    cleanup.add("close the database pool", () => connection.close());
    await migrateDatabase(connection);
    const { db } = connection;
    log(`database ${new URL(databaseUrl).pathname.slice(1)} created and migrated`);

    const next = random(20_260_601);
    const words = vocabulary(next);
    const pick = zipfPicker(words.length, next);
    const companyIds = (
      await db
        .insert(companies)
        .values(COMPANY_SHARES.map((_, index) => ({ name: `Bench knowledge ${index + 1}` })))
        .returning({ id: companies.id })
    ).map(({ id }) => id);

    // Texts and their embeddings, company by company, a document every 20 fragments.
    const started = performance.now();
    const fragmentsByCompany: string[][] = companyIds.map(() => []);
    const rows: (typeof knowledgeFragments.$inferInsert)[] = [];
    for (const [companyIndex, companyId] of companyIds.entries()) {
      const count = Math.round(FRAGMENTS * COMPANY_SHARES[companyIndex]);
      for (let first = 0; first < count; first += FRAGMENTS_PER_DOCUMENT) {
        const [document] = await db
          .insert(knowledgeDocuments)
          .values({
            companyId,
            title: `Bench document ${companyIndex + 1}-${first / FRAGMENTS_PER_DOCUMENT + 1}`,
            content: "(bench)",
            source: "TEXT",
            chunkCount: FRAGMENTS_PER_DOCUMENT,
          })
          .returning({ id: knowledgeDocuments.id });
        for (let position = 0; position < Math.min(FRAGMENTS_PER_DOCUMENT, count - first); position++) {
          const content = Array.from({ length: WORDS_PER_FRAGMENT }, () => words[pick()]).join(" ");
          fragmentsByCompany[companyIndex].push(content);
          rows.push({ documentId: document.id, companyId, position, content, embedding: localEmbedding(content) });
        }
      }
    }
    const embedded = performance.now();
    log(`${rows.length} fragments generated and embedded in ${((embedded - started) / 1000).toFixed(1)} s`);

    // Bulk load without the index, then build it once (a build is much faster than 20,000 inserts into the graph).
    await db.execute(sql`drop index knowledge_fragments_embedding_idx`);
    for (let offset = 0; offset < rows.length; offset += INSERT_BATCH) {
      await db.insert(knowledgeFragments).values(rows.slice(offset, offset + INSERT_BATCH));
    }
    rows.length = 0;
    const loaded = performance.now();
    log(`inserted in ${((loaded - embedded) / 1000).toFixed(1)} s; building the HNSW index`);
    await db.transaction(async (tx) => {
      // The graph of 20,000 half-precision 3,072-dimension vectors (about 130 MB) is built in memory.
      await tx.execute(sql`set local maintenance_work_mem = '512MB'`);
      await tx.execute(
        sql`create index knowledge_fragments_embedding_idx on knowledge_fragments using hnsw (embedding halfvec_cosine_ops) with (${sql.raw(HNSW_WITH)})`,
      );
    });
    await db.execute(sql`analyze knowledge_fragments`);
    const indexed = performance.now();
    log(`index built in ${((indexed - loaded) / 1000).toFixed(1)} s`);

    // Questions: eight of the less common words of one of the company's fragments and two common ones,
    // as a question shares its telling words with the passage that answers it.
    const rank = new Map(words.map((word, index) => [word, index]));
    const queries = Array.from({ length: WARMUP_QUERIES + QUERIES }, () => {
      const companyIndex = Math.floor(next() * companyIds.length);
      const texts = fragmentsByCompany[companyIndex];
      const source = texts[Math.floor(next() * texts.length)];
      const telling = [...new Set(source.split(" ").filter((word) => rank.get(word)! >= 100))]
        .sort(() => next() - 0.5)
        .slice(0, 8);
      const text = [...telling, words[Math.floor(next() * 20)], words[Math.floor(next() * 20)]].join(" ");
      return { companyId: companyIds[companyIndex], embedding: localEmbedding(text), source };
    });

    // Each query three ways: as the chat runs it, through the HNSW index whatever the company's size, and
    // the exact top 5 (index scans off).
    const planned: number[] = [];
    const forced: number[] = [];
    const exactLatencies: number[] = [];
    const found = { planned: 0, plannedWithinDistance: 0, forced: 0, forcedWithinDistance: 0 };
    // The fragment each question was drawn from: with random texts the other four of the exact top 5
    // are nearly tied, so this says whether the answer a reader wants came back.
    const sourceFound = { forced: 0, exact: 0 };
    for (const [index, query] of queries.entries()) {
      const t0 = performance.now();
      const asPlanned = await nearestFragments(
        db,
        { companyId: query.companyId, audiences: KNOWLEDGE_AUDIENCES },
        query.embedding,
      );
      const t1 = performance.now();
      const throughIndex = await nearestFragments(
        db,
        { companyId: query.companyId, audiences: KNOWLEDGE_AUDIENCES },
        query.embedding,
        { exactScanLimit: 0 },
      );
      const t2 = performance.now();
      const vector = `[${query.embedding.join(",")}]`;
      const exact = await db.transaction(async (tx) => {
        // With index scans off the planner must read every fragment of the company and sort: the true top 5.
        await tx.execute(sql`set local enable_indexscan = off`);
        const rows = (await tx.execute(
          sql`select id, content, embedding <=> ${vector}::halfvec as distance from knowledge_fragments where company_id = ${query.companyId} order by 3 limit ${RETRIEVED_FRAGMENTS}`,
        )) as unknown as { id: string; content: string; distance: number }[];
        if (rows.some((row) => row.content === query.source)) sourceFound.exact += index < WARMUP_QUERIES ? 0 : 1;
        return rows;
      });
      const t3 = performance.now();
      if (index < WARMUP_QUERIES) continue;
      planned.push(t1 - t0);
      forced.push(t2 - t1);
      exactLatencies.push(t3 - t2);
      const overlap = (answer: { fragmentId: string }[]) => {
        const returned = new Set(answer.map(({ fragmentId }) => fragmentId));
        return exact.filter(({ id }) => returned.has(id)).length;
      };
      found.planned += overlap(asPlanned);
      found.forced += overlap(throughIndex);
      const fifth = Number(exact[exact.length - 1].distance);
      const withinDistance = (answer: RetrievedFragment[]) =>
        answer.filter(({ score }) => 1 - score <= fifth + TIE_MARGIN).length;
      found.forcedWithinDistance += withinDistance(throughIndex);
      found.plannedWithinDistance += withinDistance(asPlanned);
      if (throughIndex.some(({ content }) => content === query.source)) sourceFound.forced++;
    }
    const recall = found.forcedWithinDistance / (QUERIES * RETRIEVED_FRAGMENTS);
    const strictRecall = found.forced / (QUERIES * RETRIEVED_FRAGMENTS);
    const plannedRecall = found.plannedWithinDistance / (QUERIES * RETRIEVED_FRAGMENTS);
    const hnsw = latencyResult(forced);
    const asPlanned = latencyResult(planned);
    const exact = latencyResult(exactLatencies);
    const plans = await Promise.all(
      companyIds.map(
        async (companyId, index) =>
          `${Math.round(COMPANY_SHARES[index] * 100)}%: ${await planOf(db, companyId, queries[0].embedding)}`,
      ),
    );

    return {
      title: `top-${RETRIEVED_FRAGMENTS} retrieval (nearestFragments) on ${FRAGMENTS.toLocaleString("en")} fragments of 4 companies, ${QUERIES} queries one at a time`,
      measurements: [
        { label: "as the chat runs it (nearestFragments)", result: asPlanned },
        { label: "HNSW index for every company", result: hnsw },
        { label: "reference: exact scan", result: exact },
      ],
      notes: [
        `recall@${RETRIEVED_FRAGMENTS} against the exact scan, by distance (within ${TIE_MARGIN} of the exact 5th): as the chat runs it ${plannedRecall.toFixed(3)}; through the HNSW index ${recall.toFixed(3)} (${strictRecall.toFixed(3)} by identical fragments)`,
        `the fragment each question was drawn from is in the top ${RETRIEVED_FRAGMENTS}: ${sourceFound.forced}/${QUERIES} through the HNSW index, ${sourceFound.exact}/${QUERIES} in the exact scan`,
        `load: embedding ${((embedded - started) / 1000).toFixed(1)} s, inserts ${((loaded - embedded) / 1000).toFixed(1)} s, HNSW build ${((indexed - loaded) / 1000).toFixed(1)} s (${HNSW_WITH}); ef_search ${efSearch()}, iterative scan relaxed_order`,
        `scans of nearestFragments's query by company share (exact up to ${EXACT_SCAN_LIMIT.toLocaleString("en")} fragments): ${plans.join("; ")}`,
      ],
      checks: [
        {
          label: `HNSW index: p95 ${hnsw.p95.toFixed(1)} ms under ${TARGET_P95_MS} ms`,
          pass: hnsw.p95 < TARGET_P95_MS,
        },
        {
          label: `HNSW index: recall@${RETRIEVED_FRAGMENTS} ${recall.toFixed(3)} at least ${TARGET_RECALL}`,
          pass: recall >= TARGET_RECALL,
        },
        {
          label: `as the chat runs it: p95 ${asPlanned.p95.toFixed(1)} ms under ${TARGET_P95_MS} ms`,
          pass: asPlanned.p95 < TARGET_P95_MS,
        },
        {
          label: `as the chat runs it: recall@${RETRIEVED_FRAGMENTS} ${plannedRecall.toFixed(3)} at least ${TARGET_RECALL}`,
          pass: plannedRecall >= TARGET_RECALL,
        },
      ],
    };
  },
};
