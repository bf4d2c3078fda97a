import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { Piscina } from "piscina";
import { type DomainError, ExternalServiceError, PayloadTooLargeError } from "@/lib/errors";
import { rebuildError } from "./job-errors";
import type { JobInput, JobName, JobOutput } from "./jobs";
import type { JobReply, JobTask } from "./worker";
import { BUILT_WORKER, workerBuildOptions } from "./worker-bundle";

// Work that a file from outside can make long or large (reading an uploaded spreadsheet or PDF) and
// work that grows with a policy (its certificate) runs on worker threads, so the request thread keeps
// answering every other request meanwhile (trust.md section 6). One pool (piscina) for all of it:
// a bounded number of threads, each with a bounded heap; a job that overruns its time is stopped with
// its thread, a thread that runs out of memory dies alone, and piscina starts a fresh one for the next
// job either way.

export type PoolLimits = {
  /** Threads running jobs at once; more jobs wait in the queue. */
  threads: number;
  /** Jobs waiting beyond the running ones; past it a job is refused at once (503). */
  maxQueue: number;
  /** Heap of each thread (V8 old and young generations), in MB. */
  maxOldGenerationSizeMb: number;
  maxYoungGenerationSizeMb: number;
  /** An idle thread stops after this long; the next job starts one again (about half a second). */
  idleTimeoutMs: number;
};

export const POOL_LIMITS: PoolLimits = {
  // Two on a two-core machine: an upload is not stuck behind a long certificate, and the request
  // thread still gets its share of the cores. At most four elsewhere.
  threads: Math.min(4, Math.max(2, availableParallelism() - 1)),
  maxQueue: 64,
  // Room to spare: a 1,000-life certificate needs between 64 and 160 MB of heap, a 2,500-page PDF's
  // text extraction (17 MB) about 40 MB.
  maxOldGenerationSizeMb: 512,
  maxYoungGenerationSizeMb: 64,
  idleTimeoutMs: 60_000,
};

type JobLimits = {
  /** What the job does, for the messages ("reading the file took longer than 20 s"). */
  doing: string;
  /** From submission to the answer, waiting in the queue included. */
  timeoutMs: number;
  /** What the caller is told when the job ran out of memory. */
  outOfMemory: () => DomainError;
};

// After the bounds checks no upload within its limits comes near these times on a free machine (a
// 1,000-row file reads in well under a second, a 1,000-life certificate renders in a few seconds), so a
// job that overruns one is most likely waiting for a busy machine: 503, try again later.
export const JOB_LIMITS: Record<JobName, JobLimits> = {
  readSpreadsheet: {
    doing: "reading the file",
    timeoutMs: 20_000,
    outOfMemory: () => new PayloadTooLargeError("the file needs more memory to read than an upload may use"),
  },
  extractPdfText: {
    doing: "reading the PDF",
    timeoutMs: 60_000,
    outOfMemory: () => new PayloadTooLargeError("the PDF needs more memory to read than an upload may use"),
  },
  inspectClaimDocument: {
    doing: "checking the file",
    timeoutMs: 20_000,
    outOfMemory: () => new PayloadTooLargeError("the file needs more memory to check than an upload may use"),
  },
  renderCertificate: {
    doing: "rendering the certificate",
    timeoutMs: 60_000,
    outOfMemory: () =>
      new ExternalServiceError(
        "the certificate could not be rendered within the memory a render may use",
        503,
        "job_failed",
      ),
  },
};

export type WorkerPool = {
  run<N extends JobName>(name: N, input: JobInput<N>, options?: { timeoutMs?: number }): Promise<JobOutput<N>>;
  /** Stops every thread; jobs in flight are refused. */
  close(): Promise<void>;
};

