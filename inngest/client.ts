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
