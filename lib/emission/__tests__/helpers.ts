import { count, eq } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "@/db";
import {
  beneficiaries,
  notifications,
  policies,
  policyNumberCounters,
  policyStatusHistory,
  type PolicyStatus,
} from "@/db/schema";
import { api } from "@/test/api";
import { dateFromToday, type SignedIn } from "@/test/fixtures";

// Helpers shared by the emission API tests: they go through the real routes, like a client would.

export type Person = {
  first_name: string;
  last_name: string;
  kinship_type: string;
  date_of_birth: string;
  country_of_residence?: string;
};

/** A beneficiary born on `date_of_birth` (1985-03-01 by default: 40-something, no surcharge). */
export function person(overrides: Partial<Person> = {}): Person {
  return { first_name: "Ana", last_name: "Pérez", kinship_type: "SELF", date_of_birth: "1985-03-01", ...overrides };
}

/** The date `years` years before `on` (YYYY-MM-DD), moved by `days`: someone who turns `years` on `on` when days is 0. */
export function yearsBefore(on: string, years: number, days = 0): string {
  const [y, m, d] = on.split("-").map(Number);
  const date = new Date(Date.UTC(y - years, m - 1, d));
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function issueViaApi(token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return api("POST", "/api/v1/emission/issue", { token, body, headers });
}

/** An issue body for a client and version, starting tomorrow, with one SELF beneficiary unless told. */
export function issueBody(clientId: string, versionId: string, overrides: Record<string, unknown> = {}) {
  return {
    client_id: clientId,
    plan_version_id: versionId,
    start_date: dateFromToday(1),
    beneficiaries: [person()],
    ...overrides,
  };
}

export function quoteViaApi(
  token: string,
  body: { plan_version_id: string; age: number; country_code: string; quantity?: number },
) {
  return api("POST", "/api/v1/plans/calculate-price", { token, body });
}

/** Puts a policy in a status directly, as the arrange step of a transition test. */
export async function forceStatus(policyId: string, status: PolicyStatus): Promise<void> {
  const db = await getDb();
  await db.update(policies).set({ status }).where(eq(policies.id, policyId));
}

export async function historyOf(policyId: string) {
  const db = await getDb();
  return db
    .select()
    .from(policyStatusHistory)
    .where(eq(policyStatusHistory.policyId, policyId))
    .orderBy(policyStatusHistory.changedAt);
}

/** Rows in the tables an issue writes, and the year's policy counter: a refused issue must change none. */
export async function emissionCounts() {
  const db = await getDb();
  const rows = async (
    table: typeof policies | typeof beneficiaries | typeof notifications | typeof policyStatusHistory,
  ) => (await db.select({ n: count() }).from(table))[0].n;
  const counters = await db.select().from(policyNumberCounters);
  return {
    policies: await rows(policies),
    beneficiaries: await rows(beneficiaries),
    notifications: await rows(notifications),
    history: await rows(policyStatusHistory),
    counters: Object.fromEntries(counters.map((row) => [row.year, row.lastValue])),
  };
}

/** The sequence number of "POL-2026-000042": 42. */
export function sequenceOf(policyNumber: string): number {
  const match = /^POL-\d{4}-(\d{6})$/.exec(policyNumber);
  if (!match) throw new Error(`not a policy number: ${policyNumber}`);
  return Number(match[1]);
}

/** An API key made by `admin` through POST /auth/api-keys; returns the key shown once. */
export async function createApiKey(admin: SignedIn, permissions: string[], companyId?: string): Promise<string> {
  const response = await api("POST", "/api/v1/auth/api-keys", {
    token: admin.token,
    body: { name: `key ${permissions.join(" ")}`, permissions, ...(companyId ? { company_id: companyId } : {}) },
  });
  expect(response.status, response.text).toBe(201);
  return response.body.key;
}
