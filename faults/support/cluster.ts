import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { readdirSync } from "node:fs";

// A throwaway PostgreSQL cluster for the fault tests, made with Debian's postgresql-common tools (as root,
// which runs them as the postgres user): stopped and started under the running server, dropped at the end.
// The machine's main cluster (port 5432) is never touched.

const NAME = "faults";
export const CLUSTER_PORT = Number(process.env.FAULTS_PG_PORT ?? 5439);

/** The newest PostgreSQL server installed (15 here; pgvector is installed into it by install-pgvector.sh). */
const VERSION = readdirSync("/usr/lib/postgresql")
  .filter((entry) => /^\d+$/.test(entry))
  .sort((a, b) => Number(b) - Number(a))[0];

// Asynchronous, so that the requests the tests keep sending are timed truly while a command runs.
async function run(command: string, ...args: string[]): Promise<string> {
  return (await promisify(execFile)(command, args, { encoding: "utf8" })).stdout;
}

async function exists(): Promise<boolean> {
  const lines = (await run("pg_lsclusters", "--no-header")).split("\n");
  return lines.some((line) => line.split(/\s+/)[0] === VERSION && line.split(/\s+/)[1] === NAME);
}

/** Drops a leftover of an interrupted run, creates the cluster (trust auth, local only) and starts it. */
export async function createCluster(): Promise<string> {
  await dropCluster();
  await run("pg_createcluster", VERSION, NAME, "-p", String(CLUSTER_PORT), "--", "--auth=trust");
  await startCluster();
  return `postgres://postgres@127.0.0.1:${CLUSTER_PORT}/postgres`;
}

/** Returns once the server accepts connections (pg_ctl waits for that). */
export async function startCluster(): Promise<void> {
  await run("pg_ctlcluster", "--skip-systemctl-redirect", VERSION, NAME, "start");
}

/** A fast shutdown: open sessions are ended (57P01) and new connections refused until `startCluster`. */
export async function stopCluster(): Promise<void> {
  await run("pg_ctlcluster", "--skip-systemctl-redirect", "--mode=fast", VERSION, NAME, "stop");
}

export async function dropCluster(): Promise<void> {
  if (await exists()) await run("pg_dropcluster", "--stop", VERSION, NAME);
}
