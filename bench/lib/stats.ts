/** Percentile maths for latency samples (milliseconds). */

/** The nearest-rank percentile of an ascending array: the smallest sample with at least p% of samples at or below it. */
export function percentile(sortedAscending: ArrayLike<number>, p: number): number {
  const n = sortedAscending.length;
  if (n === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * n);
  return sortedAscending[Math.min(n, Math.max(1, rank)) - 1];
}

export type LatencySummary = { p50: number; p95: number; p99: number; max: number };

export function summarizeLatencies(samples: number[]): LatencySummary {
  const sorted = Float64Array.from(samples).sort();
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
  };
}
