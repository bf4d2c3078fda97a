import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { planVersions } from "@/db/schema";
import { api } from "@/test/api";
import { createTestProduct, expectAuditRow, signInAs, testVersionInput, type SignedIn } from "@/test/fixtures";
import { catalogCounts, createZoneWith, insertPolicyOn, linkCountry, versionWithEveryRule } from "./helpers";

// Plan versions (contract section 5): POST /plans/{plan_id}/versions, GET and PATCH /plan-versions/{id}.
// A version some policy uses keeps its terms: only is_active can still change.

let admin: SignedIn;
let seller: SignedIn;
let client: SignedIn;

beforeAll(async () => {
  [admin, seller, client] = await Promise.all([signInAs("ADMIN"), signInAs("VENDEDOR"), signInAs("CLIENTE")]);
});

/** A product with one plan and one version carrying a country, a zone, a band and a coverage. */
async function createVersion(overrides: Record<string, unknown> = {}) {
  const zone = await createZoneWith(admin.token, []);
  const product = await createTestProduct({
    plans: [
      {
        name: "Essential",
        versions: [versionWithEveryRule(zone.id, overrides)],
      },
    ],
  });
  return { product, plan: product.plans[0], version: product.plans[0].versions[0], zone };
}

function getVersion(versionId: string, token = admin.token) {
  return api("GET", `/api/v1/plan-versions/${versionId}`, { token });
}

function patchVersion(versionId: string, body: unknown, token = admin.token) {
  return api("PATCH", `/api/v1/plan-versions/${versionId}`, { token, body });
}

function postVersion(planId: string, body: unknown, token = admin.token) {
  return api("POST", `/api/v1/plans/${planId}/versions`, { token, body });
}

describe("POST /api/v1/plans/{plan_id}/versions", () => {
  it("answers 201 with the new version, leaves the old one as it was, and writes PLAN_VERSION_CREATED", async () => {
    const { product, plan, version } = await createVersion();
    const response = await postVersion(
      plan.id,
      testVersionInput({
        version_label: "2031",
        public_price: "27.50",
        countries: [{ country_code: "ES", is_available: true }],
      }),
    );
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({
      id: expect.any(String),
      plan_id: plan.id,
      version_label: "2031",
      cost_price: "10.00",
      public_price: "27.50",
      currency: "USD",
      is_active: true,
      in_use: false,
      countries: [{ country_code: "ES", is_available: true, price: null }],
      zones: [],
      age_surcharges: [],
      coverages: [],
    });
    expect(response.body.id).not.toBe(version.id);
    const reread = await api("GET", `/api/v1/products/${product.id}`, { token: admin.token });
    expect(reread.body.plans[0].versions).toEqual([version, response.body]);
    const entry = await expectAuditRow("PLAN_VERSION_CREATED", response.body.id);
    expect(entry).toMatchObject({
      entity: "plan_versions",
      userId: admin.user.id,
      details: { plan_id: plan.id, version_label: "2031" },
    });
  });

  it("answers 404 for an unknown plan, storing nothing, and 422 for a malformed plan id", async () => {
    const before = await catalogCounts();
    const unknown = await postVersion(randomUUID(), testVersionInput());
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe("plan not found");
    expect(await catalogCounts()).toEqual(before);
    const malformed = await postVersion("plan-1", testVersionInput());
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors[0].path).toBe("plan_id");
  });

  it.each([
    ["an unknown country", { countries: [{ country_code: "ZZ", is_available: true }] }, "countries.0.country_code"],
    ["an unknown zone", { zones: [{ zone_id: randomUUID(), is_available: true }] }, "zones.0.zone_id"],
    ["max_renewal_age below max_entry_age", { max_entry_age: 65, max_renewal_age: 60 }, "max_renewal_age"],
    ["an unknown currency", { currency: "JPY" }, "currency"],
    [
      "a band with max_age below min_age",
      { age_surcharges: [{ min_age: 10, max_age: 9, percentage: 1 }] },
      "age_surcharges.0.max_age",
    ],
  ])("refuses %s with 422, storing nothing", async (_, bad, path) => {
    const { plan } = await createVersion();
    const before = await catalogCounts();
    const response = await postVersion(plan.id, testVersionInput(bad));
    expect(response.status, response.text).toBe(422);
    expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(path);
    expect(await catalogCounts()).toEqual(before);
  });

  it("refuses VENDEDOR and CLIENTE (403) and anonymous callers (401)", async () => {
    const { plan } = await createVersion();
    const before = await catalogCounts();
    expect((await postVersion(plan.id, testVersionInput(), seller.token)).status).toBe(403);
    expect((await postVersion(plan.id, testVersionInput(), client.token)).status).toBe(403);
    expect((await api("POST", `/api/v1/plans/${plan.id}/versions`, { body: testVersionInput() })).status).toBe(401);
    expect(await catalogCounts()).toEqual(before);
  });
});

