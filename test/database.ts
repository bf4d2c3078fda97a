import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import postgres from "postgres";
import { migrateDatabase, openDatabase, pgliteConnection, type Connection } from "@/db";
import { seedDatabase } from "@/db/seed";

// Test databases: one migrated and seeded template per run, and a fresh copy of it for each test file.
// PGlite by default; the PostgreSQL server named by TEST_DATABASE_URL when it is set.

export function serverUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Builds the template: a PGlite data directory dumped to `dumpPath`, or a server database. */
export async function createTemplate(dumpPath: string): Promise<string> {
  const url = serverUrl();
  if (!url) {
    const client = await PGlite.create({ extensions: { vector } });
    const connection = pgliteConnection(client);
    await migrateDatabase(connection);
    await seedDatabase(connection.db);
    const dump = await client.dumpDataDir("none");
    const { writeFile } = await import("node:fs/promises");
    await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
    await client.close();
    return dumpPath;
  }
  const name = `cover_template_${process.pid}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name}`);
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const connection = await openDatabase(withDatabase(url, name));
  await migrateDatabase(connection);
  await seedDatabase(connection.db);
  await connection.close();
  return name;
}

export async function dropTemplate(template: string): Promise<void> {
  const url = serverUrl();
  if (!url) return;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${template} with (force)`);
  await admin.end();
}

/** A private copy of the template for one test file; `close` also drops a server copy. */
export async function openTestDatabase(template: string): Promise<Connection> {
  const url = serverUrl();
  if (!url) {
    const client = await PGlite.create({ loadDataDir: new Blob([await readFile(template)]), extensions: { vector } });
    return pgliteConnection(client);
  }
  const name = `cover_test_${randomBytes(6).toString("hex")}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.unsafe(`create database ${name} template ${template}`);
      break;
    } catch (error) {
      // Two copies of one template at the same instant can collide; wait and try again.
      if (attempt >= 20 || !String((error as Error).message).includes("being accessed by other users")) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
  const connection = await openDatabase(withDatabase(url, name));
  return {
    ...connection,
    close: async () => {
      await connection.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
