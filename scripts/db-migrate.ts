// npm run db:migrate: applies db/migrations to the database named by DATABASE_URL (empty: the embedded
// PGlite under .data/pglite; memory://; file:<dir>; postgres://...). Start-up does the same, so this is for
// preparing a database before the service (or a script that only opens it) runs.
import { migrateDatabase, openDatabase } from "@/db";
import { logError } from "@/lib/log";

async function main(): Promise<void> {
  const connection = await openDatabase();
  try {
    await migrateDatabase(connection);
    console.log(`[db:migrate] migrations applied (${connection.driver})`);
  } finally {
    await connection.close();
  }
}

main().catch((error) => {
  logError("[db:migrate] failed", error);
  process.exit(1);
});
