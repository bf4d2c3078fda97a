import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "@/test/api";
import { createTestProduct, signInAs, testVersionInput, type SignedIn } from "@/test/fixtures";
import { createZoneWith, insertPolicyOn, linkCountry } from "./helpers";

// POST /api/v1/plans/calculate-price (contract section 5): the order of the checks, availability by
// country row or zone, the arithmetic, and a cache that never answers with a stale catalog.

let admin: SignedIn;
let seller: SignedIn;
let client: SignedIn;
/** public 100.00, entry up to 70; MX overrides to 80.00, US available, ES refused; zones: one open, one closed. */
let versionId: string;

beforeAll(async () => {
  [admin, seller, client] = await Promise.all([signInAs("ADMIN"), signInAs("VENDEDOR"), signInAs("CLIENTE")]);
  const open = await createZoneWith(admin.token, ["PT", "ES", "DE"]);
  const closed = await createZoneWith(admin.token, ["IT", "DE"]);
  versionId = await createVersion({
    countries: [
      { country_code: "MX", is_available: true, price: "80.00" },
      { country_code: "US", is_available: true },
      { country_code: "ES", is_available: false },
    ],
    zones: [
      { zone_id: open.id, is_available: true },
      { zone_id: closed.id, is_available: false },
    ],
    age_surcharges: [
      { min_age: 0, max_age: 17, percentage: 10 },
      { min_age: 60, max_age: 70, percentage: 25 },
    ],
  });
});

async function createVersion(overrides: Record<string, unknown>): Promise<string> {
  const product = await createTestProduct({
    plans: [
      { name: "Essential", versions: [testVersionInput({ public_price: "100.00", max_entry_age: 70, ...overrides })] },
    ],
  });
  return product.plans[0].versions[0].id;
}

function quote(body: unknown, token = seller.token) {
  return api("POST", "/api/v1/plans/calculate-price", { token, body });
}

/** The final price of a quote that must succeed. */
async function finalPrice(body: Record<string, unknown>): Promise<string> {
  const response = await quote({ plan_version_id: versionId, age: 30, country_code: "US", ...body });
  expect(response.status, response.text).toBe(200);
  return response.body.final_price;
}

describe("the order of the checks", () => {
  it("answers 404 for an unknown version, whatever else is wrong", async () => {
    const response = await quote({ plan_version_id: randomUUID(), age: 200, country_code: "FR", quantity: 0 });
    expect(response.status).toBe(404);
    expect(response.body.detail).toBe("plan version not found");
  });

  it("answers 400 for an inactive version, even when the country and the age are also bad", async () => {
    const inactive = await createVersion({ is_active: false, countries: [{ country_code: "US", is_available: true }] });
    for (const body of [
      { plan_version_id: inactive, age: 30, country_code: "US" },
      { plan_version_id: inactive, age: 200, country_code: "FR", quantity: 0 },
    ]) {
      const response = await quote(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.detail).toBe("the plan version is not active");
    }
  });

  it("answers 422 for a country where the plan is not available, before looking at the age", async () => {
    const response = await quote({ plan_version_id: versionId, age: 71, country_code: "FR" });
    expect(response.status).toBe(422);
    expect(response.body.detail).toBe("plan is not available in FR");
    const negative = await quote({ plan_version_id: versionId, age: -1, country_code: "FR", quantity: 0 });
    expect(negative.body.detail).toBe("plan is not available in FR");
  });

  it("answers 422 for an age above max_entry_age, and prices the maximum age itself", async () => {
    const response = await quote({ plan_version_id: versionId, age: 71, country_code: "MX" });
    expect(response.status).toBe(422);
    expect(response.body.detail).toBe("age 71 exceeds the maximum entry age of 70");
    expect(await finalPrice({ age: 70 })).toBe("125.00");
  });

  it("answers 422 for a negative age", async () => {
    const response = await quote({ plan_version_id: versionId, age: -1, country_code: "US" });
    expect(response.status).toBe(422);
    expect(response.body.detail).toBe("age must not be negative");
  });

  it.each([0, -2])("answers 422 for quantity %i", async (quantity) => {
    const response = await quote({ plan_version_id: versionId, age: 30, country_code: "US", quantity });
    expect(response.status).toBe(422);
    expect(response.body.detail).toBe("quantity must be at least 1");
  });
});

