import { PolicyResponse } from "@/lib/emission/schemas";
import { defineOperation } from "@/lib/http/operation";
import { TransactionResponse } from "@/lib/payments/schemas";
import { IdParams } from "@/lib/schemas";
import {
  CancellationResponse,
  CancelPolicyInput,
  DryRunQuery,
  LifecycleRunResponse,
  MarkRefundedInput,
  PolicyTermsResponse,
  PortalCancelInput,
  RenewalPreviewResponse,
  RunLifecycleInput,
  UpdatePolicyInput,
} from "./schemas";

// The policy lifecycle after issue (lifecycle.md): the daily run, renewal, endorsements, cancellation and
// the import of a book. Its URLs are the policy's (/emission/policies/{id}/...), the portal's cancel,
// /lifecycle/run, and the settling of a cancellation's refund (/payments/transactions/{id}/mark-refunded).
const tag = "Lifecycle";

const readPolicy = ["emission:read", "portal:read"] as const;
const cancellationRules =
  "In the cooling-off period (first term, today no later than start_date + the version's cooling_off_days, and no claim ever opened on the policy) the policy is CANCELLED now, whatever `when` says, and every premium received is refunded: each PAID card payment (intent or invoice) through a refund at the processor, each manual payment as a REFUND transaction PENDING until it is marked refunded; each refund is also a REFUND line (negative) of the policy's account. Otherwise NOW cancels without refund, and END_OF_PAID_PERIOD leaves the policy as it is with cancel_at = paid_to_date and auto_renew false (the lifecycle run cancels it after that day); with nothing paid, or a paid-to date already past, END_OF_PAID_PERIOD cancels now. A live card subscription is ended at the processor (at period end for END_OF_PAID_PERIOD). The reason code is kept as cancellation_reason_code; audit POLICY_CANCELLED; the client is sent policy.cancelled. `?dry_run=true` answers the same body (the refund the policy would get) and stores, sends and asks the processor nothing.";

const cancellationResponses = {
  200: { description: "The policy, what is refunded and the refunds", schema: CancellationResponse },
  404: { description: "Unknown policy" },
  409: { description: "The policy is already CANCELLED, EXPIRED or NOT_TAKEN_UP" },
  502: { description: "The card processor refused a refund or failed (nothing is stored)" },
} as const;

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
  cancelPolicy: defineOperation({
    method: "POST",
    path: "/emission/policies/{id}/cancel",
    tag,
    summary: "Cancel a policy, refunding its premiums in the cooling-off period",
    description: cancellationRules,
    access: "policies:transition",
    params: IdParams,
    query: DryRunQuery,
    body: CancelPolicyInput,
    responses: cancellationResponses,
  }),
  cancelOwnPolicy: defineOperation({
    method: "POST",
    path: "/portal/policies/{id}/cancel",
    tag,
    summary: "The client cancels its own policy",
    description: `The signed-in client's own policy only (any other is 404), now, reason_code CLIENT_REQUEST. ${cancellationRules}`,
    access: "portal:read",
    params: IdParams,
    query: DryRunQuery,
    body: PortalCancelInput,
    responses: cancellationResponses,
  }),
  markRefunded: defineOperation({
    method: "POST",
    path: "/payments/transactions/{id}/mark-refunded",
    tag: "Payments",
    summary: "Record that a pending refund has been paid back",
    description:
      "A PENDING REFUND transaction (a cancellation's refund of a manual payment, paid back outside the system) becomes PAID, with `reference` when given; from then on it is netted off the totals. Any other transaction, or a refund already PAID, is 409. Audit REFUND_MARKED_PAID.",
    access: "payments:manage",
    params: IdParams,
    body: MarkRefundedInput,
    responses: {
      200: { description: "The refund, PAID", schema: TransactionResponse },
      404: { description: "Unknown transaction" },
      409: { description: "Not a PENDING refund" },
    },
  }),
};
