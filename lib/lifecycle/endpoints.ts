import { defineOperation } from "@/lib/http/operation";
import { LifecycleRunResponse, RunLifecycleInput } from "./schemas";

// The policy lifecycle after issue (lifecycle.md): the daily run, renewal, endorsements, cancellation and
// the import of a book. Its URLs are the policy's (/emission/policies/{id}/...) and /lifecycle/run.
const tag = "Lifecycle";

export const lifecycleEndpoints = {
  runLifecycle: defineOperation({
    method: "POST",
    path: "/lifecycle/run",
    tag,
    summary: "Apply every lifecycle move due on or before a day",
    description:
      "Not taken up, arrears, lapse, cancellation at the end of the paid period, renewal or expiry at term end, then the notices, in that order, each through the policy state machine. Running the same day again changes nothing; a run already in progress answers 409.",
    access: "lifecycle:run",
    body: RunLifecycleInput,
    responses: {
      200: { description: "What moved", schema: LifecycleRunResponse },
      409: { description: "A lifecycle run is in progress" },
    },
  }),
};
