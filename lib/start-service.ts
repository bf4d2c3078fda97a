import { getConnection, migrateDatabase } from "@/db";
import { seedDatabase } from "@/db/seed";
import { DEMO_LOGINS } from "@/db/seed/demo";
import { getAuthSecret } from "@/lib/auth/secret";
import { listenForCatalogChanges } from "@/lib/catalog/pricing-config";
import { prepareWalletSigner } from "@/lib/emission/wallet-pass/signer";
import { inngestServeMode, isInngestConfigured } from "@/inngest/client";
import { inProcessRunner, sendEvents } from "@/inngest/send";
import { registerEventSink } from "@/lib/event-sink";

const holder = globalThis as typeof globalThis & { __coverStarted?: Promise<void> };

/**
 * Prepares the wallet-pass signer, registers the event sink, opens, migrates and seeds the database,
 * listens for catalog changes, prints the demo logins and starts the background crons, once per process:
 * instrumentation.ts (Next.js's bundle) and server.ts (the production server's bundle) both call it, and
 * the process-wide promise on globalThis makes the second call wait for the first instead of starting the
 * crons again. Nothing is served before it has finished: Next.js awaits instrumentation's register().
 */
export function startService(): Promise<void> {
  holder.__coverStarted ??= start().catch((error) => {
    holder.__coverStarted = undefined;
    throw error;
  });
  return holder.__coverStarted;
}

async function start(): Promise<void> {
  // In production a missing or short AUTH_SECRET stops start-up here, before anything is served.
  getAuthSecret();
  // A partial WALLET_* configuration stops start-up here; with none, the development certificate is made now.
  prepareWalletSigner();
  // Committed writes hand their events to inngest/send from here on (lib/event-sink.ts).
  registerEventSink(sendEvents);
  const connection = await getConnection();
  await migrateDatabase(connection);
  // The permissions, roles, default company and bootstrap administrator; the demo data when SEED_DEMO=1.
  await seedDatabase(connection.db);
  const where =
    connection.driver === "postgres"
      ? "PostgreSQL server"
      : process.env.DATABASE_URL === "memory://"
        ? "in-memory PGlite"
        : "PGlite under .data/pglite";
  console.log(`[start] database ready (${where}), migrations applied`);
  await listenForCatalogChanges(connection);
  if (process.env.SEED_DEMO === "1") {
    console.log("[start] demo logins:");
    for (const login of DEMO_LOGINS)
      console.log(`[start]   ${login.role.padEnd(8)} ${login.email} / ${login.password}`);
  }
  // Inngest could not call the functions: in production /api/inngest serves only calls signed with the key.
  if (process.env.NODE_ENV === "production" && isInngestConfigured() && inngestServeMode() === "off") {
    throw new Error(
      "INNGEST_SIGNING_KEY must be set in production with INNGEST_EVENT_KEY or INNGEST_DEV: /api/inngest serves only signed calls",
    );
  }
  if (isInngestConfigured()) {
    console.log("[start] background functions: served to Inngest at /api/inngest");
  } else {
    inProcessRunner().startCrons();
    console.log(
      "[start] background functions: running in-process (set INNGEST_EVENT_KEY or INNGEST_DEV to use Inngest)",
    );
  }
}
