import { getDb } from "@/db";
import { findUnprocessedEvents, processProcessorEvent } from "@/lib/payments/process-processor-event";
import { defineBackgroundFunction } from "../../define";

// Every minute: applies stored events whose processing was lost (a crash after the webhook's commit) or
// failed every retry, each with a back-off from a minute up to an hour (findUnprocessedEvents), until they
// succeed or reach MAX_PROCESSING_ATTEMPTS (about ten hours); the event row shows each failure.
export const sweepProcessorEventsFunction = defineBackgroundFunction(
  { id: "sweep-processor-events", trigger: { cron: "* * * * *" }, retries: 0 },
  async ({ step }) => {
    const ids = await step.run("find-unprocessed", async () => findUnprocessedEvents(await getDb()));
    for (const id of ids) {
      await step.run(`apply-${id}`, async () =>
        processProcessorEvent(await getDb(), id).catch((error: Error) => `FAILED: ${error.message}`),
      );
    }
    return { swept: ids.length };
  },
);