describe("malformed requests: 422 naming the field", () => {
  it.each([
    ["a malformed plan_version_id", { plan_version_id: "version-1" }, "plan_version_id"],
    ["a lower-case country code", { country_code: "us" }, "country_code"],
    ["a three-letter country code", { country_code: "USA" }, "country_code"],
    ["a non-integer age", { age: 30.5 }, "age"],
    ["an age given as text", { age: "30" }, "age"],
    ["a non-integer quantity", { quantity: 1.5 }, "quantity"],
    ["a missing age", { age: undefined }, "age"],
    ["a missing plan_version_id", { plan_version_id: undefined }, "plan_version_id"],
  ])("%s", async (_, bad, path) => {
    const response = await quote({ plan_version_id: versionId, age: 30, country_code: "US", ...bad });
    expect(response.status).toBe(422);
    expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(path);
  });

  it("a missing body, or one that is not JSON", async () => {
    const missing = await api("POST", "/api/v1/plans/calculate-price", { token: seller.token });
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toEqual(expect.any(String));
    const text = await api("POST", "/api/v1/plans/calculate-price", {
      token: seller.token,
      rawBody: "age=30",
      headers: { "content-type": "text/plain" },
    });
    expect(text.status).toBe(422);
  });
});

describe("availability", () => {
  it("an explicit country row decides: available, or refused even inside an open zone", async () => {
    expect((await quote({ plan_version_id: versionId, age: 30, country_code: "US" })).status).toBe(200);
    const refused = await quote({ plan_version_id: versionId, age: 30, country_code: "ES" });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toBe("plan is not available in ES");
  });

  it("without a row, a country of a zone configured available is available, at the public price", async () => {
    const response = await quote({ plan_version_id: versionId, age: 30, country_code: "PT" });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ base_price: "100.00", country_override: null, final_price: "100.00" });
  });

  it("a zone configured is_available false makes none of its countries available", async () => {
    const response = await quote({ plan_version_id: versionId, age: 30, country_code: "IT" });
    expect(response.status).toBe(422);
    expect(response.body.detail).toBe("plan is not available in IT");
  });

  it("a country in an open and a closed zone is available through the open one", async () => {
    expect(await finalPrice({ country_code: "DE" })).toBe("100.00");
  });

  it("a country in no zone and without a row is not available", async () => {
    const response = await quote({ plan_version_id: versionId, age: 30, country_code: "JP" });
    expect(response.status).toBe(422);
    expect(response.body.detail).toBe("plan is not available in JP");
  });

  it("a country unknown to the catalog is not available (422, not a crash)", async () => {
    const response = await quote({ plan_version_id: versionId, age: 30, country_code: "ZZ" });
    expect(response.status).toBe(422);
    expect(response.body.detail).toBe("plan is not available in ZZ");
  });
});

