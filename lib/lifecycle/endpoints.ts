import { defineOperation } from "@/lib/http/operation";
import { z } from "zod";
import { IdParams } from "@/lib/schemas";
import {
  EndorsePolicyInput,
  EndorsePolicyResponse,
  EndorseQuery,
  EndorsementResponse,
  LifecycleRunResponse,
  RunLifecycleInput,
} from "./schemas";

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
  endorsePolicy: defineOperation({
    method: "POST",
    path: "/emission/policies/{id}/endorsements",
    tag,
    summary: "Add or remove covered lives (an endorsement), effective today",
    description:
      "Only for an ACTIVE policy (409 naming its status). Added lives are checked as at issue at their age today (max_entry_age, country availability, one SELF and one SPOUSE across the lives the policy keeps and the added ones, not born after today) and priced at that age; their cover starts today. Removed lives' cover ends today. Unknown ids, other policies' lives, deceased lives, lives already removed, and leaving no covered life are 422. final_price becomes the sum of the covered lives' prices at once and applies to every premium not yet paid (no proration); a card subscription's amount is updated at the processor, and the client is notified. With dry_run=true: 200 with the same body (added lives and the endorsement have a null id), and nothing is stored, sent or told to the processor.",
    access: "emission:write",
    params: IdParams,
    query: EndorseQuery,
    body: EndorsePolicyInput,
    responses: {
      200: { description: "dry_run: what the endorsement would do", schema: EndorsePolicyResponse },
      201: { description: "The endorsement and the policy after it", schema: EndorsePolicyResponse },
      404: { description: "Unknown policy, or not in the caller's scope" },
      409: { description: "The policy is not ACTIVE" },
      422: { description: "A rule refuses the change; errors name add.N.<field> or remove.N" },
    },
  }),
  listEndorsements: defineOperation({
    method: "GET",
    path: "/emission/policies/{id}/endorsements",
    tag,
    summary: "A policy's endorsements, newest first",
    description:
      "Changes of covered lives, by people and by the system (a life marked deceased ends its cover and re-prices the policy: created_by system:deceased).",
    access: ["emission:read", "portal:read"],
    params: IdParams,
    responses: {
      200: { description: "Endorsements, newest first", schema: z.array(EndorsementResponse) },
      404: { description: "Unknown policy, or not the caller's" },
    },
  }),
};
