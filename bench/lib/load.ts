import http from "node:http";
import { summarizeLatencies, type LatencySummary } from "./stats";

export type LoadRequest = {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
};

export type LoadResult = LatencySummary & {
  requests: number;
  errors: number;
  seconds: number;
  requestsPerSecond: number;
  /** The first non-200 answers (status and start of the body), to say what went wrong. */
  errorSamples: string[];
};

/**
 * A closed-loop load generator: `concurrency` callers, each on its own keep-alive connection, send the
 * next request as soon as the previous answer is read, for `durationMs`. Latency is measured from the
 * request being written to the last byte of the answer.
 */
export async function runLoad(request: LoadRequest, { concurrency, durationMs }: { concurrency: number; durationMs: number }): Promise<LoadResult> {
  const url = new URL(request.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency, maxFreeSockets: concurrency });
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  const headers: Record<string, string | number> = { ...request.headers };
  if (body) headers["content-length"] = body.byteLength;
  const options: http.RequestOptions = {
    agent,
    hostname: url.hostname,
    port: url.port,
    path: url.pathname + url.search,
    method: request.method ?? (body ? "POST" : "GET"),
    headers,
  };

  const latencies: number[] = [];
  const errorSamples: string[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + durationMs;

  const once = () =>
    new Promise<void>((resolve) => {
      const sent = performance.now();
      const req = http.request(options, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          latencies.push(performance.now() - sent);
          if (res.statusCode !== 200) {
            errors++;
            if (errorSamples.length < 3) errorSamples.push(`${res.statusCode} ${Buffer.concat(chunks).toString("utf8").slice(0, 200)}`);
          }
          resolve();
        });
        res.on("error", (error) => fail(error));
      });
      const fail = (error: Error) => {
        errors++;
        if (errorSamples.length < 3) errorSamples.push(`network error: ${error.message}`);
        resolve();
      };
      req.on("error", fail);
      req.end(body);
    });

  const caller = async () => {
    while (performance.now() < deadline) await once();
  };
  await Promise.all(Array.from({ length: concurrency }, caller));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    requests: latencies.length,
    errors,
    seconds,
    requestsPerSecond: latencies.length / seconds,
    errorSamples,
    ...summarizeLatencies(latencies),
  };
}