describe("the arithmetic", () => {
  it("uses the country's price when its row has one, and explains every step", async () => {
    const response = await quote({ plan_version_id: versionId, age: 65, country_code: "MX", quantity: 2 });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      plan_version_id: versionId,
      currency: "USD",
      base_price: "80.00",
      country_override: "80.00",
      age_surcharge_percentage: "25.00",
      age_surcharge_amount: "40.00",
      quantity: 2,
      final_price: "200.00",
      breakdown: {
        unit_price: "100.00",
        steps: [
          "base price 80.00 USD: the price for MX replaces the public price of 100.00",
          "age 65 is in the surcharge band 60-70: +25.00% = 20.00 per person",
          "unit price 80.00 + 20.00 = 100.00 (rounded half-up to cents)",
          "100.00 x 2 = 200.00 USD",
        ],
      },
    });
  });

  it("uses the public price without an override, and no surcharge outside every band", async () => {
    const response = await quote({ plan_version_id: versionId, age: 30, country_code: "US" });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      plan_version_id: versionId,
      currency: "USD",
      base_price: "100.00",
      country_override: null,
      age_surcharge_percentage: "0.00",
      age_surcharge_amount: "0.00",
      quantity: 1,
      final_price: "100.00",
      breakdown: {
        unit_price: "100.00",
        steps: [
          "base price 100.00 USD: the public price of the version",
          "age 30 is in no surcharge band: +0.00%",
          "unit price 100.00 + 0.00 = 100.00 (rounded half-up to cents)",
          "100.00 x 1 = 100.00 USD",
        ],
      },
    });
  });

  it.each([
    [0, "110.00"],
    [17, "110.00"],
    [18, "100.00"],
    [59, "100.00"],
    [60, "125.00"],
    [70, "125.00"],
  ])("counts both bounds of a band: age %i costs %s", async (age, expected) => {
    expect(await finalPrice({ age })).toBe(expected);
  });

  it("multiplies the unit price rounded to cents by the quantity", async () => {
    const id = await createVersion({
      public_price: "33.33",
      countries: [{ country_code: "US", is_available: true }],
      age_surcharges: [{ min_age: 0, max_age: 70, percentage: "12.5" }],
    });
    const response = await quote({ plan_version_id: id, age: 40, country_code: "US", quantity: 3 });
    expect(response.status).toBe(200);
    // 33.33 x 1.125 = 37.49625 -> 37.50 per person; x 3 = 112.50 (not 112.49 from the unrounded unit).
    expect(response.body).toMatchObject({
      base_price: "33.33",
      age_surcharge_percentage: "12.50",
      age_surcharge_amount: "12.51",
      quantity: 3,
      final_price: "112.50",
      breakdown: { unit_price: "37.50" },
    });
    expect(response.body.breakdown.steps.at(-1)).toBe("37.50 x 3 = 112.50 USD");
  });

  it("rounds half-up to cents", async () => {
    const id = await createVersion({
      public_price: "10.10",
      countries: [{ country_code: "US", is_available: true }],
      age_surcharges: [{ min_age: 0, max_age: 70, percentage: 5 }],
    });
    // 10.10 x 5% = 0.505 -> 0.51; 10.10 x 1.05 = 10.605 -> 10.61.
    const response = await quote({ plan_version_id: id, age: 40, country_code: "US" });
    expect(response.body).toMatchObject({
      age_surcharge_amount: "0.51",
      final_price: "10.61",
      breakdown: { unit_price: "10.61" },
    });
  });

  it("prices in the version's currency", async () => {
    const id = await createVersion({
      currency: "EUR",
      countries: [{ country_code: "ES", is_available: true, price: "90" }],
    });
    const response = await quote({ plan_version_id: id, age: 30, country_code: "ES" });
    expect(response.body).toMatchObject({ currency: "EUR", final_price: "90.00" });
  });
});

