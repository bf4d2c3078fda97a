import { readFileSync } from "node:fs";

/** A process's resident set size in bytes, from /proc/<pid>/status (Linux; null elsewhere or once it is gone). */
export function rssBytesOf(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

export type MemorySample = { atMs: number; rssBytes: number };

/**
 * Samples a process's RSS every `everyMs` (reading /proc costs microseconds, so it does not disturb the
 * load); `stop()` ends the sampling and returns the samples, timed from the start.
 */
export function sampleMemory(pid: number, everyMs = 1000): { stop: () => MemorySample[] } {
  const started = performance.now();
  const samples: MemorySample[] = [];
  const take = () => {
    const rssBytes = rssBytesOf(pid);
    if (rssBytes !== null) samples.push({ atMs: performance.now() - started, rssBytes });
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return samples;
    },
  };
}

/** The mean RSS of the samples taken in [fromMs, toMs), or NaN when there are none. */
export function meanRss(samples: MemorySample[], fromMs: number, toMs: number): number {
  const inWindow = samples.filter((sample) => sample.atMs >= fromMs && sample.atMs < toMs);
  return inWindow.reduce((sum, sample) => sum + sample.rssBytes, 0) / inWindow.length;
}
