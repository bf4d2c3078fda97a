// Runs once when the server starts (`next dev`, and `npm start` through server.ts): opens, migrates and
// seeds the database, prints the demo logins, and starts the in-process background runner when no Inngest
// server is configured.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startService } = await import("./lib/start-service");
  await startService();
}
