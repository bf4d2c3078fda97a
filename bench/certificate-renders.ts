// The render loop of the certificate benchmark (bench/certificate.ts), run in a process of its own from an
// ES-module bundle of this file: `node --expose-gc renders.mjs <renders> <warm-up renders> <memory samples>`,
// against DATABASE_URL. It prints its figures as JSON on stdout.
import { count, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { beneficiaries, policies } from "@/db/schema";
import { loadCertificateData } from "@/lib/emission/certificate/certificate-data";
import { renderCertificate } from "@/lib/emission/certificate/render-certificate";

export type Memory = { heapUsed: number; rss: number };
export type RenderFigures = {
  policyNumber: string;
  beneficiaries: number;
  pdfBytes: number;
  loadMs: number[];
  renderMs: number[];
  gcExposed: boolean;
  memory: { start: Memory; afterWarmup: Memory; samples: Memory[]; end: Memory };
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
  const [{ people }] = await db.select({ people: count() }).from(beneficiaries).where(eq(beneficiaries.policyId, policy.id));
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
  };
}

const [renders, warmupRenders, sampleEvery] = process.argv.slice(2).map(Number);
process.stdout.write(JSON.stringify(await measureRenders(renders, warmupRenders, sampleEvery)));
// The database pool would keep the process alive.
process.exit(0);
