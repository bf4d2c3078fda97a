import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** What services receive: the database, or the transaction they must stay inside. */
export type DbOrTx = Database | Transaction;

export type Connection = {
  db: Database;
  driver: "pglite" | "postgres";
  /** The server URL (postgres only), for work that needs a connection of its own. */
  url?: string;
  /**
   * Calls `onNotify` for every NOTIFY on `channel`, from any process using the database, and
   * `onListen` each time listening (re)starts, when notifications may have been missed.
   */
  listen: (channel: string, onNotify: () => void, onListen?: () => void) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
};

const migrationsFolder = path.join(process.cwd(), "db", "migrations");

/**
 * Opens the database named by a URL: nothing for embedded PGlite under .data/, `memory://` for an
 * in-memory PGlite, `postgres://...` for a PostgreSQL server. Every driver runs the same schema.
 */
export async function openDatabase(url = process.env.DATABASE_URL ?? ""): Promise<Connection> {
  if (url.startsWith("postgres://") || url.startsWith("postgresql://")) {
    const client = postgres(url, {
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
      onnotice: () => {},
      connect_timeout: 10,
      // After a failed connection postgres waits before trying again, and the queries queued on that
      // connection wait with it; its default back-off grows to 20 s, so while the database restarted
      // requests hung for up to 20 s and the service came back up to 20 s after the database. Capped at
      // half a second: a request during an outage fails fast (503) and the first one after it reconnects.
      backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 0.5),
      // No JIT compilation: on this service's statements (short reads and writes, and the report's
      // index-only sums) compiling cost 100 to 300 ms a statement and saved nothing (docs/volume.md).
      connection: { jit: "off" },
    });
    return {
      db: drizzlePostgres(client, { schema }) as unknown as Database,
      driver: "postgres",
      url,
      // postgres reserves a connection for LISTEN and re-listens after a reconnect.
      listen: async (channel, onNotify, onListen) => {
        const { unlisten } = await client.listen(channel, onNotify, onListen);
        return unlisten;
      },
      close: () => client.end(),
    };
  }
  let dataDir: string | undefined;
  if (url === "" || url.startsWith("file:")) {
    dataDir = url.startsWith("file:") ? url.slice("file:".length) : path.join(process.cwd(), ".data", "pglite");
    mkdirSync(dataDir, { recursive: true });
  } else if (url !== "memory://") {
    throw new Error(`DATABASE_URL must be empty, memory://, file:<dir> or postgres://...; got ${url.split(":")[0]}:`);
  }
  const client = await PGlite.create(dataDir, { extensions: { vector } });
  return pgliteConnection(client);
}

/** Wraps an open PGlite instance (tests hand in a copy of a migrated template). */
export function pgliteConnection(client: PGlite): Connection {
  return {
    db: drizzlePglite(client, { schema }) as unknown as Database,
    driver: "pglite",
    listen: async (channel, onNotify, onListen) => {
      const unlisten = await client.listen(channel, onNotify);
      onListen?.();
      return () => unlisten();
    },
    close: () => client.close(),
  };
}

export async function migrateDatabase(connection: Connection): Promise<void> {
  if (connection.driver === "pglite") {
    await migratePglite(connection.db as never, { migrationsFolder });
    return;
  }
  // Several server processes may start at once: one migrates while the others wait for the lock,
  // held on a connection of its own so that lock and migration share one session.
  const client = postgres(connection.url!, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(727274)`;
    await migratePostgres(drizzlePostgres(client), { migrationsFolder });
  } finally {
    await client.end();
  }
}

type DatabaseState = { connection: Promise<Connection> | null };
const state = globalThis as typeof globalThis & { __coverDatabase?: DatabaseState };
const holder: DatabaseState = (state.__coverDatabase ??= { connection: null });

/**
 * The process-wide database, opened once. Opening neither migrates nor seeds: start-up does both before
 * anything is served (lib/start-service.ts), as `npm run db:migrate` and `npm run db:seed` do for scripts.
 * Kept on globalThis because Next.js may load this module more than once, and an embedded PGlite
 * directory must be opened only once.
 */
export function getConnection(): Promise<Connection> {
  holder.connection ??= openDatabase().catch((error) => {
    holder.connection = null;
    throw error;
  });
  return holder.connection;
}

export async function getDb(): Promise<Database> {
  return (await getConnection()).db;
}

/** Makes `connection` the process-wide database (tests and scripts that prepare their own). */
export function setConnection(connection: Connection): void {
  holder.connection = Promise.resolve(connection);
}

export { schema };
