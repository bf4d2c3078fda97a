// npm run bench [-- <scenario> ...]: runs the benchmarks against the built app (npm run build first).
// Settings: BENCH_DURATION_S (10), BENCH_WARMUP_S (3), BENCH_CONCURRENCY (32), BENCH_SLICES (5: each
// target's measured time is cut into slices that alternate with the other targets'), BENCH_POSTGRES_URL
// (postgres://postgres@127.0.0.1:5432/postgres, where fresh databases are created and dropped) and
// BENCH_NODE_FLAGS (extra Node flags for the service, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"). The
// volume scenario keeps its seeded database: VOLUME_DATABASE (cover_volume), VOLUME_RESEED=1,
// VOLUME_CONCURRENCY (4), VOLUME_SCALE (1; 0.01 seeds a book of 10,000 policies to try it out).
// Targets that are missed are printed as FAIL; only errors (non-200 answers) make the exit code non-zero.
import { existsSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import { bulkUpload } from "./bulk-upload";
import { calculatePrice } from "./calculate-price";
import { certificate } from "./certificate";
import { certificateService } from "./certificate-service";
import { issuePolicy } from "./issue-policy";
import { knowledgeRetrieval } from "./knowledge-retrieval";
import { lifecycle } from "./lifecycle";
import { Cleanup } from "./lib/cleanup";
import type { BenchSettings, Scenario, ScenarioReport } from "./lib/scenario";
import { volume } from "./volume";
import { webhooks } from "./webhooks";

/** Every benchmark; a module adds its scenario file here. */
const SCENARIOS: Scenario[] = [
  calculatePrice,
  issuePolicy,
  bulkUpload,
  certificate,
  certificateService,
  webhooks,
  knowledgeRetrieval,
  lifecycle,
  volume,
];

const root = path.resolve(import.meta.dirname, "..");

function seconds(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number of seconds`);
  return value * 1000;
}

function printReport(name: string, report: ScenarioReport): void {
  const row = (cells: string[]) =>
    `  ${cells[0].padEnd(34)}${cells
      .slice(1)
      .map((cell) => cell.padStart(10))
      .join("")}`;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(`\n${name}: ${report.title}`);
  console.log(row(["server", "req/s", "p50", "p95", "p99", "errors"]));
  for (const { label, result } of report.measurements) {
    console.log(
      row([
        label,
        result.requestsPerSecond.toFixed(0),
        ms(result.p50),
        ms(result.p95),
        ms(result.p99),
        String(result.errors),
      ]),
    );
    for (const sample of result.errorSamples) console.log(`    error: ${sample}`);
  }
  for (const note of report.notes) console.log(`  ${note}`);
  for (const check of report.checks) console.log(`  ${check.pass ? "PASS" : "FAIL"}  ${check.label}`);
}

async function main(): Promise<number> {
  if (!existsSync(path.join(root, ".next", "BUILD_ID")) || !existsSync(path.join(root, ".next", "custom-server.js"))) {
    console.error(
      "[bench] no build found (.next/BUILD_ID or .next/custom-server.js is missing): run `npm run build` first, then `npm run bench`.",
    );
    return 1;
  }
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !SCENARIOS.some((scenario) => scenario.name === name));
  if (unknown.length > 0) {
    console.error(
      `[bench] unknown scenario ${unknown.join(", ")}; known: ${SCENARIOS.map((scenario) => scenario.name).join(", ")}`,
    );
    return 1;
  }
  const settings: BenchSettings = {
    root,
    concurrency: Number(process.env.BENCH_CONCURRENCY ?? 32),
    warmupMs: seconds("BENCH_WARMUP_S", 3),
    durationMs: seconds("BENCH_DURATION_S", 10),
    slices: Math.max(1, Math.floor(Number(process.env.BENCH_SLICES ?? 5)) || 1),
    serviceNodeFlags: (process.env.BENCH_NODE_FLAGS ?? "").split(" ").filter(Boolean),
  };

  // Other work on the machine shifts every figure: say how busy it was.
  const loadBefore = loadavg()[0];
  if (loadBefore > availableParallelism() / 2) {
    console.warn(
      `[bench] the machine is busy (load average ${loadBefore.toFixed(1)} on ${availableParallelism()} cores): figures will be low and noisy`,
    );
  }
  let failed = false;
  const cleanup = new Cleanup();
  cleanup.onSignals();
  for (const scenario of SCENARIOS.filter((candidate) => wanted.length === 0 || wanted.includes(candidate.name))) {
    try {
      const report = await scenario.run(settings, cleanup, (line) => console.log(`[${scenario.name}] ${line}`));
      printReport(scenario.name, report);
      if (report.measurements.some(({ result }) => result.errors > 0)) {
        console.error(`[bench] ${scenario.name}: some requests failed`);
        failed = true;
      }
    } catch (error) {
      console.error(`[bench] ${scenario.name} failed:`, error instanceof Error ? error.message : error);
      failed = true;
    } finally {
      // Each scenario's servers and database go before the next starts, so they never compete for the CPU.
      await cleanup.runAll();
    }
  }
  console.log(
    `\nmachine: ${availableParallelism()} CPU cores, Node ${process.version}; 1-minute load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after`,
  );
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
