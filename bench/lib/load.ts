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
  private readonly url: string;
  private readonly method: string;
  private readonly call: LoopCall;
  private readonly pid: number | undefined;
  readonly samples: LoadSamples = { latencies: [], errors: 0, seconds: 0, errorSamples: [] };
  /** CPU seconds the serving process used during the recorded runs (null once /proc could not be read). */
  private cpuSeconds: number | null = 0;

  constructor(
    request: LoadRequest,
    private readonly concurrency: number,
  ) {
    this.url = request.url;
    this.call = { body: request.body === undefined ? undefined : Buffer.from(request.body), headers: request.headers };
    this.method = request.method ?? (this.call.body ? "POST" : "GET");
    this.pid = request.pid;
  }

  /**
   * Runs load for `durationMs`; with `record` false (warm-up) nothing is kept. Each run opens its own
   * connections: one left idle while other targets ran may be closing on the server's keep-alive timeout,
   * and reusing it would count a reset as a failed request.
   */
  async run(durationMs: number, record = true): Promise<void> {
    const into: LoadSamples = record ? this.samples : { latencies: [], errors: 0, seconds: 0, errorSamples: [] };
    const cpuBefore = record && this.pid !== undefined ? cpuSecondsOf(this.pid) : null;
    await runClosedLoop({
      url: this.url,
      method: this.method,
      callers: this.concurrency,
      durationMs,
      into,
      next: () => this.call,
      accept: (status) => status === 200,
    });
    if (record && this.pid !== undefined) {
      const cpuAfter = cpuSecondsOf(this.pid);
      this.cpuSeconds =
        this.cpuSeconds === null || cpuBefore === null || cpuAfter === null
          ? null
          : this.cpuSeconds + cpuAfter - cpuBefore;
    }
  }

  result(): LoadResult {
    const { latencies, errors, seconds, errorSamples } = this.samples;
    const cpuMicrosPerRequest =
      this.pid !== undefined && this.cpuSeconds !== null && latencies.length > 0
        ? (1e6 * this.cpuSeconds) / latencies.length
        : undefined;
    return {
      requests: latencies.length,
      errors,
      seconds,
      requestsPerSecond: latencies.length / seconds,
      errorSamples,
      cpuMicrosPerRequest,
      ...summarizeLatencies(latencies),
    };
  }
}

/** One request of a closed loop. */
export type LoopCall = { body?: Buffer; headers?: Record<string, string> };

/** How one request ended: its answer (status, body) and milliseconds from writing it to the last byte, or a network error. */
export type Answer = { status: number; text: string; ms: number } | { error: Error };

/** Sends one request on `agent` and reads the whole answer; it never rejects (a network error is an answer too). */
export function sendRequest(
  agent: http.Agent,
  target: URL,
  method: string,
  { body, headers = {} }: LoopCall,
): Promise<Answer> {
  return new Promise<Answer>((resolve) => {
    const fail = (error: Error) => resolve({ error });
    const sent = performance.now();
    const req = http.request(
      {
        hostname: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method,
        agent,
        headers: body ? { ...headers, "content-length": body.byteLength } : headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", fail);
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString("utf8"),
            ms: performance.now() - sent,
          }),
        );
      },
    );
    req.on("error", fail);
    req.end(body);
  });
}

/**
 * A closed loop: `callers` callers, each on its own keep-alive connection, send their next request
 * (`next(caller)`) as soon as the previous answer is read, for `durationMs`. `accept` says whether an
 * answer is a success; any other answer, and any network error, counts as an error with a sample.
 */
export async function runClosedLoop({
  url,
  method,
  callers,
  durationMs,
  into,
  next,
  accept,
}: {
  url: string;
  method: string;
  callers: number;
  durationMs: number;
  into: LoadSamples;
  next: (caller: number) => LoopCall;
  accept: (status: number, text: string) => boolean;
}): Promise<void> {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: callers, maxFreeSockets: callers });
  const once = async (call: LoopCall) => {
    const answer = await sendRequest(agent, target, method, call);
    if ("error" in answer) {
      into.errors++;
      if (into.errorSamples.length < 3) into.errorSamples.push(`network error: ${answer.error.message}`);
      return;
    }
    into.latencies.push(answer.ms);
    if (!accept(answer.status, answer.text)) {
      into.errors++;
      if (into.errorSamples.length < 3) into.errorSamples.push(`${answer.status} ${answer.text.slice(0, 200)}`);
    }
  };
  const started = performance.now();
  const deadline = started + durationMs;
  try {
    await Promise.all(
      Array.from({ length: callers }, async (_, caller) => {
        while (performance.now() < deadline) await once(next(caller));
      }),
    );
  } finally {
    into.seconds += (performance.now() - started) / 1000;
    agent.destroy();
  }
}

/**
 * Measures several targets for `durationMs` each, in alternating slices (A B A B ...), after warming each
 * up. On a machine with other work running, background load then falls on every target alike instead of
 * on whichever happened to run during a busy moment.
 */
export async function measureAlternating(
  requests: LoadRequest[],
  {
    concurrency,
    warmupMs,
    durationMs,
    slices,
  }: { concurrency: number; warmupMs: number; durationMs: number; slices: number },
): Promise<LoadResult[]> {
  const targets = requests.map((request) => new LoadTarget(request, concurrency));
  for (const target of targets) await target.run(warmupMs, false);
  for (let slice = 0; slice < slices; slice++) {
    for (const target of targets) await target.run(durationMs / slices);
  }
  return targets.map((target) => target.result());
}
