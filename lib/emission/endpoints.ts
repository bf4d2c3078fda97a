import { z } from "zod";
import { LANGUAGES } from "@/db/enums";
import { defineOperation, listResponse } from "@/lib/http/operation";
import { IdParams } from "@/lib/schemas";
import {
  ClientResponse,
  CreateClientInput,
  IssuePolicyInput,
  ListClientsQuery,
  ListPoliciesQuery,
  MarkDeceasedResponse,
  PaginatedClients,
  PaginatedPolicies,
  PolicyDetailResponse,
  PolicyResponse,
  PortalResponse,
  TransitionInput,
  UpdateClientInput,
  VerificationResponse,
  VerifyParams,
} from "./schemas";
import { BulkUploadForm, MAX_UPLOAD_BYTES } from "./bulk-upload/schemas";
import { AccountResponse } from "./account/schemas";

const tag = "Emission";

const readPolicy = ["emission:read", "portal:read"] as const;

export const emissionEndpoints = {
  createClient: defineOperation({
    method: "POST",
    path: "/emission/clients",
    tag,
    summary: "Register a client (the insured holder)",
    description:
      "The client records the company and business unit of its creator. The e-mail is unique across every client in any letter case (409); country codes must be upper-case ISO 3166-1 codes (422).",
    access: "emission:write",
    body: CreateClientInput,
    responses: {
      201: { description: "ClientResponse", schema: ClientResponse },
      409: { description: "A client with this e-mail exists" },
    },
  }),
  listClients: defineOperation({
    method: "GET",
    path: "/emission/clients",
    tag,
    summary: "Clients in the caller's scope, newest first",
    access: "emission:read",
    query: ListClientsQuery,
    responses: { 200: listResponse("A page of clients", PaginatedClients) },
  }),
  getClient: defineOperation({
    method: "GET",
    path: "/emission/clients/{id}",
    tag,
    summary: "One client",
    access: "emission:read",
    params: IdParams,
    responses: {
      200: { description: "ClientResponse", schema: ClientResponse },
      404: { description: "Unknown client, or outside the caller's scope" },
    },
  }),
  updateClient: defineOperation({
    method: "PATCH",
    path: "/emission/clients/{id}",
    tag,
    summary: "Edit a client (names, e-mail, phone, country of residence, preferred language)",
    description:
      "The fields given change, with the rules of creation: at least one field; the country must exist (422); a phone without + is read in the country of residence (the new one when it changes too) and stored in E.164, null removes it; the e-mail is unique across every client in any letter case (409). `preferred_language` is the language of the client's certificate, wallet pass and notifications. Audited CLIENT_UPDATED.",
    access: "emission:write",
    params: IdParams,
    body: UpdateClientInput,
    responses: {
      200: { description: "ClientResponse", schema: ClientResponse },
      404: { description: "Unknown client, or outside the caller's scope" },
      409: { description: "A client with this e-mail exists" },
      422: {
        description:
          "Invalid input (with `errors` per field): no field, an unknown field, an unknown country, a phone that is not valid for its country",
      },
    },
  }),
  issuePolicy: defineOperation({
    method: "POST",
    path: "/emission/issue",
    tag,
    summary: "Issue a policy for a client and its beneficiaries",
    description:
      "Checks in order: unknown client or plan version 404; inactive version 400; start_date before today (UTC) 422; more than one SELF or SPOUSE, or a beneficiary born after start_date, 422; a beneficiary's age at start_date above max_entry_age 422 (the detail names the beneficiary and both ages); the beneficiary's country (its own, else the client's) not available 422. Every failing beneficiary is listed in `errors` by path. Each beneficiary is priced by the catalog's pricing engine (quantity 1) and final_price is their sum. The policy starts PENDING_PAYMENT with end_date = start_date + 1 year - 1 day and a number POL-<year>-<6 digits>, sequential per year; the client is notified by e-mail.",
    access: "emission:write",
    idempotent: true,
    body: IssuePolicyInput,
    responses: {
      201: { description: "PolicyResponse", schema: PolicyResponse },
      400: { description: "The plan version is not active" },
      404: {
        description:
          "Unknown client or plan version, or one of another company (a company's product is issued only inside it)",
      },
      409: { description: "The Idempotency-Key was used with another body" },
      422: { description: "A date, age or country rule failed" },
    },
  }),
  listPolicies: defineOperation({
    method: "GET",
    path: "/emission/policies",
    tag,
    summary: "Policies in the caller's scope (a client: its own), newest first",
    access: readPolicy,
    query: ListPoliciesQuery,
    responses: { 200: listResponse("A page of policies", PaginatedPolicies) },
  }),
  getPolicy: defineOperation({
    method: "GET",
    path: "/emission/policies/{id}",
    tag,
    summary: "One policy with its beneficiaries and status history",
    access: readPolicy,
    params: IdParams,
    responses: {
      200: { description: "PolicyResponse with status_history", schema: PolicyDetailResponse },
      404: { description: "Unknown policy, or not the caller's" },
    },
  }),
  getAccount: defineOperation({
    method: "GET",
    path: "/emission/policies/{id}/account",
    tag,
    summary: "The policy's account: premium, paid-to date, credit, arrears and entries",
    description:
      "Premiums are monthly; the k-th month of cover ends on add_months(start_date, k) - 1 day. A manual payment or card intent adds to `credit`, and while the credit covers a whole premium one is taken (a PREMIUM_PAID entry naming the month) and `paid_to_date` moves to the end of the next month of cover; a paid invoice covers its line's period (paid_to_date at least the day before the period ends). `arrears_amount`: one premium for each month that began on or before today (UTC) and after paid_to_date, less credit, never below zero. Entries oldest first.",
    access: readPolicy,
    params: IdParams,
    responses: {
      200: { description: "The account", schema: AccountResponse },
      404: { description: "Unknown policy, or not the caller's" },
    },
  }),
  transitionPolicy: defineOperation({
    method: "POST",
    path: "/emission/policies/{id}/transition",
    tag,
    summary: "Move a policy to another status by hand",
    description:
      "Allowed: DRAFT -> PENDING_PAYMENT; ACTIVE -> IN_ARREARS or EXPIRED; and into CANCELLED from any status but CANCELLED, EXPIRED and NOT_TAKEN_UP, which are final. A move into ACTIVE is 409 `record a payment or reinstate instead`: only premiums, reinstatement and renewal make a policy ACTIVE. A move into CANCELLED is a cancellation (POST /emission/policies/{id}/cancel with reason_code OTHER, NOW, the given reason): in the cooling-off period every premium received is refunded; LAPSED -> CANCELLED closes a lapsed file. Any other move answers 409 naming both statuses. Each move writes a history row with who and why.",
    access: "policies:transition",
    params: IdParams,
    body: TransitionInput,
    responses: {
      200: { description: "The policy with its history", schema: PolicyDetailResponse },
      404: { description: "Unknown policy" },
      409: { description: "The move is not allowed from the current status, or is into ACTIVE" },
      502: { description: "The card processor refused a cooling-off refund or failed (nothing is stored)" },
    },
  }),
  getCertificate: defineOperation({
    method: "GET",
    path: "/emission/policies/{id}/pdf",
    tag,
    summary: "The policy certificate (PDF)",
    description:
      "Only for an ACTIVE or IN_ARREARS policy (409 otherwise). Rendered when the policy becomes active and kept until what it prints changes (the people, the premium, the company's profile or logo); in the client's preferred_language. `Content-Disposition: attachment; filename=\"certificate-<policy_number>.pdf\"` (`certificado-<policy_number>.pdf` in Spanish).",
    access: readPolicy,
    params: IdParams,
    responses: {
      200: { description: "The certificate", contentType: "application/pdf" },
      404: { description: "Unknown policy, or not the caller's" },
      409: { description: "The policy is not active" },
      503: {
        description:
          "The first render did not finish within the time limit (code job_timed_out) or the server is busy (code busy); try again later",
      },
    },
  }),
  getWalletPass: defineOperation({
    method: "GET",
    path: "/emission/policies/{id}/passbook",
    tag,
    summary: "The policy as a signed Apple Wallet pass",
    description: "Only for an ACTIVE or IN_ARREARS policy (409 otherwise). Its QR barcode is the verification link.",
    access: readPolicy,
    params: IdParams,
    responses: {
      200: { description: "The pass", contentType: "application/vnd.apple.pkpass" },
      404: { description: "Unknown policy, or not the caller's" },
      409: { description: "The policy is not active" },
    },
  }),
  bulkUpload: defineOperation({
    method: "POST",
    path: "/emission/bulk-upload",
    tag,
    summary: "Issue one policy whose beneficiaries are the rows of a spreadsheet",
    description: `A .xlsx or .csv file of at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB and 1,000 rows, with the columns first_name, last_name, date_of_birth, kinship_type, country_of_residence. Every bad row is listed in \`errors\` as {row, column, message}, with rows numbered as the spreadsheet shows them (the header is row 1), and nothing is stored. Formulas are read as their cached values, never evaluated. The sheet must keep to the template's bounds, checked before it is parsed: a cell right of column E is 422 naming the cell, a row past the header and 1,000 rows under it (blank rows count) 413. The file is read on a worker thread within a time limit (503 \`job_timed_out\` past it).`,
    access: "emission:write",
    multipart: { description: "The file and the policy fields", schema: BulkUploadForm, maxBytes: MAX_UPLOAD_BYTES },
    responses: {
      201: { description: "PolicyResponse", schema: PolicyResponse },
      404: {
        description:
          "Unknown client or plan version, or one of another company (a company's product is issued only inside it)",
      },
      413: {
        description:
          "The file is larger than 5 MB, has more than 1,000 rows under the header (blank rows count), or needs more memory to read than an upload may use",
      },
      422: {
        description:
          "Not a spreadsheet, a cell outside the template's columns A to E (named in detail), or bad rows (listed in errors)",
      },
      503: {
        description:
          "The file was not read within the time limit (code job_timed_out), or the server is busy with other files (code busy); try again later",
      },
    },
  }),
  bulkUploadTemplate: defineOperation({
    method: "GET",
    path: "/emission/bulk-upload/template",
    tag,
    summary: "The .xlsx template: the header row, and an instructions sheet with an example",
    description:
      "The first sheet (the only one the upload reads) holds the header row alone, with the machine column names; an untouched template therefore imports nothing (422 `the file has no beneficiary rows under the header`). A second sheet, Instructions, says what each column takes and shows an example row, in the language of `lang`, else the NEXT_LOCALE cookie, else Accept-Language, else English. Decisions in docs/administration.md.",
    access: "emission:write",
    query: z.object({
      lang: z.enum(LANGUAGES).optional().describe("The language of the instructions sheet and of the sheet names"),
    }),
    responses: {
      200: {
        description: "The template",
        contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      },
    },
  }),
  markDeceased: defineOperation({
    method: "POST",
    path: "/emission/beneficiaries/{id}/mark-deceased",
    tag,
    summary: "Mark a beneficiary deceased and open its claim",
    description:
      "Sets deceased_flag and opens a PENDING claim for the beneficiary's policy in the same transaction. Marking again returns the same claim and opens none.",
    access: "beneficiaries:mark_deceased",
    params: IdParams,
    responses: {
      200: { description: "The flag and the claim", schema: MarkDeceasedResponse },
      404: { description: "Unknown beneficiary" },
    },
  }),
  portal: defineOperation({
    method: "GET",
    path: "/portal/me",
    tag: "Portal",
    summary: "The signed-in client's record and policies",
    description:
      "The client whose e-mail is the signed-in user's (any letter case), its insurer's contacts, and each policy's certificate and wallet pass links, next premium (due date and monthly amount) and whom to call about it (the issuing company and the seller).",
    access: "portal:read",
    responses: {
      200: { description: "The client and its policies", schema: PortalResponse },
      404: { description: "No client has the user's e-mail" },
    },
  }),
  verifyPolicy: defineOperation({
    method: "GET",
    path: "/public/verify/{token}",
    tag: "Portal",
    summary: "Whether a policy is in force, from the token of its QR code",
    description:
      "Public: a partner funeral home scans the certificate's or wallet pass's QR code. The token is signed by the server; nothing personal is shown beyond the holder's initials. A token that is malformed or not signed by this server answers 404.",
    access: "public",
    params: VerifyParams,
    responses: {
      200: { description: "The policy's standing", schema: VerificationResponse },
      404: { description: "Unknown or forged token" },
    },
  }),
};
