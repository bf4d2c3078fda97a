import { defineOperation } from "@/lib/http/operation";
import { TransactionResponse } from "@/lib/payments/schemas";
import { IdParams } from "@/lib/schemas";
import {
  CancellationResponse,
  CancelPolicyInput,
  DryRunQuery,
  LifecycleRunResponse,
  MarkRefundedInput,
  PortalCancelInput,
  RunLifecycleInput,
} from "./schemas";

// The policy lifecycle after issue (lifecycle.md): the daily run, renewal, endorsements, cancellation and
// the import of a book. Its URLs are the policy's (/emission/policies/{id}/...), the portal's cancel,
// /lifecycle/run, and the settling of a cancellation's refund (/payments/transactions/{id}/mark-refunded).
const tag = "Lifecycle";

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
