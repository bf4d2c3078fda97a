import { expect } from "vitest";
import { api } from "@/test/api";
import { createSellableVersion, createTestClient, dateFromToday, payTestPolicy, type SignedIn } from "@/test/fixtures";

// Claims need a policy that covers today: the shared fixture issues policies starting tomorrow, so these
// issue one starting today and have an administrator record its first premium, which makes it ACTIVE.

export type IssuedPolicy = {
  id: string;
  policy_number: string;
  status: string;
  start_date: string;
  company_id: string;
  business_unit_id: string | null;
  beneficiaries: Array<{ id: string; first_name: string; last_name: string }>;
};

const FAMILY = [
  { first_name: "Ana", last_name: "Pérez", kinship_type: "SELF", date_of_birth: "1985-03-01" },
  { first_name: "Luis", last_name: "Pérez", kinship_type: "PARENT", date_of_birth: "1962-01-01" },
];

/** A policy issued by `seller` (PENDING_PAYMENT), starting `startDate` (today by default), two people. */
export async function issuePolicy(
  seller: SignedIn,
  options: { versionId?: string; startDate?: string } = {},
): Promise<IssuedPolicy> {
  const versionId = options.versionId ?? (await createSellableVersion()).version.id;
  const client = await createTestClient(seller);
  const response = await api("POST", "/api/v1/emission/issue", {
    token: seller.token,
    body: {
      client_id: client.id,
      plan_version_id: versionId,
      start_date: options.startDate ?? dateFromToday(0),
      beneficiaries: FAMILY,
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as IssuedPolicy;
}

/** Moves a policy as an administrator (policies:transition), expecting the move to be allowed. */
export async function transitionPolicy(admin: SignedIn, policyId: string, toStatus: string): Promise<void> {
  const moved = await api("POST", `/api/v1/emission/policies/${policyId}/transition`, {
    token: admin.token,
    body: { to_status: toStatus, reason: `test: ${toStatus}` },
  });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
}

/** A policy issued by `seller` that is ACTIVE and covers today. */
export async function activePolicy(
  seller: SignedIn,
  admin: SignedIn,
  options: { versionId?: string } = {},
): Promise<IssuedPolicy> {
  const policy = await issuePolicy(seller, options);
  await payTestPolicy(admin, policy.id);
  return { ...policy, status: "ACTIVE" };
}

// The response bodies are read freely; each assertion states what it expects.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Body = any;

/** POST /claims/ for the policy's first person, expecting 201; the ClaimResponse. */
export async function reportClaim(caller: SignedIn, policy: IssuedPolicy, beneficiaryIndex = 0): Promise<Body> {
  const response = await api("POST", "/api/v1/claims/", {
    token: caller.token,
    body: {
      policy_id: policy.id,
      beneficiary_id: policy.beneficiaries[beneficiaryIndex].id,
      description: "Reported by phone by the family",
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** PATCH /claims/{id}/status. */
export function moveClaim(caller: SignedIn, claimId: string, status: string, reason = `to ${status}`) {
  return api("PATCH", `/api/v1/claims/${claimId}/status`, { token: caller.token, body: { status, reason } });
}

/** Moves a claim along allowed moves, expecting each to be accepted. */
export async function moveAlong(admin: SignedIn, claimId: string, statuses: string[]): Promise<void> {
  for (const status of statuses) {
    const moved = await moveClaim(admin, claimId, status);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  }
}

/** POST /claims/{id}/expenses. */
export function addExpense(caller: SignedIn, claimId: string, body: Record<string, unknown>) {
  return api("POST", `/api/v1/claims/${claimId}/expenses`, { token: caller.token, body });
}

export function idsOf(list: { items: Array<{ id: string }> }): string[] {
  return list.items.map((item) => item.id);
}
