import { randomBytes } from "node:crypto";
import postgres from "postgres";
import type { Cleanup } from "./cleanup";

/** The server's maintenance database, from which benchmark databases are created and dropped. */
export const ADMIN_DATABASE_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * Creates an empty database on the PostgreSQL server and registers its drop with `cleanup`
 * (`WITH (FORCE)` ends connections a killed server may have left). Returns its URL.
 */
export async function createFreshDatabase(cleanup: Cleanup, prefix: string): Promise<string> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = postgres(ADMIN_DATABASE_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  cleanup.add(`drop database ${name}`, async () => {
    const dropper = postgres(ADMIN_DATABASE_URL, { max: 1, onnotice: () => {} });
    try {
      await dropper.unsafe(`drop database if exists "${name}" with (force)`);
    } finally {
      await dropper.end();
    }
  });
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}
