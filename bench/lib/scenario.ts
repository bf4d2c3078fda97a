import type { Cleanup } from "./cleanup";
import type { LoadResult } from "./load";

export type BenchSettings = {
  /** The project root (with the built .next/). */
  root: string;
  concurrency: number;
  warmupMs: number;
  durationMs: number;
  /** How many alternating slices the measured time of each target is cut into. */
  slices: number;
  /** Extra Node flags for the service's process (BENCH_NODE_FLAGS, e.g. --cpu-prof). */
  serviceNodeFlags: string[];
};

export type Measurement = { label: string; result: LoadResult };
export type TargetCheck = { label: string; pass: boolean };

export type ScenarioReport = {
  /** One line saying what was measured. */
  title: string;
  measurements: Measurement[];
  /** Derived figures (ratios) printed under the table. */
  notes: string[];
  /** Targets: a miss is printed, but only errors fail the run. */
  checks: TargetCheck[];
};

/** One benchmark: it starts what it needs (registering every undo step with `cleanup`) and measures. */
export type Scenario = {
  name: string;
  run: (settings: BenchSettings, cleanup: Cleanup, log: (line: string) => void) => Promise<ScenarioReport>;
};
