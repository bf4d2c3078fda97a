import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "@/db";
import {
  ageSurcharges,
  auditLogs,
  clients,
  coverages,
  plans,
  planVersionCountries,
  planVersions,
  planVersionZones,
  policies,
  products,
} from "@/db/schema";
import { getDefaultCompanyId } from "@/lib/identity/internal";
import { api } from "@/test/api";
import { testVersionInput } from "@/test/fixtures";

// Helpers shared by the catalog API tests.

/** Row counts of every catalog table (and of the catalog audit actions), to prove a refused write stored nothing. */
export async function catalogCounts() {
  const db = await getDb();
  const rows = async (
    table:
      | typeof products
      | typeof plans
      | typeof planVersions
      | typeof planVersionCountries
      | typeof planVersionZones
      | typeof ageSurcharges
      | typeof coverages,
  ) => (await db.select({ n: count() }).from(table))[0].n;
  const audits = async (action: string) =>
    (await db.select({ n: count() }).from(auditLogs).where(eq(auditLogs.action, action)))[0].n;
  return {
    products: await rows(products),
    plans: await rows(plans),
    versions: await rows(planVersions),
    countries: await rows(planVersionCountries),
    zones: await rows(planVersionZones),
    bands: await rows(ageSurcharges),
    coverages: await rows(coverages),
    productAudits: await audits("PRODUCT_CREATED"),
    planAudits: await audits("PLAN_CREATED"),
    versionAudits: await audits("PLAN_VERSION_CREATED"),
  };
}

/** A zone made through the API, with the given countries linked to it. */
export async function createZoneWith(adminToken: string, codes: string[]): Promise<{ id: string; name: string }> {
  const zone = await api("POST", "/api/v1/geography/zones", {
    token: adminToken,
    body: { name: `Zone ${randomUUID().slice(0, 8)}` },
  });
  expect(zone.status, zone.text).toBe(201);
  for (const code of codes) await linkCountry(adminToken, zone.body.id, code);
  return { id: zone.body.id, name: zone.body.name };
}

export async function linkCountry(adminToken: string, zoneId: string, code: string) {
  const linked = await api("POST", `/api/v1/geography/zones/${zoneId}/countries/${code}`, { token: adminToken });
  expect(linked.status, linked.text).toBe(200);
}

/**
 * A client and a policy on the version, written directly: the emission module that issues policies is
 * not built yet, and the catalog only needs to know that some policy uses the version.
 */
export async function insertPolicyOn(versionId: string): Promise<string> {
  const db = await getDb();
  const companyId = await getDefaultCompanyId(db);
  const suffix = randomUUID().slice(0, 8);
  const [client] = await db
    .insert(clients)
    .values({
      firstName: "Ana",
      lastName: "García",
      email: `ana-${suffix}@example.com`,
      birthDate: "1970-05-01",
      nationality: "MX",
      countryOfResidence: "US",
      companyId,
    })
    .returning({ id: clients.id });
  const [policy] = await db
    .insert(policies)
    .values({
      policyNumber: `TEST-${suffix}`,
      clientId: client.id,
      planVersionId: versionId,
      companyId,
      startDate: "2030-01-01",
      termStartDate: "2030-01-01",
      endDate: "2030-12-31",
      currency: "USD",
      finalPrice: "25.00",
      status: "ACTIVE",
    })
    .returning({ id: policies.id });
  return policy.id;
}

/** A version input carrying one of each rule: a country with a price override, a zone, a band and a coverage. */
export function versionWithEveryRule(zoneId: string, overrides: Record<string, unknown> = {}) {
  return testVersionInput({
    countries: [{ country_code: "MX", is_available: true, price: "30" }],
    zones: [{ zone_id: zoneId, is_available: true }],
    age_surcharges: [{ min_age: 60, max_age: 70, percentage: 25 }],
    coverages: [{ name: "Repatriation", limit_amount: 10000 }],
    ...overrides,
  });
}
