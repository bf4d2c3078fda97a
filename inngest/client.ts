import { Inngest } from "inngest";

/**
 * The Inngest client. With INNGEST_EVENT_KEY (Inngest Cloud) or INNGEST_DEV (a local Inngest dev
 * server) set, events go to Inngest, which calls the functions back at /api/inngest. Without either,
 * the in-process runner (runner.ts) executes the same functions inside the server.
 */
export const inngest = new Inngest({ id: "funeral-cover" });

export function isInngestConfigured(): boolean {
  return Boolean(process.env.INNGEST_EVENT_KEY || process.env.INNGEST_DEV);
}

/**
 * How /api/inngest serves (inngest/endpoint.ts): to calls signed with INNGEST_SIGNING_KEY, to a local
 * dev server (INNGEST_DEV, development only), or not at all (the functions run in-process).
 */
export function inngestServeMode(env: NodeJS.ProcessEnv = process.env): "signed" | "dev" | "off" {
  if (env.NODE_ENV !== "production" && env.INNGEST_DEV) return "dev";
  return env.INNGEST_SIGNING_KEY ? "signed" : "off";
}
