// certificate: renders the certificate of the demo policy (three beneficiaries) 500 times after a
// warm-up, in-process (no HTTP), on a fresh PostgreSQL database, and watches the heap across the renders.
// Then the same certificate grown to 250, 500 and 1,000 lives (a bulk upload's most), a few renders of
// each: trust.md section 6 asks for 1,000 lives in under 10 s, and the time per life must not grow with
// the lives (react-pdf's default pagination made it grow: 48 s for 1,000).
//
// The renders run in a Node process of their own, from an ES-module bundle of bench/certificate-renders.ts
// built with esbuild: tsx, which runs the benchmarks, loads our TypeScript as CommonJS, and @react-pdf/renderer's
// packages export ES-module entry points only, so the renderer cannot load in the runner's process. A
// process of its own also gives memory figures of the renders alone and can run with --expose-gc.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import type { RenderFigures } from "./certificate-renders";
import { createFreshDatabase } from "./lib/database";
import type { LoadResult } from "./lib/load";
import type { Scenario } from "./lib/scenario";
import { summarizeLatencies } from "./lib/stats";

const RENDERS = 500;
const WARMUP_RENDERS = 25;
const MEMORY_SAMPLE_EVERY = 100;
const TARGET_P50_MS = 300;
// Stable: after a forced full GC, the heap holds at most 10% more than it did after the warm-up (about
// 34 MB here). Keeping only the PDF bytes of every render (11 kB for the demo policy) would add 5.5 MB
// over 500 renders, 16%; keeping its layout tree, far more. What is left below that is code and caches
// that fill once; the samples every 100 renders show whether the heap still climbs.
const MAX_HEAP_GROWTH = 0.1;
const LARGE_SIZES = [250, 500, 1000];
const LARGE_RENDERS = 3;
const TARGET_LARGE_MS = 10_000;
/** Linear: the time per life at 1,000 lives at most this much above the time per life at 250. */
const MAX_PER_LIFE_GROWTH = 1.5;