describe("GET /api/v1/plan-versions/{id}", () => {
  it("answers 200 with the version and its rules; cost_price only for ADMIN", async () => {
    const { version } = await createVersion();
    const asAdmin = await getVersion(version.id);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body).toEqual(version);
    for (const token of [seller.token, client.token]) {
      const response = await getVersion(version.id, token);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ...version, cost_price: null });
    }
  });

  it("lists available_countries: the explicit ones and the zones' countries, less the countries excluded by name", async () => {
    const zone = await createZoneWith(admin.token, ["PT", "ES", "FR"]);
    const closedZone = await createZoneWith(admin.token, ["DE"]);
    const { version } = await createVersion({
      countries: [
        { country_code: "MX", is_available: true },
        { country_code: "FR", is_available: false },
        { country_code: "US", is_available: false },
      ],
      zones: [
        { zone_id: zone.id, is_available: true },
        { zone_id: closedZone.id, is_available: false },
      ],
    });
    expect(version.available_countries).toEqual(["ES", "MX", "PT"]);
    // The seller quoting sees the same list, and a country linked to the zone later joins it.
    await linkCountry(admin.token, zone.id, "AR");
    const asSeller = await getVersion(version.id, seller.token);
    expect(asSeller.status).toBe(200);
    expect(asSeller.body.available_countries).toEqual(["AR", "ES", "MX", "PT"]);
  });

  it("lists no available_countries for a version sold nowhere", async () => {
    const { version } = await createVersion({ countries: [], zones: [] });
    expect(version.available_countries).toEqual([]);
  });

  it("answers 404 for an unknown version, 422 for a malformed id, and 401 without credentials", async () => {
    const unknown = await getVersion(randomUUID());
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe("plan version not found");
    expect((await getVersion("v1")).status).toBe(422);
    const { version } = await createVersion();
    expect((await api("GET", `/api/v1/plan-versions/${version.id}`)).status).toBe(401);
  });
});

