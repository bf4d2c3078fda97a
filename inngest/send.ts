import { logError } from "@/lib/log";
import { inngest, isInngestConfigured } from "./client";
import type { BackgroundEvent } from "./events";
import { backgroundFunctions } from "./index";
import { InProcessRunner } from "./runner";

const holder = globalThis as typeof globalThis & { __coverRunner?: InProcessRunner };

/** The process's in-process runner (one per process, whatever Next.js does with module instances). */
export function inProcessRunner(): InProcessRunner {
  return (holder.__coverRunner ??= new InProcessRunner(backgroundFunctions));
}

/**
 * Sends events to Inngest when it is configured, else to the in-process runner. A failure to send is
 * logged, not thrown: the change has committed, and the outbox sweep delivers what was not sent.
 */
export async function sendEvents(events: BackgroundEvent[]): Promise<void> {
  if (events.length === 0) return;
  if (!isInngestConfigured()) {
    for (const event of events) inProcessRunner().dispatch(event);
    return;
  }
  try {
    await inngest.send(events);
  } catch (error) {
    logError("[background] could not send events to Inngest; the outbox sweep will retry", error);
  }
}
