import { defineOperation, listResponse } from "@/lib/http/operation";
import { IdParams } from "@/lib/schemas";
import { MAX_CLAIM_DOCUMENT_BYTES } from "./documents/limits";
import {
  ClaimDocumentResponse,
  ClaimExpenseResponse,
  ClaimPayoutResponse,
  ClaimRequirementResponse,
  ClaimResponse,
  ClaimStatusInput,
  CorrectionInput,
  CreateClaimInput,
  CreateExpenseInput,
  CreatePayoutInput,
  DocumentParams,
  ExpenseParams,
  ListClaimsQuery,
  PaginatedClaims,
  PayoutParams,
  PutRequirementListInput,
  ReportDeathInput,
  RequirementListQuery,
  RequirementListResponse,
  RequirementParams,
  ReviewRequirementInput,
  UpdateClaimInput,
  UpdateExpenseInput,
  UploadClaimDocumentForm,
} from "./schemas";

const tag = "Claims";

const readClaims = ["claims:read", "portal:read"] as const;

export const claimsEndpoints = {
  listClaims: defineOperation({
    method: "GET",
    path: "/claims/",
    tag,
    summary: "Claims in the caller's scope (a client: under its own policies), overdue first, then newest report",
    description:
      "Filters: `status`, `policy_id`, `q` (the start of the claim number or the policy number, or part of the client's or the deceased's name, in any letter case and with or without accents). Order: overdue claims (`is_overdue`) first; then `sort=-reported_at` (the default) lists the newest report first, `sort=reported_at` the oldest first. Paginated (`page`, `page_size`), or walked by `cursor` in the stable order newest created first (then id), which ignores `sort` and the overdue-first order: without a cursor, `next_cursor` starts the walk at its beginning (the claims created up to that first read), so a walk from it returns every claim once, the first page's claims included again. `format=csv|xlsx` downloads every matching claim in the walk's order.",
    access: readClaims,
    query: ListClaimsQuery,
    responses: { 200: listResponse("A page of claims", PaginatedClaims) },
  }),
  getClaim: defineOperation({
    method: "GET",
    path: "/claims/{id}",
    tag,
    summary: "One claim with its eligibility, checklist, documents, expenses, payouts and status history",
    access: readClaims,
    params: IdParams,
    responses: {
      200: { description: "ClaimResponse", schema: ClaimResponse },
      404: { description: "Unknown claim, or not the caller's" },
    },
  }),
  createClaim: defineOperation({
    method: "POST",
    path: "/claims/",
    tag,
    summary: "Report a claim for a beneficiary of a policy, with the facts of the death",
    description:
      'Checks in order: unknown policy (or outside the caller\'s scope) 404; the beneficiary not on that policy 422 "beneficiary does not belong to the policy"; a `date_of_death` after today (UTC) or before the life\'s date of birth 422. Without `date_of_death` the policy must be in force today (IN_ARREARS counts: a death in the grace period is covered), else 422 "policy is not active"; with it, in force on that day, else 422 "policy was not in force on <date>" (claims-cover.md section 1). A life not covered that day does not block the claim: its `eligibility` says why. `repatriation_to_country` defaults to the life\'s country of residence, else the client\'s, else the client\'s nationality. The claim starts PENDING with its checklist (`requirements`) and its first history row.',
    access: "claims:write",
    body: CreateClaimInput,
    responses: {
      201: { description: "ClaimResponse", schema: ClaimResponse },
      404: { description: "Unknown policy" },
      422: { description: "Policy not in force, beneficiary not on the policy, or a date of death out of bounds" },
    },
  }),
  updateClaim: defineOperation({
    method: "PATCH",
    path: "/claims/{id}",
    tag,
    summary: "Correct the facts of the death (date, cause, places) or the description",
    description:
      "While the claim is neither CLOSED nor REJECTED (409). Dates are checked as on creation (422); cover is never a reason to refuse the change: the eligibility is computed again. When the places change, checklist items that now apply are added and items no longer applying that are still MISSING are dropped. Audited CLAIM_UPDATED.",
    access: "claims:write",
    params: IdParams,
    body: UpdateClaimInput,
    responses: {
      200: { description: "ClaimResponse", schema: ClaimResponse },
      404: { description: "Unknown claim" },
      409: { description: "The claim is CLOSED or REJECTED" },
      422: { description: "A date of death after today or before the life's date of birth" },
    },
  }),
  reportDeath: defineOperation({
    method: "POST",
    path: "/portal/claims",
    tag,
    summary: "A client reports a death on its own policy",
    description:
      "The rules of `POST /claims/` for the client's own policy (another client's policy, or an unknown one: 404); `date_of_death` is required. The client then follows the claim with `GET /claims/` and uploads its documents with `POST /claims/{id}/documents`.",
    access: "portal:read",
    body: ReportDeathInput,
    responses: {
      201: { description: "ClaimResponse", schema: ClaimResponse },
      404: { description: "Unknown policy, or not the client's" },
      422: {
        description: "Policy not in force on the date of death, beneficiary not on the policy, or a date out of bounds",
      },
    },
  }),
  getRequirementList: defineOperation({
    method: "GET",
    path: "/claims/requirements",
    tag,
    summary: "The company's checklist items: its base list, or a destination's extra items",
    description:
      "Without `country`: the base list (the built-in DEATH_CERTIFICATE, ID_OF_DECEASED, CLAIM_FORM and FUNERAL_HOME_INVOICE until the company sets its own). With `country`: the extra items of that destination (`items` [] when none). The repatriation items (EMBALMING_CERTIFICATE, TRANSIT_PERMIT, CONSULAR_AUTHORIZATION, AIR_WAYBILL) are built in and added to a claim whose places of death and destination differ.",
    access: "claims:read",
    query: RequirementListQuery,
    responses: { 200: { description: "The list", schema: RequirementListResponse } },
  }),
  putRequirementList: defineOperation({
    method: "PUT",
    path: "/claims/requirements",
    tag,
    summary: "Set a destination's extra checklist items, or (country null) replace the base list",
    description:
      "Each item carries its own `mandatory` flag (default true); codes are unique within the list. Claims already open keep their checklist. Audited CLAIM_REQUIREMENTS_SET.",
    access: "claims:manage",
    body: PutRequirementListInput,
    responses: {
      200: { description: "The list as stored", schema: RequirementListResponse },
      422: { description: "A bad item or a repeated code" },
    },
  }),
  uploadDocument: defineOperation({
    method: "POST",
    path: "/claims/{id}/documents",
    tag,
    summary: "Upload a document for an item of the claim's checklist",
    description:
      "Multipart `file` (PDF, JPEG or PNG, decided by its content, at most 10 MiB = 10,485,760 bytes) and `requirement_code`. The item becomes RECEIVED (also after ACCEPTED or REJECTED). Staff with claims:write; a client (portal:read) for its own claims only. Not on a CLOSED or REJECTED claim (409). Audited CLAIM_DOCUMENT_UPLOADED.",
    access: ["claims:write", "portal:read"],
    params: IdParams,
    multipart: {
      description: "The file and the checklist item",
      schema: UploadClaimDocumentForm,
      maxBytes: MAX_CLAIM_DOCUMENT_BYTES,
    },
    responses: {
      201: { description: "The document", schema: ClaimDocumentResponse },
      404: { description: "Unknown claim, or not the caller's" },
      409: { description: "The claim is CLOSED or REJECTED" },
      413: { description: "Larger than 10 MiB" },
      422: { description: "Not a PDF, JPEG or PNG; no file; an unknown requirement_code" },
    },
  }),
  getDocument: defineOperation({
    method: "GET",
    path: "/claims/{id}/documents/{document_id}",
    tag,
    summary: "Download an uploaded document",
    description: "The file as uploaded, with its content type, as an attachment.",
    access: readClaims,
    params: DocumentParams,
    responses: {
      200: { description: "The file", contentType: "application/octet-stream" },
      404: { description: "Unknown claim or document, or not the caller's" },
    },
  }),
  reviewRequirement: defineOperation({
    method: "PATCH",
    path: "/claims/{id}/requirements/{code}",
    tag,
    summary: "Accept or reject an item of the checklist",
    description:
      "ACCEPTED needs an uploaded document (422 without). Not on a CLOSED or REJECTED claim (409). Audited CLAIM_REQUIREMENT_REVIEWED.",
    access: "claims:manage",
    params: RequirementParams,
    body: ReviewRequirementInput,
    responses: {
      200: { description: "The requirement", schema: ClaimRequirementResponse },
      404: { description: "Unknown claim, or no such item on it" },
      409: { description: "The claim is CLOSED or REJECTED" },
      422: { description: "ACCEPTED without a document" },
    },
  }),
  recordPayout: defineOperation({
    method: "POST",
    path: "/claims/{id}/payouts",
    tag,
    summary: "Record money paid out on an approved claim",
    description:
      "Only on an APPROVED claim (409). The payouts of a currency may not exceed the claim's expenses in that currency (422). Audited CLAIM_PAYOUT_RECORDED.",
    access: "claims:manage",
    params: IdParams,
    body: CreatePayoutInput,
    responses: {
      201: { description: "The payout", schema: ClaimPayoutResponse },
      404: { description: "Unknown claim" },
      409: { description: "The claim is not APPROVED" },
      422: { description: "Amount not above 0, or more than the expenses in that currency" },
    },
  }),
  addExpense: defineOperation({
    method: "POST",
    path: "/claims/{id}/expenses",
    tag,
    summary: "Record an expense of a claim",
    description: "amount above 0; currency defaults to USD; only while the claim is neither CLOSED nor REJECTED (409).",
    access: "claims:write",
    params: IdParams,
    body: CreateExpenseInput,
    responses: {
      201: { description: "The expense", schema: ClaimExpenseResponse },
      404: { description: "Unknown claim" },
      409: { description: "The claim is CLOSED or REJECTED" },
    },
  }),
  updateExpense: defineOperation({
    method: "PATCH",
    path: "/claims/{id}/expenses/{expense_id}",
    tag,
    summary: "Fix an expense of an undecided claim",
    description:
      "Only while the claim is PENDING or IN_REVIEW. Once the claim is decided (APPROVED, REJECTED or CLOSED) its expenses and payouts are never edited or deleted: 409 with `code` `claim_decided`, and the amount changes only through a recorded correction (`POST /claims/{id}/expenses/{expense_id}/corrections`). At least one field (422 `no_changes`). Audited CLAIM_EXPENSE_UPDATED with the values before and after.",
    access: "claims:write",
    params: ExpenseParams,
    body: UpdateExpenseInput,
    responses: {
      200: { description: "The expense", schema: ClaimExpenseResponse },
      404: { description: "Unknown claim, or no such expense on it" },
      409: { description: "`claim_decided`: the claim is APPROVED, REJECTED or CLOSED" },
    },
  }),
  deleteExpense: defineOperation({
    method: "DELETE",
    path: "/claims/{id}/expenses/{expense_id}",
    tag,
    summary: "Remove an expense entered by mistake on an undecided claim",
    description:
      "Only while the claim is PENDING or IN_REVIEW; on a decided claim 409 `claim_decided` (a correction to 0 cancels the expense and keeps it visible). Audited CLAIM_EXPENSE_DELETED.",
    access: "claims:write",
    params: ExpenseParams,
    responses: {
      204: { description: "Removed" },
      404: { description: "Unknown claim, or no such expense on it" },
      409: { description: "`claim_decided`: the claim is APPROVED, REJECTED or CLOSED" },
    },
  }),
  correctExpense: defineOperation({
    method: "POST",
    path: "/claims/{id}/expenses/{expense_id}/corrections",
    tag,
    summary: "Correct an expense's amount, with a reason: the way to change it once the claim is decided",
    description:
      "Sets the expense's `amount` (0 cancels it) and records the correction: the amount it replaced, who and why, listed in the expense's `corrections`; `original_amount` keeps the amount as first recorded. Not on a CLOSED claim (409 `claim_closed`). The expenses of the currency may not fall below what was paid out in it (422 `expenses_below_payouts`); the same amount again is 422 `no_changes`. Audited CLAIM_EXPENSE_CORRECTED.",
    access: "claims:manage",
    params: ExpenseParams,
    body: CorrectionInput,
    responses: {
      201: { description: "The expense, corrected", schema: ClaimExpenseResponse },
      404: { description: "Unknown claim, or no such expense on it" },
      409: { description: "`claim_closed`: the claim is CLOSED" },
      422: { description: "No reason, the same amount, or less than the payouts in that currency" },
    },
  }),
  correctPayout: defineOperation({
    method: "POST",
    path: "/claims/{id}/payouts/{payout_id}/corrections",
    tag,
    summary: "Correct a payout's amount, with a reason: the only way to change a payout",
    description:
      "A payout exists only on a decided claim (it is recorded on APPROVED ones), so it has no edit or delete: this correction is the way to change it. Sets the payout's `amount` (0 cancels it) and records the correction (the amount it replaced, who and why) in the payout's `corrections`; `original_amount` keeps the amount as first recorded. Not on a CLOSED claim (409 `claim_closed`). The payouts of the currency may not exceed its expenses (422 `payout_exceeds_expenses`); the same amount again is 422 `no_changes`. Audited CLAIM_PAYOUT_CORRECTED.",
    access: "claims:manage",
    params: PayoutParams,
    body: CorrectionInput,
    responses: {
      201: { description: "The payout, corrected", schema: ClaimPayoutResponse },
      404: { description: "Unknown claim, or no such payout on it" },
      409: { description: "`claim_closed`: the claim is CLOSED" },
      422: { description: "No reason, the same amount, or more than the expenses in that currency" },
    },
  }),
  moveClaim: defineOperation({
    method: "PATCH",
    path: "/claims/{id}/status",
    tag,
    summary: "Move a claim to another status, with a reason",
    description:
      "PENDING -> IN_REVIEW or REJECTED; IN_REVIEW -> APPROVED, REJECTED or PENDING; APPROVED -> CLOSED; REJECTED and CLOSED are final. Any other move 409 naming both statuses. APPROVED needs `eligibility.covered` and every mandatory requirement ACCEPTED; CLOSED needs the payouts to equal the expenses in every currency: else 422 with the reasons in `errors`, unless `override: true` (claims:override, else 403), audited CLAIM_OVERRIDDEN with what it overrode. The move to APPROVED sets `approved_at` and `settle_by`. Each move writes a history row with who and why.",
    access: "claims:manage",
    params: IdParams,
    body: ClaimStatusInput,
    responses: {
      200: { description: "ClaimResponse", schema: ClaimResponse },
      404: { description: "Unknown claim" },
      403: { description: "`override` without claims:override" },
      409: { description: "The move is not allowed" },
      422: { description: "What blocks the approval or the closing, in `errors`" },
    },
  }),
};
