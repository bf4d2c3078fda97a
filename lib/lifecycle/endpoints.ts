import { PolicyResponse } from "@/lib/emission/schemas";
import { defineOperation } from "@/lib/http/operation";
import { TransactionResponse } from "@/lib/payments/schemas";
import { IdParams } from "@/lib/schemas";
import { IMPORT_COLUMNS, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from "./import/book-rows";
import {
  CancellationResponse,
  CancelPolicyInput,
  DryRunQuery,
  EndorsePolicyInput,
  EndorsePolicyResponse,
  EndorsementsResponse,
  ImportBookForm,
  ImportBookResponse,
  ImportPolicyInput,
  ImportTemplateQuery,
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
      422: { description: "as_of after today (unless the server runs with LIFECYCLE_ALLOW_FUTURE=1)" },
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
  endorsePolicy: defineOperation({
    method: "POST",
    path: "/emission/policies/{id}/endorsements",
    tag,
    summary: "Add or remove covered lives (an endorsement), effective today",
    description:
      "Only for an ACTIVE policy (409 naming its status). Added lives are checked as at issue at their age today (max_entry_age, country availability, one SELF and one SPOUSE across the lives the policy keeps and the added ones, not born after today) and priced at that age; their cover starts today. Removed lives' cover ends today. Unknown ids, other policies' lives, deceased lives, lives already removed, and leaving no covered life are 422. final_price becomes the sum of the covered lives' prices at once and applies to every premium not yet paid (no proration); a card subscription's amount is updated at the processor, and the client is notified. With dry_run=true: 200 with the same body (added lives and the endorsement have a null id), and nothing is stored, sent or told to the processor.",
    access: "emission:write",
    params: IdParams,
    query: DryRunQuery,
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
      200: { description: "Endorsements, newest first", schema: EndorsementsResponse },
      404: { description: "Unknown policy, or not the caller's" },
    },
  }),
  importPolicy: defineOperation({
    method: "POST",
    path: "/emission/policies/import",
    tag,
    summary: "Import one policy of an existing book",
    description:
      'A policy brought from another system, in the status the lifecycle would give it today: no paid_to_date PENDING_PAYMENT (NOT_TAKEN_UP once start_date + not_taken_up_days has passed), paid to today or later ACTIVE, within the grace period IN_ARREARS, beyond it LAPSED (lapsed_on = paid_to_date + grace_period_days + 1). The current term is the anniversary term that holds today. Entry ages are not checked. Without premium each life is priced at its age at the current term start; with it, the premium is split evenly over the lives. The history holds the import (reason "imported", effective start_date) and the moves the lifecycle would have written (into IN_ARREARS effective paid_to_date + 1, into LAPSED effective lapsed_on); an imported paid-to date is recorded by an ADJUSTMENT of 0.00 in the account. Nothing is sent to the client.',
    access: "policies:import",
    // A script importing a book retries; without a policy_number each retry would be another policy.
    idempotent: true,
    body: ImportPolicyInput,
    responses: {
      201: { description: "PolicyResponse", schema: PolicyResponse },
      400: { description: "The plan version is not active" },
      404: { description: "Unknown client or plan version, or one outside the caller's scope" },
      409: { description: "Another policy has this policy_number" },
      422: {
        description:
          "start_date after today or more than 10 years ago, paid_to_date before start_date, a premium the currency cannot hold, a date of birth after today or after the life's cover start, a cover_start_date before start_date or after today, a second SELF or SPOUSE, or (without premium) a life in a country the version is not sold in",
      },
    },
  }),
  importBook: defineOperation({
    method: "POST",
    path: "/emission/policies/import/bulk",
    tag,
    summary: "Import a book of policies from a spreadsheet",
    description: `A .xlsx or .csv file of at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB and ${MAX_IMPORT_ROWS.toLocaleString("en")} rows with the columns ${IMPORT_COLUMNS.join(", ")}: one row per life, the policy's columns repeated on each row of its lives and the same on each, grouped by policy_number (a row without one is a policy of its own, given a new number). Each policy is checked as POST /emission/policies/import checks it; the file is imported whole: every bad row is listed in \`errors\` as {row, column, message, code} (a policy's problems on its first row; an unknown client or version, or a number another policy has, is a bad row) and nothing is stored. Read on a worker thread within a time limit (503 \`job_timed_out\` past it), with the bounds checked before parsing as the bulk upload does.`,
    access: "policies:import",
    multipart: { description: "The file", schema: ImportBookForm, maxBytes: MAX_IMPORT_BYTES },
    responses: {
      201: { description: "How many policies were imported", schema: ImportBookResponse },
      413: {
        description: `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB or has more than ${MAX_IMPORT_ROWS.toLocaleString("en")} rows under the header (blank rows count)`,
      },
      422: { description: "Not a spreadsheet, a cell outside the template's columns, or bad rows (listed in errors)" },
      503: { description: "The file was not read within the time limit, or the server is busy; try again later" },
    },
  }),
  importTemplate: defineOperation({
    method: "GET",
    path: "/emission/policies/import/template",
    tag,
    summary: "The import template (.xlsx, or .csv with format=csv) with the header row",
    access: "policies:import",
    query: ImportTemplateQuery,
    responses: {
      200: {
        description: "The template",
        contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      },
    },
  }),
};
