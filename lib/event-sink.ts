import type { BackgroundEvent } from "@/inngest/events";
import { logError } from "@/lib/log";

/** Where the events of committed writes go: start-up registers inngest/send's sendEvents. */
export type EventSink = (events: BackgroundEvent[]) => Promise<void>;

// On globalThis: Next.js may load this module more than once (instrumentation's bundle registers the sink,
// the route handlers' bundles use it), and every copy must see the one sink.
const holder = globalThis as typeof globalThis & { __coverEventSink?: EventSink };

/**
 * Makes `sink` receive the events of every committed write in this process. The services never import
 * the background functions (which import the services): start-up (lib/start-service.ts) and the test
 * setup (test/setup.ts) hand the sink in instead.
 */
export function registerEventSink(sink: EventSink): void {
  holder.__coverEventSink = sink;
}

/**
 * Hands committed events to the registered sink. With none registered (a script that did not start the
 * service), the events are logged and dropped, not thrown: the write has committed, and the rows it wrote
 * stay in their outboxes (notifications, processor events, CRM syncs), where the service's sweeps find
 * and send them once it runs. An event with no outbox row of its own (a password reset link) is lost, as
 * it would be if the process stopped between commit and send.
 */
export async function deliverEvents(events: BackgroundEvent[]): Promise<void> {
  if (events.length === 0) return;
  const sink = holder.__coverEventSink;
  if (!sink) {
    const names = events.map((event) => event.name).join(", ");
    logError(`[background] no event sink registered, not sent: ${names}; the outbox sweeps send what has a row`);
    return;
  }
  await sink(events);
}