describe("who may quote", () => {
  it("every authenticated role, CLIENTE included, gets the same price", async () => {
    for (const token of [admin.token, seller.token, client.token]) {
      const response = await quote({ plan_version_id: versionId, age: 65, country_code: "MX" }, token);
      expect(response.status).toBe(200);
      expect(response.body.final_price).toBe("100.00");
    }
  });

  it("refuses anonymous callers with 401", async () => {
    const response = await api("POST", "/api/v1/plans/calculate-price", {
      body: { plan_version_id: versionId, age: 30, country_code: "US" },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("prices a version in use by policies like any other", async () => {
    const id = await createVersion({ countries: [{ country_code: "US", is_available: true }] });
    await insertPolicyOn(id);
    expect((await quote({ plan_version_id: id, age: 30, country_code: "US" })).body.final_price).toBe("100.00");
  });
});

describe("no stale prices: the next quote after a catalog change reflects it", () => {
  function patch(id: string, body: unknown) {
    return api("PATCH", `/api/v1/plan-versions/${id}`, { token: admin.token, body });
  }

  it("after a change of public_price", async () => {
    const id = await createVersion({ countries: [{ country_code: "US", is_available: true }] });
    const body = { plan_version_id: id, age: 30, country_code: "US" };
    expect((await quote(body)).body.final_price).toBe("100.00");
    expect((await patch(id, { public_price: "120.00" })).status).toBe(200);
    expect((await quote(body)).body.final_price).toBe("120.00");
  });

  it("after a deactivation and a reactivation", async () => {
    const id = await createVersion({ countries: [{ country_code: "US", is_available: true }] });
    const body = { plan_version_id: id, age: 30, country_code: "US" };
    expect((await quote(body)).status).toBe(200);
    expect((await patch(id, { is_active: false })).status).toBe(200);
    expect((await quote(body)).status).toBe(400);
    expect((await patch(id, { is_active: true })).status).toBe(200);
    expect((await quote(body)).status).toBe(200);
  });

  it("after the product is deactivated: a product that stops selling stops pricing", async () => {
    const product = await createTestProduct({
      plans: [
        {
          name: "Essential",
          versions: [
            testVersionInput({ public_price: "100.00", countries: [{ country_code: "US", is_available: true }] }),
          ],
        },
      ],
    });
    const body = { plan_version_id: product.plans[0].versions[0].id, age: 30, country_code: "US" };
    expect((await quote(body)).status).toBe(200);
    const deactivated = await api("PATCH", `/api/v1/products/${product.id}`, {
      token: admin.token,
      body: { is_active: false },
    });
    expect(deactivated.status).toBe(200);
    const refused = await quote(body);
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe("the plan version is not active");
  });

  it("after a change of the country rows and the surcharge bands", async () => {
    const id = await createVersion({ countries: [{ country_code: "US", is_available: true }] });
    const body = { plan_version_id: id, age: 65, country_code: "US" };
    expect((await quote(body)).body.final_price).toBe("100.00");
    expect((await patch(id, { countries: [{ country_code: "US", is_available: true, price: "90" }] })).status).toBe(
      200,
    );
    expect((await quote(body)).body).toMatchObject({ country_override: "90.00", final_price: "90.00" });
    expect((await patch(id, { age_surcharges: [{ min_age: 60, max_age: 70, percentage: 10 }] })).status).toBe(200);
    expect((await quote(body)).body.final_price).toBe("99.00");
    expect((await patch(id, { countries: [{ country_code: "US", is_available: false }] })).status).toBe(200);
    expect((await quote(body)).status).toBe(422);
  });

  it("after a country is linked to a zone the version is available in", async () => {
    const zone = await createZoneWith(admin.token, ["PT"]);
    const id = await createVersion({ zones: [{ zone_id: zone.id, is_available: true }] });
    const body = { plan_version_id: id, age: 30, country_code: "NO" };
    expect((await quote({ ...body, country_code: "PT" })).status).toBe(200);
    expect((await quote(body)).status).toBe(422);
    await linkCountry(admin.token, zone.id, "NO");
    const after = await quote(body);
    expect(after.status, after.text).toBe(200);
    expect(after.body.final_price).toBe("100.00");
  });

  it("after the version's zones are replaced", async () => {
    const zone = await createZoneWith(admin.token, ["SE"]);
    const id = await createVersion({ zones: [{ zone_id: zone.id, is_available: true }] });
    const body = { plan_version_id: id, age: 30, country_code: "SE" };
    expect((await quote(body)).status).toBe(200);
    expect((await patch(id, { zones: [{ zone_id: zone.id, is_available: false }] })).status).toBe(200);
    expect((await quote(body)).status).toBe(422);
  });
});
