import { getDb } from "@/db";
import { EVENT_PROCESSING_ATTEMPTS, processProcessorEvent } from "@/lib/payments/process-processor-event";
import { defineBackgroundFunction } from "../../define";

// Applies one stored webhook event; a failure is recorded on the event and retried.
export const processProcessorEventFunction = defineBackgroundFunction(
  {
    id: "process-processor-event",
    trigger: { event: "payments/processor-event.received" },
    retries: EVENT_PROCESSING_ATTEMPTS - 1,
  },
  async ({ event, step }) => step.run("apply", async () => processProcessorEvent(await getDb(), event.data.event_id)),
);
