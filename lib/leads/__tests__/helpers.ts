import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "@/db";
import { leads } from "@/db/schema";
import { api, type ApiResponse } from "@/lib/testing/api";
import { testAddress, type SignedIn } from "@/lib/testing/fixtures";
import type { LeadResponse } from "../schemas";

/** A phone number no other test uses: +52 1 and ten random digits. */
export function uniquePhone(): string {
  return `+521${String(randomInt(10 ** 9, 10 ** 10))}`;
}

/** POST /api/v1/leads/ from a client address (X-Forwarded-For; TRUSTED_PROXY_HOPS=1 in tests). */
// A lead on success, `{detail, errors?}` otherwise; each test asserts the status first.
type LeadOrError = LeadResponse & { detail?: string; errors?: Array<{ path: string; message: string }> };

export function postLead(body: Record<string, unknown>, address = testAddress()): Promise<ApiResponse<LeadOrError>> {
  return api<LeadOrError>("POST", "/api/v1/leads/", { body, headers: { "x-forwarded-for": address } });
}

/** A new lead (201), captured without a business unit: it belongs to the default company. */
export async function captureTestLead(body: Record<string, unknown> = {}): Promise<LeadResponse> {
  const response = await postLead({ phone_e164: uniquePhone(), first_name: "Lucía", ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
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
