// The render loop of the certificate benchmark (bench/certificate.ts), run in a process of its own from an
// ES-module bundle of this file: `node --expose-gc renders.mjs <renders> <warm-up renders> <memory samples>
// <lives,lives,...> <renders per size>`, against DATABASE_URL. It prints its figures as JSON on stdout.
import { count, eq } from "drizzle-orm";
import { getConnection, getDb, migrateDatabase } from "@/db";
import { beneficiaries, policies } from "@/db/schema";
import { seedDatabase } from "@/db/seed";
import { type CertificateData, loadCertificateData } from "@/lib/emission/certificate/certificate-data";
import { renderCertificate } from "@/lib/emission/certificate/render-certificate";

export type Memory = { heapUsed: number; rss: number };
/** Renders of the demo policy's certificate grown to `lives` people, after one render of that size to warm up. */
export type LargeRenders = { lives: number; pages: number; pdfBytes: number; renderMs: number[] };
export type RenderFigures = {
  policyNumber: string;
  beneficiaries: number;
  pdfBytes: number;
  loadMs: number[];
  renderMs: number[];
  gcExposed: boolean;
  memory: { start: Memory; afterWarmup: Memory; samples: Memory[]; end: Memory };
  large: LargeRenders[];
};

function memoryNow(): Memory {
  // Twice: the first pass can leave objects with finalizers for the second.
  globalThis.gc?.();
  globalThis.gc?.();
  const { heapUsed, rss } = process.memoryUsage();
  return { heapUsed, rss };
}

/** Renders the certificate of the database's one policy (the demo data's), timing the data load and the render apart. */
async function measureRenders(renders: number, warmupRenders: number, sampleEvery: number): Promise<RenderFigures> {
  const db = await getDb();
  const [policy] = await db.select({ id: policies.id, policyNumber: policies.policyNumber }).from(policies).limit(1);
  const [{ people }] = await db
    .select({ people: count() })
    .from(beneficiaries)
    .where(eq(beneficiaries.policyId, policy.id));
  const renderOnce = async () => {
    const loadStart = performance.now();
    const data = await loadCertificateData(db, policy.id);
    const renderStart = performance.now();
    const pdf = await renderCertificate(data);
    return { loadMs: renderStart - loadStart, renderMs: performance.now() - renderStart, bytes: pdf.length };
  };

  const start = memoryNow();
  for (let index = 0; index < warmupRenders; index++) await renderOnce();
  const afterWarmup = memoryNow();
  const loadMs: number[] = [];
  const renderMs: number[] = [];
  const samples: Memory[] = [];
  let pdfBytes = 0;
  for (let index = 1; index <= renders; index++) {
    const one = await renderOnce();
    loadMs.push(one.loadMs);
    renderMs.push(one.renderMs);
    pdfBytes = one.bytes;
    if (index % sampleEvery === 0) samples.push(memoryNow());
  }
  const end = memoryNow();
  return {
    policyNumber: policy.policyNumber,
    beneficiaries: people,
    pdfBytes,
    loadMs,
    renderMs,
    gcExposed: typeof globalThis.gc === "function",
    memory: { start, afterWarmup, samples, end },
    large: [],
  };
}

/** The data with its people repeated (each name numbered) up to `lives`: a policy as long as a bulk upload makes. */
function withLives(data: CertificateData, lives: number): CertificateData {
  const people = Array.from({ length: lives }, (_, index) => {
    const person = data.beneficiaries[index % data.beneficiaries.length];
    return { ...person, name: `${person.name} ${index + 1}` };
  });
  return { ...data, beneficiaries: people };
}

/** Renders of long certificates, `renders` of each size after one to warm up: time per life must stay flat as lives grow. */
async function measureLargeRenders(sizes: number[], renders: number): Promise<LargeRenders[]> {
  const db = await getDb();
  const [policy] = await db.select({ id: policies.id }).from(policies).limit(1);
  const data = await loadCertificateData(db, policy.id);
  const figures: LargeRenders[] = [];
  for (const lives of sizes) {
    const grown = withLives(data, lives);
    let pdf = await renderCertificate(grown);
    const renderMs: number[] = [];
    for (let index = 0; index < renders; index++) {
      const started = performance.now();
      pdf = await renderCertificate(grown);
      renderMs.push(performance.now() - started);
    }
    // react-pdf writes each page as an object of its own, /Type /Page.
    const pages =
      Buffer.from(pdf)
        .toString("latin1")
        .match(/\/Type\s*\/Page\b(?!s)/g)?.length ?? 0;
    figures.push({ lives, pages, pdfBytes: pdf.length, renderMs });
  }
  return figures;
}

const [renders, warmupRenders, sampleEvery] = process.argv.slice(2, 5).map(Number);
const largeSizes = (process.argv[5] ?? "").split(",").filter(Boolean).map(Number);
const largeRenders = Number(process.argv[6] ?? 0);
// A fresh database: migrated and seeded with the demo data (SEED_DEMO=1), as start-up does.
const connection = await getConnection();
await migrateDatabase(connection);
await seedDatabase(connection.db);
const figures = await measureRenders(renders, warmupRenders, sampleEvery);
process.stdout.write(JSON.stringify({ ...figures, large: await measureLargeRenders(largeSizes, largeRenders) }));
// The database pool would keep the process alive.
process.exit(0);
