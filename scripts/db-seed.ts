// npm run db:seed: brings the database named by DATABASE_URL to the state every installation starts from
// (countries, permissions, roles, the default company, BOOTSTRAP_ADMIN_EMAIL's administrator), and adds the
// demo data when SEED_DEMO=1, as start-up does. Safe to run again. Run `npm run db:migrate` first.
import { openDatabase } from "@/db";
import { seedDatabase } from "@/db/seed";
import { logError } from "@/lib/log";

async function main(): Promise<void> {
  const connection = await openDatabase();
  try {
    await seedDatabase(connection.db);
    console.log(`[db:seed] seeded (${connection.driver})${process.env.SEED_DEMO === "1" ? " with the demo data" : ""}`);
  } finally {
    await connection.close();
  }
}

main().catch((error) => {
  logError("[db:seed] failed", error);
  process.exit(1);
});