describe("PATCH /api/v1/plan-versions/{id}", () => {
  it("deactivates and reactivates a version, writing PLAN_VERSION_UPDATED", async () => {
    const { version } = await createVersion();
    const off = await patchVersion(version.id, { is_active: false });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ ...version, is_active: false });
    const entry = await expectAuditRow("PLAN_VERSION_UPDATED", version.id);
    expect(entry).toMatchObject({
      entity: "plan_versions",
      userId: admin.user.id,
      details: { changes: { is_active: false } },
    });
    const on = await patchVersion(version.id, { is_active: true });
    expect(on.status).toBe(200);
    expect(on.body.is_active).toBe(true);
  });

  it("edits prices, ages and waiting times of an unused version", async () => {
    const { version } = await createVersion();
    const response = await patchVersion(version.id, {
      version_label: "Revised",
      cost_price: 11,
      public_price: "26.499",
      currency: "EUR",
      max_entry_age: 75,
      max_renewal_age: 85,
      wtime_suicide: 365,
      wtime_accident: 30,
      wtime_preexisting: 90,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      ...version,
      version_label: "Revised",
      cost_price: "11.00",
      public_price: "26.50",
      currency: "EUR",
      max_entry_age: 75,
      max_renewal_age: 85,
      wtime_suicide: 365,
      wtime_accident: 30,
      wtime_preexisting: 90,
    });
    expect((await getVersion(version.id)).body).toEqual(response.body);
  });

  it("replaces each list given whole, and leaves the lists not given as they were", async () => {
    const { version } = await createVersion();
    const otherZone = await createZoneWith(admin.token, []);
    const response = await patchVersion(version.id, {
      countries: [
        { country_code: "ES", is_available: true, price: 20 },
        { country_code: "US", is_available: false },
      ],
      zones: [{ zone_id: otherZone.id, is_available: false }],
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.countries).toEqual([
      { country_code: "ES", is_available: true, price: "20.00" },
      { country_code: "US", is_available: false, price: null },
    ]);
    expect(response.body.zones).toEqual([{ zone_id: otherZone.id, zone_name: otherZone.name, is_available: false }]);
    expect(response.body.age_surcharges).toEqual(version.age_surcharges);
    expect(response.body.coverages).toEqual(version.coverages);

    const second = await patchVersion(version.id, {
      age_surcharges: [
        { min_age: 0, max_age: 17, percentage: 5 },
        { min_age: 65, max_age: 70, percentage: 30 },
      ],
      coverages: [{ name: "Funeral", description: "Local funeral", limit_amount: 2000 }],
    });
    expect(second.status).toBe(200);
    expect(second.body.age_surcharges).toEqual([
      { id: expect.any(String), min_age: 0, max_age: 17, percentage: "5.00" },
      { id: expect.any(String), min_age: 65, max_age: 70, percentage: "30.00" },
    ]);
    expect(second.body.coverages).toEqual([
      { id: expect.any(String), name: "Funeral", description: "Local funeral", limit_amount: "2000.00" },
    ]);
    expect(second.body.countries).toEqual(response.body.countries);

    const emptied = await patchVersion(version.id, { countries: [], zones: [], age_surcharges: [], coverages: [] });
    expect(emptied.status).toBe(200);
    expect(emptied.body).toMatchObject({ countries: [], zones: [], age_surcharges: [], coverages: [] });
  });

  it("keeps the versions of a plan in the order they were created, also after one of them is edited", async () => {
    const product = await createTestProduct({
      plans: [
        {
          name: "First",
          versions: [
            testVersionInput({ version_label: "v1" }),
            testVersionInput({ version_label: "v2" }),
            testVersionInput({ version_label: "v3" }),
          ],
        },
        { name: "Second", versions: [testVersionInput()] },
        { name: "Third", versions: [] },
      ],
    });
    const labels = (tree: typeof product) =>
      tree.plans.map((plan) => [plan.name, plan.versions.map((version) => version.version_label)]);
    const expected = [
      ["First", ["v1", "v2", "v3"]],
      ["Second", [null]],
      ["Third", []],
    ];
    expect(labels(product)).toEqual(expected);
    for (const version of product.plans[0].versions)
      expect((await patchVersion(version.id, { public_price: "26.00" })).status).toBe(200);
    expect((await patchVersion(product.plans[0].versions[0].id, { is_active: false })).status).toBe(200);
    expect(labels((await api("GET", `/api/v1/products/${product.id}`, { token: admin.token })).body)).toEqual(expected);
  });

  it("refuses a max_renewal_age below the max_entry_age, given or stored, with 422 and changes nothing", async () => {
    const { version } = await createVersion();
    for (const body of [{ max_renewal_age: 69 }, { max_entry_age: 81 }, { max_entry_age: 60, max_renewal_age: 59 }]) {
      const response = await patchVersion(version.id, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.detail).toBe("max_renewal_age must not be below max_entry_age");
      expect(response.body.errors).toEqual([
        {
          path: "max_renewal_age",
          message: "max_renewal_age must not be below max_entry_age",
          code: "renewal_age_below_entry_age",
        },
      ]);
    }
    expect((await getVersion(version.id)).body).toEqual(version);
    // Equal ages are allowed.
    expect((await patchVersion(version.id, { max_renewal_age: 70 })).status).toBe(200);
  });

  it("clears a version label with null", async () => {
    const { version } = await createVersion();
    expect((await patchVersion(version.id, { version_label: "2026.1" })).body.version_label).toBe("2026.1");
    const response = await patchVersion(version.id, { version_label: null });
    expect(response.status, response.text).toBe(200);
    expect(response.body.version_label).toBeNull();
  });

  it.each([
    ["a negative price", { public_price: -1 }, "public_price"],
    ["an unknown country", { countries: [{ country_code: "ZZ", is_available: true }] }, "countries.0.country_code"],
    ["an unknown zone", { zones: [{ zone_id: randomUUID(), is_available: true }] }, "zones.0.zone_id"],
    [
      "overlapping bands",
      {
        age_surcharges: [
          { min_age: 10, max_age: 20, percentage: 1 },
          { min_age: 20, max_age: 30, percentage: 1 },
        ],
      },
      "age_surcharges.1.min_age",
    ],
    ["an unknown currency", { currency: "GBP" }, "currency"],
    ["a non-boolean is_active", { is_active: "yes" }, "is_active"],
  ])("refuses %s with 422 and changes nothing", async (_, bad, path) => {
    const { version } = await createVersion();
    const response = await patchVersion(version.id, bad);
    expect(response.status, response.text).toBe(422);
    expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(path);
    expect((await getVersion(version.id)).body).toEqual(version);
  });

  it("answers 404 for an unknown version and 422 for a malformed id", async () => {
    const unknown = await patchVersion(randomUUID(), { is_active: false });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe("plan version not found");
    expect((await patchVersion("nope", { is_active: false })).status).toBe(422);
  });

  it("refuses VENDEDOR and CLIENTE (403) and anonymous callers (401), changing nothing", async () => {
    const { version } = await createVersion();
    expect((await patchVersion(version.id, { is_active: false }, seller.token)).status).toBe(403);
    expect((await patchVersion(version.id, { public_price: 1 }, client.token)).status).toBe(403);
    expect((await api("PATCH", `/api/v1/plan-versions/${version.id}`, { body: { is_active: false } })).status).toBe(
      401,
    );
    expect((await getVersion(version.id)).body).toEqual(version);
  });

  describe("once a policy uses the version", () => {
    it("shows in_use true", async () => {
      const { version } = await createVersion();
      await insertPolicyOn(version.id);
      const response = await getVersion(version.id, seller.token);
      expect(response.status).toBe(200);
      expect(response.body.in_use).toBe(true);
    });

    it.each([
      ["public_price", { public_price: "30.00" }],
      ["cost_price", { cost_price: 1 }],
      ["currency", { currency: "EUR" }],
      ["version_label", { version_label: "Renamed" }],
      ["max_entry_age", { max_entry_age: 60 }],
      ["max_renewal_age", { max_renewal_age: 90 }],
      ["wtime_suicide", { wtime_suicide: 1 }],
      ["wtime_accident", { wtime_accident: 1 }],
      ["wtime_preexisting", { wtime_preexisting: 1 }],
      ["countries", { countries: [] }],
      ["zones", { zones: [] }],
      ["age_surcharges", { age_surcharges: [] }],
      ["coverages", { coverages: [] }],
    ])("refuses an edit of %s with 409 and changes nothing", async (_, body) => {
      const { version } = await createVersion();
      await insertPolicyOn(version.id);
      const response = await patchVersion(version.id, body);
      expect(response.status, response.text).toBe(409);
      expect(response.body.detail).toBe("the plan version is used by policies and cannot change; create a new version");
      expect((await getVersion(version.id)).body).toEqual({ ...version, in_use: true });
    });

    it("still (de)activates it, answering in_use true", async () => {
      const { version } = await createVersion();
      await insertPolicyOn(version.id);
      const off = await patchVersion(version.id, { is_active: false });
      expect(off.status).toBe(200);
      expect(off.body).toEqual({ ...version, is_active: false, in_use: true });
      const on = await patchVersion(version.id, { is_active: true });
      expect(on.status).toBe(200);
      expect(on.body).toMatchObject({ is_active: true, in_use: true });
    });

    it("refuses an activation sent with a term edit whole: 409, still inactive", async () => {
      const { version } = await createVersion();
      await insertPolicyOn(version.id);
      expect((await patchVersion(version.id, { is_active: false })).status).toBe(200);
      const response = await patchVersion(version.id, { is_active: true, public_price: "99.00" });
      expect(response.status).toBe(409);
      const [row] = await (await getDb()).select().from(planVersions).where(eq(planVersions.id, version.id));
      expect(row).toMatchObject({ isActive: false, publicPrice: "25.00" });
    });

    it("leaves a new version of the plan free to edit", async () => {
      const { plan, version } = await createVersion();
      await insertPolicyOn(version.id);
      const next = await postVersion(plan.id, testVersionInput({ public_price: "30.00" }));
      expect(next.status).toBe(201);
      expect(next.body.in_use).toBe(false);
      const edited = await patchVersion(next.body.id, { public_price: "31.00" });
      expect(edited.status).toBe(200);
      expect(edited.body.public_price).toBe("31.00");
    });
  });
});
