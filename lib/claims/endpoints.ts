import { defineOperation } from "@/lib/http/operation";
import { IdParams } from "@/lib/schemas";
import {
  ClaimExpenseResponse,
  ClaimResponse,
  ClaimStatusInput,
  CreateClaimInput,
  CreateExpenseInput,
  ListClaimsQuery,
  PaginatedClaims,
} from "./schemas";

const tag = "Claims";

const readClaims = ["claims:read", "portal:read"] as const;

export const claimsEndpoints = {
  listClaims: defineOperation({
    method: "GET",
    path: "/claims/",
    tag,
    summary: "Claims in the caller's scope (a client: under its own policies), newest report first",
    description:
      "Filters: `status`, `policy_id`. Order: `sort=-reported_at` (the default) lists the newest report first; `sort=reported_at` the oldest first, as the claims desk works its queue. Paginated (`page`, `page_size`).",
    access: readClaims,
    query: ListClaimsQuery,
    responses: { 200: { description: "A page of claims", schema: PaginatedClaims } },
  }),
  getClaim: defineOperation({
    method: "GET",
    path: "/claims/{id}",
    tag,
    summary: "One claim with its expenses, total and status history",
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
    summary: "Report a claim for a beneficiary of a policy",
    description:
      'Checks in order: unknown policy (or outside the caller\'s scope) 404; the policy not ACTIVE on the report date (today, UTC, within its start and end dates) 422 "policy is not active"; the beneficiary not on that policy 422 "beneficiary does not belong to the policy". The claim starts PENDING with its first history row. A claim inside the waiting period is accepted: `waiting_period_met` tells the desk.',
    access: "claims:write",
    body: CreateClaimInput,
    responses: {
      201: { description: "ClaimResponse", schema: ClaimResponse },
      404: { description: "Unknown policy" },
      422: { description: "Policy not active, or beneficiary not on the policy" },
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
  moveClaim: defineOperation({
    method: "PATCH",
    path: "/claims/{id}/status",
    tag,
    summary: "Move a claim to another status, with a reason",
    description:
      "PENDING -> IN_REVIEW or REJECTED; IN_REVIEW -> APPROVED, REJECTED or PENDING; APPROVED -> CLOSED; REJECTED and CLOSED are final. Any other move 409 naming both statuses. Each move writes a history row with who and why.",
    access: "claims:manage",
    params: IdParams,
    body: ClaimStatusInput,
    responses: {
      200: { description: "ClaimResponse", schema: ClaimResponse },
      404: { description: "Unknown claim" },
      409: { description: "The move is not allowed" },
    },
  }),
};
