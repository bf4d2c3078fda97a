import { createHash, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "@/db";
import { claimDocuments, claimRequirements, rolePermissions, roles, userRoles } from "@/db/schema";
import type { Permission } from "@/lib/auth/permissions";
import { login } from "@/lib/identity/login";
import { api } from "@/test/api";
import {
  anonymousCtx,
  createSellableVersion,
  createTestClient,
  createTestUser,
  dateFromToday,
  payTestPolicy,
  type SignedIn,
} from "@/test/fixtures";

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

// --- Decisions and payouts (claims-cover.md sections 4 and 5) ---

/** A version with no waiting period for any cause, so that a death today on a policy starting today is covered. */
export async function noWaitVersionId(): Promise<string> {
  const { version } = await createSellableVersion({
    wtime_natural: 0,
    wtime_accident: 0,
    wtime_suicide: 0,
    wtime_preexisting: 0,
  });
  return version.id;
}

/** An ACTIVE policy from today on a version without waiting periods: a death today is covered. */
export async function coveringPolicy(seller: SignedIn, admin: SignedIn): Promise<IssuedPolicy> {
  return activePolicy(seller, admin, { versionId: await noWaitVersionId() });
}

/** POST /claims/ with the facts of the death (date of death today by default), expecting 201. */
export async function reportDeath(
  caller: SignedIn,
  policy: IssuedPolicy,
  facts: Record<string, unknown> = {},
  beneficiaryIndex = 0,
): Promise<Body> {
  const response = await api("POST", "/api/v1/claims/", {
    token: caller.token,
    body: {
      policy_id: policy.id,
      beneficiary_id: policy.beneficiaries[beneficiaryIndex].id,
      description: "Reported by the funeral home",
      date_of_death: dateFromToday(0),
      ...facts,
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/**
 * Every requirement of the claim ACCEPTED, each with a stored document, written straight to the database
 * (the upload and review routes are tested on their own). Returns the codes.
 */
export async function acceptAllRequirements(claimId: string): Promise<string[]> {
  const db = await getDb();
  const items = await db.select().from(claimRequirements).where(eq(claimRequirements.claimId, claimId));
  for (const item of items) {
    const content = Buffer.from(`%PDF-1.4 ${item.code} ${randomUUID()}`);
    const [document] = await db
      .insert(claimDocuments)
      .values({
        claimId,
        requirementCode: item.code,
        filename: `${item.code.toLowerCase()}.pdf`,
        contentType: "application/pdf",
        size: content.length,
        sha256: createHash("sha256").update(content).digest("hex"),
        content,
        uploadedBy: "test",
      })
      .returning();
    await db
      .update(claimRequirements)
      .set({ status: "ACCEPTED", documentId: document.id })
      .where(and(eq(claimRequirements.claimId, claimId), eq(claimRequirements.code, item.code)));
  }
  return items.map((item) => item.code);
}

/** A claim for a death today on a covering policy, with every requirement ACCEPTED: it can be approved. */
export async function approvableClaim(seller: SignedIn, admin: SignedIn, policy?: IssuedPolicy): Promise<Body> {
  const claim = await reportDeath(seller, policy ?? (await coveringPolicy(seller, admin)));
  await acceptAllRequirements(claim.id);
  return claim;
}

/** PATCH /claims/{id}/status with `override: true`. */
export function overrideMove(caller: SignedIn, claimId: string, status: string, reason = `override to ${status}`) {
  return api("PATCH", `/api/v1/claims/${claimId}/status`, {
    token: caller.token,
    body: { status, reason, override: true },
  });
}

/** POST /claims/{id}/payouts; a funeral home paid by bank transfer unless told otherwise. */
export function recordPayout(caller: SignedIn, claimId: string, body: Record<string, unknown>) {
  return api("POST", `/api/v1/claims/${claimId}/payouts`, {
    token: caller.token,
    body: { payee_type: "FUNERAL_HOME", payee_name: "Funeraria del Valle", method: "BANK_TRANSFER", ...body },
  });
}

/** A signed-in user whose only role (made for the test) holds exactly these permissions. */
export async function signInWithPermissions(permissions: Permission[]): Promise<SignedIn> {
  const db = await getDb();
  const [role] = await db
    .insert(roles)
    .values({ name: `TEST_${randomUUID().slice(0, 8).toUpperCase()}`, level: 60 })
    .returning();
  await db.insert(rolePermissions).values(permissions.map((permission) => ({ roleId: role.id, permission })));
  const user = await createTestUser({ roles: ["CLIENTE"] });
  await db.delete(userRoles).where(eq(userRoles.userId, user.id));
  await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  const tokens = await login({ ctx: await anonymousCtx(), input: { email: user.email, password: user.password } });
  return { user, token: tokens.access_token, refreshToken: tokens.refresh_token, sessionId: tokens.session_id };
}
