import http from "node:http";
import { cpuSecondsOf } from "./cpu";
import { summarizeLatencies, type LatencySummary } from "./stats";

export type LoadRequest = {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** The serving process, whose CPU time per request is then reported (Linux only). */
  pid?: number;
};

/** The raw outcome of one or more load slices against one target. */
export type LoadSamples = {
  /** Milliseconds from writing each request to reading the last byte of its answer. */
  latencies: number[];
  errors: number;
  seconds: number;
  /** The first non-200 answers (status and start of the body), to say what went wrong. */
  errorSamples: string[];
};

export type LoadResult = LatencySummary & {
  requests: number;
  errors: number;
  seconds: number;
  requestsPerSecond: number;
  errorSamples: string[];
  /** CPU time (user + system) the serving process used per request, in µs, when its pid was given and /proc is there. */
  cpuMicrosPerRequest?: number;
};

/**
 * A closed-loop load generator for one target: `concurrency` callers, each on its own keep-alive
 * connection, send the next request as soon as the previous answer is read. Several runs (slices) add
 * up to one result.
 */
export class LoadTarget {
  private readonly options: http.RequestOptions;
  private readonly body: Buffer | undefined;
  private readonly pid: number | undefined;
  readonly samples: LoadSamples = { latencies: [], errors: 0, seconds: 0, errorSamples: [] };
  /** CPU seconds the serving process used during the recorded runs (null once /proc could not be read). */
  private cpuSeconds: number | null = 0;

  constructor(request: LoadRequest, private readonly concurrency: number) {
    const url = new URL(request.url);
    this.body = request.body === undefined ? undefined : Buffer.from(request.body);
    this.pid = request.pid;
    const headers: Record<string, string | number> = { ...request.headers };
    if (this.body) headers["content-length"] = this.body.byteLength;
    this.options = {
      hostname: url.hostname,
      port: url.port,
      path: url.pathname + url.search,
      method: request.method ?? (this.body ? "POST" : "GET"),
      headers,
    };
  }

  /**
   * Runs load for `durationMs`; with `record` false (warm-up) nothing is kept. Each run opens its own
   * connections: one left idle while other targets ran may be closing on the server's keep-alive timeout,
   * and reusing it would count a reset as a failed request.
   */
  async run(durationMs: number, record = true): Promise<void> {
    const into: LoadSamples = record ? this.samples : { latencies: [], errors: 0, seconds: 0, errorSamples: [] };
    const agent = new http.Agent({ keepAlive: true, maxSockets: this.concurrency, maxFreeSockets: this.concurrency });
    const options = { ...this.options, agent };
    const cpuBefore = record && this.pid !== undefined ? cpuSecondsOf(this.pid) : null;
    const started = performance.now();
    const deadline = started + durationMs;
    const caller = async () => {
      while (performance.now() < deadline) await this.once(options, into);
    };
    try {
      await Promise.all(Array.from({ length: this.concurrency }, caller));
    } finally {
      into.seconds += (performance.now() - started) / 1000;
      agent.destroy();
    }
    if (record && this.pid !== undefined) {
      const cpuAfter = cpuSecondsOf(this.pid);
      this.cpuSeconds = this.cpuSeconds === null || cpuBefore === null || cpuAfter === null ? null : this.cpuSeconds + cpuAfter - cpuBefore;
    }
  }

  result(): LoadResult {
    const { latencies, errors, seconds, errorSamples } = this.samples;
    const cpuMicrosPerRequest = this.pid !== undefined && this.cpuSeconds !== null && latencies.length > 0 ? (1e6 * this.cpuSeconds) / latencies.length : undefined;
    return { requests: latencies.length, errors, seconds, requestsPerSecond: latencies.length / seconds, errorSamples, cpuMicrosPerRequest, ...summarizeLatencies(latencies) };
  }

  private once(options: http.RequestOptions, into: LoadSamples): Promise<void> {
    return new Promise<void>((resolve) => {
      const fail = (error: Error) => {
        into.errors++;
        if (into.errorSamples.length < 3) into.errorSamples.push(`network error: ${error.message}`);
        resolve();
      };
      const sent = performance.now();
      const req = http.request(options, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", fail);
        res.on("end", () => {
          into.latencies.push(performance.now() - sent);
          if (res.statusCode !== 200) {
            into.errors++;
            if (into.errorSamples.length < 3) into.errorSamples.push(`${res.statusCode} ${Buffer.concat(chunks).toString("utf8").slice(0, 200)}`);
          }
          resolve();
        });
      });
      req.on("error", fail);
      req.end(this.body);
    });
  }
}

/**
 * Measures several targets for `durationMs` each, in alternating slices (A B A B ...), after warming each
 * up. On a machine with other work running, background load then falls on every target alike instead of
 * on whichever happened to run during a busy moment.
 */
export async function measureAlternating(
  requests: LoadRequest[],
  { concurrency, warmupMs, durationMs, slices }: { concurrency: number; warmupMs: number; durationMs: number; slices: number },
): Promise<LoadResult[]> {
  const targets = requests.map((request) => new LoadTarget(request, concurrency));
  for (const target of targets) await target.run(warmupMs, false);
  for (let slice = 0; slice < slices; slice++) {
    for (const target of targets) await target.run(durationMs / slices);
  }
  return targets.map((target) => target.result());
}
