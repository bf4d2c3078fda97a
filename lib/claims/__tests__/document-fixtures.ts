import { expect } from "vitest";
import { api, type ApiResponse } from "@/test/api";
import {
  createSellableVersion,
  createTestClient,
  dateFromToday,
  payTestPolicy,
  signInAs,
  type SignedIn,
} from "@/test/fixtures";
import type { Body, IssuedPolicy } from "./claim-fixtures";

// Checklists and documents (claims-cover.md section 3): claims with places, portal clients with claims
// of their own, and uploads.

/** A real 2x2 JPEG (written by sharp). */
export const JPEG = Buffer.from(
  "/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABgf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCAAHlhf//Z",
  "base64",
);

/** A real 2x2 PNG (written by sharp). */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWM4ISd3Qk6OAUIBAB8mBBGFRCvEAAAAAElFTkSuQmCC",
  "base64",
);

export const BASE_CODES = ["DEATH_CERTIFICATE", "ID_OF_DECEASED", "CLAIM_FORM", "FUNERAL_HOME_INVOICE"];
export const REPATRIATION_CODES = ["EMBALMING_CERTIFICATE", "TRANSIT_PERMIT", "CONSULAR_AUTHORIZATION", "AIR_WAYBILL"];

/** A policy of `client` (a client record), starting today, paid by `admin`: ACTIVE, two people. */
export async function activePolicyOf(
  seller: SignedIn,
  admin: SignedIn,
  clientId: string,
  versionId?: string,
): Promise<IssuedPolicy> {
  const response = await api("POST", "/api/v1/emission/issue", {
    token: seller.token,
    body: {
      client_id: clientId,
      plan_version_id: versionId ?? (await createSellableVersion()).version.id,
      start_date: dateFromToday(0),
      beneficiaries: [
        { first_name: "Ana", last_name: "Pérez", kinship_type: "SELF", date_of_birth: "1985-03-01" },
        { first_name: "Luis", last_name: "Pérez", kinship_type: "PARENT", date_of_birth: "1962-01-01" },
      ],
    },
  });
  expect(response.status, response.text).toBe(201);
  await payTestPolicy(admin, response.body.id);
  return { ...response.body, status: "ACTIVE" };
}

/** POST /claims/ for a person of the policy with the places of the death, expecting 201; the ClaimResponse. */
export async function claimWithPlaces(
  caller: SignedIn,
  policy: IssuedPolicy,
  places: { place_of_death_country?: string; repatriation_to_country?: string } = {},
  beneficiaryIndex = 0,
): Promise<Body> {
  const response = await api("POST", "/api/v1/claims/", {
    token: caller.token,
    body: {
      policy_id: policy.id,
      beneficiary_id: policy.beneficiaries[beneficiaryIndex].id,
      description: "Reported by the funeral home",
      ...places,
    },
  });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

/** A client record with its signed-in portal user and one claim under its own policy. */
export async function clientWithClaim(seller: SignedIn, admin: SignedIn) {
  const record = await createTestClient(seller);
  const user = await signInAs("CLIENTE", { email: record.email });
  const policy = await activePolicyOf(seller, admin, record.id);
  const claim = await claimWithPlaces(seller, policy);
  return { record, user, policy, claim };
}

/** The multipart body of an upload. */
export function documentForm(file: { bytes: Uint8Array; name: string } | null, requirementCode?: string): FormData {
  const form = new FormData();
  if (file) form.append("file", new Blob([new Uint8Array(file.bytes)]), file.name);
  if (requirementCode !== undefined) form.append("requirement_code", requirementCode);
  return form;
}

/** POST /claims/{id}/documents. */
export function uploadDocument(
  caller: SignedIn,
  claimId: string,
  file: { bytes: Uint8Array; name: string } | null,
  requirementCode = "DEATH_CERTIFICATE",
): Promise<ApiResponse> {
  return api("POST", `/api/v1/claims/${claimId}/documents`, {
    token: caller.token,
    rawBody: documentForm(file, requirementCode),
  });
}

/** PATCH /claims/{id}/requirements/{code}. */
export function reviewRequirement(caller: SignedIn, claimId: string, code: string, body: Record<string, unknown>) {
  return api("PATCH", `/api/v1/claims/${claimId}/requirements/${encodeURIComponent(code)}`, {
    token: caller.token,
    body,
  });
}

/** The checklist of a claim as GET /claims/{id} shows it. */
export async function requirementsOf(caller: SignedIn, claimId: string): Promise<Body[]> {
  const read = await api("GET", `/api/v1/claims/${claimId}`, { token: caller.token });
  expect(read.status, read.text).toBe(200);
  return read.body.requirements;
}
