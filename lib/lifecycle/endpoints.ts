import { PolicyResponse } from "@/lib/emission/schemas";
import { defineOperation } from "@/lib/http/operation";
import { IdParams } from "@/lib/schemas";
import {
  LifecycleRunResponse,
  PolicyTermsResponse,
  RenewalPreviewResponse,
  RunLifecycleInput,
  UpdatePolicyInput,
} from "./schemas";

// The policy lifecycle after issue (lifecycle.md): the daily run, renewal, endorsements, cancellation and
// the import of a book. Its URLs are the policy's (/emission/policies/{id}/...) and /lifecycle/run.
const tag = "Lifecycle";

const readPolicy = ["emission:read", "portal:read"] as const;

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
  getRenewalPreview: defineOperation({
    method: "GET",
    path: "/emission/policies/{id}/renewal-preview",
    tag,
    summary: "What the policy's renewal at the end of its term would be",
    description:
      "The next term's first day (end_date + 1), the version it renews on (its own while still active, else the newest active version of its plan in the policy's currency), and each living, still-covered life kept (age on the new term's first day at most max_renewal_age, its country still available) priced by the pricing engine at that age; `premium` is their sum. The lives not kept are listed in `dropped` with the reason; at renewal their cover ends on the old end_date. 409 when the policy will not renew, saying why, with a `code`: not_in_force (not ACTIVE or IN_ARREARS), not_renewable (its version is_renewable false), auto_renew_off, cancellation_pending (cancel_at set), no_active_version, no_life_left.",
    access: readPolicy,
    params: IdParams,
    responses: {
      200: { description: "RenewalPreview", schema: RenewalPreviewResponse },
      404: { description: "Unknown policy, or one the caller may not see" },
      409: { description: "The policy will not renew, and why" },
    },
  }),
  listTerms: defineOperation({
    method: "GET",
    path: "/emission/policies/{id}/terms",
    tag,
    summary: "The policy's terms, oldest first",
    description:
      "One entry per term (the first at issue, one more at each renewal): its dates, the version and monthly premium it began with, and the lives priced in it with their age on its first day.",
    access: readPolicy,
    params: IdParams,
    responses: {
      200: { description: "PolicyTerm[]", schema: PolicyTermsResponse },
      404: { description: "Unknown policy, or one the caller may not see" },
    },
  }),
  updatePolicy: defineOperation({
    method: "PATCH",
    path: "/emission/policies/{id}",
    tag,
    summary: "Switch a policy's auto_renew",
    description:
      "`auto_renew` false makes the policy expire at the end of its term instead of renewing; true lets it renew (section 5's other rules still apply). Only `auto_renew` is accepted (any other field is 422). A policy CANCELLED, EXPIRED or NOT_TAKEN_UP answers 409. Audited POLICY_UPDATED.",
    access: "emission:write",
    params: IdParams,
    body: UpdatePolicyInput,
    responses: {
      200: { description: "PolicyResponse", schema: PolicyResponse },
      404: { description: "Unknown policy, or outside the caller's scope" },
      409: { description: "The policy has ended" },
      422: { description: "Invalid input: auto_renew missing or not a boolean, or an unknown field" },
    },
  }),
};
