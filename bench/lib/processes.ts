import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import type { Cleanup } from "./cleanup";

export type ServerProcess = {
  name: string;
  baseUrl: string;
  pid: number;
  /** The last lines the process printed, for error messages. */
  output: () => string;
  /** Calls `listener` with everything the process prints from now on (stdout and stderr, in chunks as they come). */
  onOutput: (listener: (text: string) => void) => void;
  /** SIGTERM to the process group, SIGKILL after 10 s. */
  stop: () => Promise<void>;
  /** SIGKILL to the process group at once: no shutdown of any kind, as a crash or an OOM kill. */
  kill: () => Promise<void>;
};

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a server process and waits until `readyPath` answers 200. The process leads a process group
 * of its own, so stopping it also stops anything it spawned; the stop is registered with `cleanup`.
 */
export async function launchServer(
  cleanup: Cleanup,
  spec: {
    name: string;
    args: string[];
    port: number;
    env: Record<string, string>;
    readyPath: string;
    cwd: string;
    timeoutMs?: number;
  },
): Promise<ServerProcess> {
  const child = spawn(process.execPath, spec.args, {
    cwd: spec.cwd,
    env: { ...process.env, ...spec.env, PORT: String(spec.port) },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let tail = "";
  const listeners: ((text: string) => void)[] = [];
  const keep = (chunk: Buffer) => {
    const text = chunk.toString("utf8");
    tail = (tail + text).slice(-8000);
    for (const listener of listeners) listener(text);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // A run that ends without its cleanup (an uncaught error, process.exit) must not leave the server holding its port.
  const killOnExit = () => signalGroup(child, "SIGKILL");
  process.once("exit", killOnExit);
  void exited.then(() => process.off("exit", killOnExit));

  const server: ServerProcess = {
    name: spec.name,
    baseUrl: `http://127.0.0.1:${spec.port}`,
    pid: child.pid!,
    output: () => tail,
    onOutput: (listener) => listeners.push(listener),
    stop: () => stopGroup(child, exited),
    kill: async () => {
      signalGroup(child, "SIGKILL");
      await exited;
    },
  };
  cleanup.add(`stop ${spec.name}`, server.stop);

  const deadline = Date.now() + (spec.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${spec.name} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${tail}`);
    }
    if ((await statusOf(`${server.baseUrl}${spec.readyPath}`)) === 200) return server;
    if (Date.now() > deadline)
      throw new Error(`${spec.name} was not ready after ${(spec.timeoutMs ?? 60_000) / 1000} s:\n${tail}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The built service as `npm start` runs it (the production server .next/custom-server.js); extra Node
 * flags (e.g. --cpu-prof) go before the script.
 */
export function startService(
  cleanup: Cleanup,
  root: string,
  port: number,
  env: Record<string, string>,
  nodeFlags: string[] = [],
) {
  return launchServer(cleanup, {
    name: "service (npm start)",
    cwd: root,
    port,
    env: { NODE_ENV: "production", HOSTNAME: "127.0.0.1", ...env },
    args: [...nodeFlags, path.join(root, ".next", "custom-server.js")],
    readyPath: "/api/v1/health",
  });
}

function statusOf(url: string): Promise<number | null> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? null));
    });
    req.on("error", () => resolve(null));
    req.setTimeout(5000, () => req.destroy());
  });
}

function signalGroup(child: ChildProcess, name: NodeJS.Signals): void {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid!, name);
  } catch {
    // already gone
  }
}

/** SIGTERM to the process group, SIGKILL after 10 s if it is still there. */
async function stopGroup(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  signalGroup(child, "SIGTERM");
  const timer = setTimeout(() => signalGroup(child, "SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}