/** Renders as a LoadResult, so the runner prints them in its table (one "request" is one render, one after another). */
function asLoadResult(samples: number[]): LoadResult {
  const seconds = samples.reduce((sum, ms) => sum + ms, 0) / 1000;
  return {
    ...summarizeLatencies(samples),
    requests: samples.length,
    errors: 0,
    seconds,
    requestsPerSecond: samples.length / seconds,
    errorSamples: [],
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const percent = (from: number, to: number) => `${to >= from ? "+" : ""}${(((to - from) / from) * 100).toFixed(1)}%`;

export const certificate: Scenario = {
  name: "certificate",
  async run(settings, cleanup, log) {
    const databaseUrl = await createFreshDatabase(cleanup, "bench_certificate");
    log(`database ${new URL(databaseUrl).pathname.slice(1)} created`);

    // Inside the project, so that the bundle's imports of packages resolve to its node_modules.
    const cache = path.join(settings.root, "node_modules", ".cache");
    mkdirSync(cache, { recursive: true });
    const directory = mkdtempSync(path.join(cache, "bench-certificate-"));
    cleanup.add("remove the render bundle", () => rmSync(directory, { recursive: true, force: true }));
    const bundle = path.join(directory, "renders.mjs");
    await build({
      absWorkingDir: settings.root,
      entryPoints: ["bench/certificate-renders.ts"],
      outfile: bundle,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      tsconfig: path.join(settings.root, "tsconfig.json"),
      logLevel: "warning",
    });

    log(
      `rendering the demo policy's certificate ${WARMUP_RENDERS} times to warm up, then ${RENDERS} times (node --expose-gc, own process)`,
    );
    log(`then grown to ${LARGE_SIZES.join(", ")} lives: one render of each to warm up, then ${LARGE_RENDERS}`);
    const child = spawn(
      process.execPath,
      [
        "--expose-gc",
        bundle,
        String(RENDERS),
        String(WARMUP_RENDERS),
        String(MEMORY_SAMPLE_EVERY),
        LARGE_SIZES.join(","),
        String(LARGE_RENDERS),
      ],
      {
        cwd: settings.root,
        env: {
          ...process.env,
          NODE_ENV: "production",
          DATABASE_URL: databaseUrl,
          SEED_DEMO: "1",
          AUTH_SECRET: "bench-secret-of-at-least-thirty-two-characters",
        },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    cleanup.add("stop the render process", () => {
      if (child.exitCode === null) child.kill();
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    if (code !== 0) throw new Error(`the render process exited with ${code}`);
    const figures = JSON.parse(output) as RenderFigures;
    if (figures.beneficiaries !== 3)
      throw new Error(`the demo policy has ${figures.beneficiaries} beneficiaries, not 3`);

    const render = asLoadResult(figures.renderMs);
    const { start, afterWarmup, samples, end } = figures.memory;
    const heapGrowth = (end.heapUsed - afterWarmup.heapUsed) / afterWarmup.heapUsed;
    const large = figures.large.map((size) => ({ ...size, result: asLoadResult(size.renderMs) }));
    const perLife = (size: (typeof large)[number]) => size.result.p50 / size.lives;
    const [smallest, largest] = [large[0], large[large.length - 1]];
    return {
      title: `certificate of ${figures.policyNumber} (${figures.beneficiaries} beneficiaries, ${(figures.pdfBytes / 1024).toFixed(0)} kB), ${RENDERS} renders in-process after ${WARMUP_RENDERS} to warm up, PostgreSQL server`,
      measurements: [
        { label: "render (react-pdf, data loaded)", result: render },
        { label: "reference: load the data (4 queries)", result: asLoadResult(figures.loadMs) },
        ...large.map((size) => ({ label: `render, ${size.lives} lives`, result: size.result })),
      ],
      notes: [
        `heap used: ${mb(start.heapUsed)} at start, ${mb(afterWarmup.heapUsed)} after the warm-up, ${mb(end.heapUsed)} after ${RENDERS} renders (${percent(afterWarmup.heapUsed, end.heapUsed)} since the warm-up)`,
        `RSS: ${mb(start.rss)} at start, ${mb(afterWarmup.rss)} after the warm-up, ${mb(end.rss)} after ${RENDERS} renders (${percent(afterWarmup.rss, end.rss)} since the warm-up)`,
        `heap used every ${MEMORY_SAMPLE_EVERY} renders: ${samples.map((sample) => mb(sample.heapUsed)).join(", ")}`,
        figures.gcExposed
          ? "memory read after a forced full GC (--expose-gc)"
          : "no forced GC (gc not exposed): memory figures include garbage",
        ...large.map(
          (size) =>
            `${size.lives} lives: ${size.pages} pages, ${(size.pdfBytes / 1024).toFixed(0)} kB, renders ${size.renderMs.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(", ")}; ${perLife(size).toFixed(2)} ms per life`,
        ),
      ],
      checks: [
        { label: `render p50 < ${TARGET_P50_MS} ms (${render.p50.toFixed(1)} ms)`, pass: render.p50 < TARGET_P50_MS },
        {
          label: `memory stable over ${RENDERS} renders: heap after a forced GC grows < ${MAX_HEAP_GROWTH * 100}% past the warm-up (${percent(afterWarmup.heapUsed, end.heapUsed)})`,
          pass: figures.gcExposed && heapGrowth < MAX_HEAP_GROWTH,
        },
        {
          label: `${largest.lives} lives: every render under ${TARGET_LARGE_MS / 1000} s (max ${(largest.result.max / 1000).toFixed(2)} s)`,
          pass: largest.result.max < TARGET_LARGE_MS,
        },
        {
          label: `time grows with the lives, not faster: ms per life at ${largest.lives} lives <= ${MAX_PER_LIFE_GROWTH} x at ${smallest.lives} (${perLife(largest).toFixed(2)} against ${perLife(smallest).toFixed(2)})`,
          pass: perLife(largest) <= MAX_PER_LIFE_GROWTH * perLife(smallest),
        },
      ],
    };
  },
};
