import { defineOperation } from "@/lib/http/operation";
import { IdParams } from "@/lib/schemas";
import { ClaimResponse, ListClaimsQuery, PaginatedClaims } from "./schemas";

const tag = "Claims";

const readClaims = ["claims:read", "portal:read"] as const;

export const claimsOperations = {
  listClaims: defineOperation({
    method: "GET",
    path: "/claims/",
    tag,
    summary: "Claims in the caller's scope (a client: under its own policies), newest report first",
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
    responses: { 200: { description: "ClaimResponse", schema: ClaimResponse }, 404: { description: "Unknown claim, or not the caller's" } },
  }),
};