/** A pool of its own (tests use small limits); the service uses runOffThread's. */
export function createWorkerPool(limits: PoolLimits = POOL_LIMITS): WorkerPool {
  let piscina: Promise<Piscina> | undefined;
  const start = () =>
    (piscina ??= workerFile().then(
      (filename) =>
        new Piscina({
          filename,
          minThreads: 0,
          maxThreads: limits.threads,
          idleTimeout: limits.idleTimeoutMs,
          resourceLimits: {
            maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb,
            maxYoungGenerationSizeMb: limits.maxYoungGenerationSizeMb,
          },
        }),
      (error: unknown) => {
        // The next job tries again (under `next dev`, once the code that did not build is fixed).
        piscina = undefined;
        throw error;
      },
    ));
  // Counted here: piscina's own maxQueue does not count abortable tasks, and every job here is one.
  let jobsInFlight = 0;
  return {
    async run(name, input, options = {}) {
      const { doing, timeoutMs: jobTimeoutMs, outOfMemory } = JOB_LIMITS[name];
      const timeoutMs = options.timeoutMs ?? jobTimeoutMs;
      if (jobsInFlight >= limits.threads + limits.maxQueue) {
        throw new ExternalServiceError(
          `the server is busy with other uploads and certificates (${limits.maxQueue} waiting); try again later`,
          503,
          "busy",
        );
      }
      jobsInFlight++;
      let reply: JobReply;
      try {
        const pool = await start();
        reply = await pool.run({ name, input } satisfies JobTask, { signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        // Aborting a running job terminates its thread; piscina starts another for the next job.
        if ((error as Error).name === "AbortError") {
          throw new ExternalServiceError(
            `${doing} took longer than ${timeoutMs / 1000} s; try again later`,
            503,
            "job_timed_out",
          );
        }
        if ((error as { code?: unknown }).code === "ERR_WORKER_OUT_OF_MEMORY") throw outOfMemory();
        throw error;
      } finally {
        jobsInFlight--;
      }
      if (!reply.ok) throw rebuildError(reply.error);
      return reply.value as JobOutput<typeof name>;
    },
    async close() {
      const pool = piscina;
      piscina = undefined;
      if (pool) await (await pool).destroy();
    },
  };
}

// One pool per process, shared by Next.js's bundle and the production server's (both load this module).
const holder = globalThis as typeof globalThis & { __coverWorkerPool?: WorkerPool };

/** Runs a job on the service's worker pool (lib/offload/jobs.ts), with its time limit and the pool's memory limit. */
export function runOffThread<N extends JobName>(name: N, input: JobInput<N>): Promise<JobOutput<N>> {
  holder.__coverWorkerPool ??= createWorkerPool();
  return holder.__coverWorkerPool.run(name, input);
}

/**
 * The worker's bundle: in production the one `npm run build` wrote; under `next dev` and vitest one
 * built now with esbuild (a development dependency), so it always holds the code as it is. It is
 * written under node_modules/.cache, named by its content, so that its packages resolve from the
 * project's node_modules and processes starting at once write the same file.
 */
async function workerFile(): Promise<string> {
  const root = process.cwd();
  if (process.env.NODE_ENV === "production") {
    // Read at run time, not traced by Next.js's build (it would trace the whole project from a path it cannot resolve).
    const built = path.join(/*turbopackIgnore: true*/ root, BUILT_WORKER);
    if (!existsSync(built)) throw new Error(`the worker bundle ${BUILT_WORKER} is missing: run \`npm run build\``);
    return built;
  }
  const { build } = await import("esbuild");
  const directory = path.join(/*turbopackIgnore: true*/ root, "node_modules", ".cache", "offload");
  const result = await build({
    ...workerBuildOptions(root),
    outfile: path.join(directory, "worker.mjs"),
    write: false,
  });
  const code = result.outputFiles[0].contents;
  const file = path.join(directory, `worker-${createHash("sha256").update(code).digest("hex").slice(0, 16)}.mjs`);
  if (!existsSync(file)) {
    mkdirSync(directory, { recursive: true });
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, code);
    renameSync(partial, file);
  }
  return file;
}
