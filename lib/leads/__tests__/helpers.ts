import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "@/db";
import { leads } from "@/db/schema";
import { api, type ApiResponse } from "@/test/api";
import { testAddress, type SignedIn } from "@/test/fixtures";
import { toLeadResponse, withClientName } from "../internal";
import type { LeadResponse } from "../schemas";

/** A phone number no other test uses: a Mexico City number, +52 55 and eight random digits (all valid). */
export function uniquePhone(): string {
  return `+5255${String(randomInt(10 ** 8)).padStart(8, "0")}`;
}

/** POST /api/v1/leads/ from a client address (X-Forwarded-For; TRUSTED_PROXY_HOPS=1 in tests). */
// A lead (or `{id}` only, for a caller who may not read it) on success, `{detail, code, errors?}`
// otherwise; each test asserts the status first.
type LeadOrError = LeadResponse & { detail?: string; code?: string; errors?: Array<{ path: string; message: string }> };

/** Anonymous unless `credentials` are given (a token or an API key). */
export function postLead(
  body: Record<string, unknown>,
  address = testAddress(),
  credentials: { token?: string; apiKey?: string } = {},
): Promise<ApiResponse<LeadOrError>> {
  return api<LeadOrError>("POST", "/api/v1/leads/", { body, headers: { "x-forwarded-for": address }, ...credentials });
}

/**
 * A new lead (201), captured anonymously without a business unit: it belongs to the default company.
 * The public answer is its id only; the lead returned is the stored row, as GET /leads/{id} shows it.
 */
export async function captureTestLead(body: Record<string, unknown> = {}): Promise<LeadResponse> {
  const response = await postLead({ phone_e164: uniquePhone(), first_name: "Lucía", ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  expect(Object.keys(response.body)).toEqual(["id"]);
  return toLeadResponse(await withClientName(await getDb(), await leadRow(response.body.id)));
}

export function patchLead(user: SignedIn, id: string, body: Record<string, unknown>): Promise<ApiResponse> {
  return api("PATCH", `/api/v1/leads/${id}`, { token: user.token, body });
}

/** Moves a lead along `stages` one PATCH at a time, each expected to answer 200. */
export async function moveLead(user: SignedIn, id: string, ...stages: string[]): Promise<LeadResponse> {
  let lead: LeadResponse | undefined;
  for (const stage of stages) {
    const response = await patchLead(user, id, { stage });
    expect(response.status, `${stage}: ${JSON.stringify(response.body)}`).toBe(200);
    lead = response.body as LeadResponse;
  }
  return lead!;
}

/** The stored row, with the columns the API does not show (crm_sync_error, crm_synced_at). */
export async function leadRow(id: string) {
  const [row] = await (await getDb()).select().from(leads).where(eq(leads.id, id));
  return row;
}

/**
 * The rate limit counts in fixed one-minute windows; a test that must stay inside one window waits out
 * the last seconds of the current minute instead of straddling two windows.
 */
export async function awayFromMinuteEdge(margin = 25_000): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 60_000 - margin) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 50));
}
