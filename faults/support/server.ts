import { existsSync } from "node:fs";
import path from "node:path";
import { Cleanup } from "@/bench/lib/cleanup";
import { startService } from "@/bench/lib/processes";

// The built production server (`npm run build`, then `node .next/custom-server.js` as `npm start` runs
// it) as a child process of the test, started as the benchmarks start it, so that a test can kill it
// outright and start it again.

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const BUNDLE = path.join(ROOT, ".next", "custom-server.js");

export const AUTH_SECRET = "faults-secret-of-at-least-thirty-two-characters";

export type RunningServer = {
  url: string;
  /** The last of what the server printed (shown when a test fails). */
  output: () => string;
  /** SIGKILL: no shutdown of any kind, as a crash or an OOM kill. */
  kill: () => Promise<void>;
  /** SIGTERM and wait for the exit. */
  stop: () => Promise<void>;
};

export async function startServer(port: number, env: Record<string, string>): Promise<RunningServer> {
  if (!existsSync(BUNDLE))
    throw new Error(`${BUNDLE} is missing: run \`npm run build\` before \`npm run test:faults\``);
  // The tests stop or kill it themselves; a run that ends early kills it on exit (launchServer).
  const service = await startService(new Cleanup(), ROOT, port, { NEXT_TELEMETRY_DISABLED: "1", AUTH_SECRET, ...env });
  return { url: service.baseUrl, output: service.output, kill: service.kill, stop: service.stop };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export type Answer = { status: number; headers: Headers; body: unknown; text: string; ms: number };

/** One request with a hard bound: a server that does not answer within `timeoutMs` is status 0. */
export async function call(
  url: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string>; rawBody?: string } = {},
  timeoutMs = 20_000,
): Promise<Answer> {
  const started = Date.now();
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined || init.rawBody !== undefined) headers["content-type"] ??= "application/json";
  try {
    const response = await fetch(url, {
      method: init.method ?? "GET",
      headers,
      body: init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: kept as text, which the assertions then refuse
    }
    return { status: response.status, headers: response.headers, body, text, ms: Date.now() - started };
  } catch (error) {
    return { status: 0, headers: new Headers(), body: null, text: String(error), ms: Date.now() - started };
  }
}

/** Polls `probe` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
  everyMs = 250,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}
