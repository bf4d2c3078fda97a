import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { products } from "@/db/schema";
import { api } from "@/test/api";
import { createTestCompany, expectAuditRow, signInAs, testVersionInput, type SignedIn } from "@/test/fixtures";
import { catalogCounts, createZoneWith } from "./helpers";

// POST /api/v1/products/ (contract section 5): a product with its whole tree in one transaction.

let admin: SignedIn;
let seller: SignedIn;
let client: SignedIn;
let zone: { id: string; name: string };

beforeAll(async () => {
  [admin, seller, client] = await Promise.all([signInAs("ADMIN"), signInAs("VENDEDOR"), signInAs("CLIENTE")]);
  zone = await createZoneWith(admin.token, ["PT"]);
});

afterEach(() => {
  vi.unstubAllEnvs();
});

function postProduct(body: unknown, token = admin.token, path = "/api/v1/products/") {
  return api("POST", path, { token, body });
}

/** A product with two plans: one version in the first, two in the second. */
function treeBody() {
  return {
    name: `Repatriation ${randomUUID().slice(0, 6)}`,
    description: "Repatriation of remains to the country of origin",
    plans: [
      {
        name: "Essential",
        processor_price_id: "price_essential",
        versions: [
          testVersionInput({
            version_label: "2030",
            cost_price: 10,
            public_price: "25",
            countries: [
              { country_code: "US", is_available: false },
              { country_code: "MX", is_available: true, price: 30.5 },
            ],
            zones: [{ zone_id: zone.id, is_available: true }],
            age_surcharges: [
              { min_age: 60, max_age: 70, percentage: 25.5 },
              { min_age: 0, max_age: 17, percentage: "10" },
            ],
            coverages: [
              { name: "Repatriation of remains", description: "Transport home", limit_amount: 10000 },
              { name: "Funeral", limit_amount: "2500.5" },
            ],
          }),
        ],
      },
      {
        name: "Family",
        versions: [
          testVersionInput({ version_label: "A", public_price: "40.00" }),
          testVersionInput({ version_label: "B", public_price: "45.00" }),
        ],
      },
    ],
  };
}

function versionWith(overrides: Record<string, unknown>) {
  return {
    name: `Bad ${randomUUID().slice(0, 6)}`,
    plans: [{ name: "Essential", versions: [testVersionInput(overrides)] }],
  };
}

const id = expect.stringMatching(/^[0-9a-f-]{36}$/);
const timestamp = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

describe("POST /api/v1/products/", () => {
  it("answers 201 with the whole tree and its ids, money as 2-decimal strings", async () => {
    const body = treeBody();
    const response = await postProduct(body);
    expect(response.status, response.text).toBe(201);
    const terms = {
      max_entry_age: 70,
      max_renewal_age: 80,
      wtime_suicide: 730,
      wtime_accident: 0,
      wtime_preexisting: 180,
      wtime_natural: 0,
      grace_period_days: 30,
      not_taken_up_days: 30,
      reinstatement_window_days: 90,
      cooling_off_days: 30,
      is_renewable: true,
      renewal_notice_days: 30,
      is_active: true,
      in_use: false,
    };
    expect(response.body).toEqual({
      id,
      name: body.name,
      description: "Repatriation of remains to the country of origin",
      product_type: "repatriation",
      is_active: true,
      company_id: null,
      created_at: timestamp,
      updated_at: timestamp,
      plans: [
        {
          id,
          product_id: response.body.id,
          name: "Essential",
          company_id: null,
          processor_price_id: "price_essential",
          versions: [
            {
              id,
              plan_id: response.body.plans[0].id,
              version_label: "2030",
              cost_price: "10.00",
              public_price: "25.00",
              currency: "USD",
              ...terms,
              countries: [
                { country_code: "MX", is_available: true, price: "30.50" },
                { country_code: "US", is_available: false, price: null },
              ],
              zones: [{ zone_id: zone.id, zone_name: zone.name, is_available: true }],
              age_surcharges: [
                { id, min_age: 0, max_age: 17, percentage: "10.00" },
                { id, min_age: 60, max_age: 70, percentage: "25.50" },
              ],
              coverages: [
                { id, name: "Funeral", description: null, limit_amount: "2500.50" },
                { id, name: "Repatriation of remains", description: "Transport home", limit_amount: "10000.00" },
              ],
              // MX by name, PT through the zone; US is excluded by name.
              available_countries: ["MX", "PT"],
              created_at: timestamp,
            },
          ],
        },
        {
          id,
          product_id: response.body.id,
          name: "Family",
          company_id: null,
          processor_price_id: null,
          versions: [
            expect.objectContaining({
              version_label: "A",
              public_price: "40.00",
              plan_id: response.body.plans[1].id,
              countries: [],
              zones: [],
              age_surcharges: [],
              coverages: [],
            }),
            expect.objectContaining({ version_label: "B", public_price: "45.00", plan_id: response.body.plans[1].id }),
          ],
        },
      ],
    });
  });

  it("answers the same at /api/v1/products, without the trailing slash and without a redirect", async () => {
    const response = await postProduct(treeBody(), admin.token, "/api/v1/products");
    expect(response.status, response.text).toBe(201);
    expect(response.body.plans).toHaveLength(2);
    expect(await (await getDb()).select().from(products).where(eq(products.id, response.body.id))).toHaveLength(1);
  });

  it("takes a product with no plans, product_type defaulting to repatriation", async () => {
    const response = await postProduct({ name: "Bare" });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: "Bare",
      description: null,
      product_type: "repatriation",
      is_active: true,
      plans: [],
    });
  });

  it("keeps a given product_type and is_active", async () => {
    const response = await postProduct({ name: "Travel", product_type: "travel_assistance", is_active: false });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ product_type: "travel_assistance", is_active: false });
  });

  // trust.md section 3: a product belongs to the company of whoever creates it; an ADMIN's is shared
  // unless the ADMIN names one, and its plans belong to the product's company.
  it("stores an ADMIN's product of a named company, its plans that company's whether they name it or not", async () => {
    const company = await createTestCompany();
    const response = await postProduct({
      name: "Reseller product",
      company_id: company.id,
      plans: [
        { name: "Own", company_id: company.id, versions: [testVersionInput()] },
        { name: "Unnamed", versions: [testVersionInput()] },
      ],
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body.company_id).toBe(company.id);
    expect(response.body.plans.map((plan: { company_id: string }) => plan.company_id)).toEqual([
      company.id,
      company.id,
    ]);
    const audit = await expectAuditRow("PRODUCT_CREATED", response.body.id);
    expect(audit.companyId).toBe(company.id);
  });

  it("refuses (422) a plan naming another company than the product's, shared products included", async () => {
    const [own, other] = [await createTestCompany(), await createTestCompany()];
    for (const [productCompany, message] of [
      [own.id, "must be the product's company"],
      [undefined, "the product is shared by every company: its plans cannot belong to one"],
    ] as const) {
      const before = await catalogCounts();
      const response = await postProduct({
        name: "Mixed",
        company_id: productCompany,
        plans: [
          { name: "Fine", versions: [testVersionInput()] },
          { name: "Other", company_id: other.id, versions: [testVersionInput()] },
        ],
      });
      expect(response.status, response.text).toBe(422);
      expect(response.body.errors).toEqual([{ path: "plans.1.company_id", message, code: "not_product_company" }]);
      expect(await catalogCounts()).toEqual(before);
    }
  });

  it("leaves an ADMIN's product shared when it names no company", async () => {
    const response = await postProduct({
      name: "Shared",
      plans: [{ name: "Essential", versions: [testVersionInput()] }],
    });
    expect(response.status).toBe(201);
    expect(response.body.company_id).toBeNull();
    expect(response.body.plans[0].company_id).toBeNull();
    expect((await expectAuditRow("PRODUCT_CREATED", response.body.id)).companyId).toBeNull();
  });

  it("takes a name of exactly 255 characters", async () => {
    const response = await postProduct({ name: "n".repeat(255) });
    expect(response.status).toBe(201);
    expect(response.body.name).toHaveLength(255);
  });

  it("writes PRODUCT_CREATED in the transaction that stored the product", async () => {
    const response = await postProduct(treeBody());
    expect(response.status).toBe(201);
    const entry = await expectAuditRow("PRODUCT_CREATED", response.body.id);
    expect(entry).toMatchObject({
      entity: "products",
      userId: admin.user.id,
      details: { name: response.body.name, plans: 2, versions: 3 },
    });
    // now() is the start of the transaction: the same instant for both rows only when they share one.
    expect(entry.createdAt.toISOString()).toBe(response.body.created_at);
  });

  it("refuses VENDEDOR and CLIENTE with 403 and anonymous callers with 401, storing nothing", async () => {
    const before = await catalogCounts();
    expect((await postProduct(treeBody(), seller.token)).status).toBe(403);
    expect((await postProduct(treeBody(), client.token)).status).toBe(403);
    const anonymous = await api("POST", "/api/v1/products/", { body: treeBody() });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(await catalogCounts()).toEqual(before);
  });
});

describe("POST /api/v1/products/ with bad nested data: 422, the bad item named, nothing stored", () => {
  const cases: Array<[string, () => unknown, string]> = [
    ["a negative price", () => versionWith({ public_price: -1 }), "plans.0.versions.0.public_price"],
    [
      "a negative country price",
      () => versionWith({ countries: [{ country_code: "MX", is_available: true, price: "-0.01" }] }),
      "plans.0.versions.0.countries.0.price",
    ],
    ["an unknown currency", () => versionWith({ currency: "GBP" }), "plans.0.versions.0.currency"],
    [
      "a band with max_age below min_age",
      () => versionWith({ age_surcharges: [{ min_age: 60, max_age: 50, percentage: 10 }] }),
      "plans.0.versions.0.age_surcharges.0.max_age",
    ],
    [
      "overlapping surcharge bands",
      () =>
        versionWith({
          age_surcharges: [
            { min_age: 40, max_age: 60, percentage: 10 },
            { min_age: 0, max_age: 17, percentage: 5 },
            { min_age: 60, max_age: 70, percentage: 20 },
          ],
        }),
      "plans.0.versions.0.age_surcharges.2.min_age",
    ],
    [
      "an unknown country code",
      () =>
        versionWith({
          countries: [
            { country_code: "MX", is_available: true },
            { country_code: "ZZ", is_available: true },
          ],
        }),
      "plans.0.versions.0.countries.1.country_code",
    ],
    [
      "an unknown zone",
      () => versionWith({ zones: [{ zone_id: randomUUID(), is_available: true }] }),
      "plans.0.versions.0.zones.0.zone_id",
    ],
    [
      "an unknown company",
      () => ({ name: "Bad", plans: [{ name: "Own", company_id: randomUUID(), versions: [testVersionInput()] }] }),
      "plans.0.company_id",
    ],
    ["an unknown company of the product", () => ({ name: "Bad", company_id: randomUUID() }), "company_id"],
    [
      "a country listed twice",
      () =>
        versionWith({
          countries: [
            { country_code: "MX", is_available: true },
            { country_code: "US", is_available: true },
            { country_code: "MX", is_available: false },
          ],
        }),
      "plans.0.versions.0.countries.2",
    ],
    [
      "a zone listed twice",
      () =>
        versionWith({
          zones: [
            { zone_id: zone.id, is_available: true },
            { zone_id: zone.id, is_available: false },
          ],
        }),
      "plans.0.versions.0.zones.1",
    ],
    [
      "max_renewal_age below max_entry_age",
      () => versionWith({ max_entry_age: 70, max_renewal_age: 69 }),
      "plans.0.versions.0.max_renewal_age",
    ],
    ["a product name over 255 characters", () => ({ name: "n".repeat(256) }), "name"],
    ["a plan without a name", () => ({ name: "Bad", plans: [{ versions: [] }] }), "plans.0.name"],
    [
      "a version without public_price",
      () => versionWith({ public_price: undefined }),
      "plans.0.versions.0.public_price",
    ],
    ["a non-integer max_entry_age", () => versionWith({ max_entry_age: 70.5 }), "plans.0.versions.0.max_entry_age"],
    ["a negative waiting time", () => versionWith({ wtime_accident: -1 }), "plans.0.versions.0.wtime_accident"],
    [
      "a coverage with a negative limit",
      () => versionWith({ coverages: [{ name: "Funeral", limit_amount: -5 }] }),
      "plans.0.versions.0.coverages.0.limit_amount",
    ],
    [
      "a malformed zone id",
      () => versionWith({ zones: [{ zone_id: "not-a-uuid", is_available: true }] }),
      "plans.0.versions.0.zones.0.zone_id",
    ],
    [
      "a lower-case country code",
      () => versionWith({ countries: [{ country_code: "mx", is_available: true }] }),
      "plans.0.versions.0.countries.0.country_code",
    ],
    [
      "a lower-case currency (codes are upper case, as countries)",
      () => versionWith({ currency: "usd" }),
      "plans.0.versions.0.currency",
    ],
  ];

  it.each(cases)("%s", async (_, body, path) => {
    const before = await catalogCounts();
    const response = await postProduct(body());
    expect(response.status, response.text).toBe(422);
    expect(response.body.detail).toEqual(expect.any(String));
    expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(path);
    expect(await catalogCounts()).toEqual(before);
  });

  it("an error deep in the second plan's second version stores not even the first plan", async () => {
    for (const bad of [{ public_price: "-5" }, { countries: [{ country_code: "ZZ", is_available: true }] }]) {
      const before = await catalogCounts();
      const body = treeBody();
      body.plans[1].versions[1] = testVersionInput({ version_label: "B", ...bad });
      const response = await postProduct(body);
      expect(response.status, response.text).toBe(422);
      expect(response.body.errors.map((error: { path: string }) => error.path)).toEqual([
        "countries" in bad ? "plans.1.versions.1.countries.0.country_code" : "plans.1.versions.1.public_price",
      ]);
      expect(await catalogCounts()).toEqual(before);
      expect(await (await getDb()).select().from(products).where(eq(products.name, body.name))).toEqual([]);
    }
  });

  it("lists every unknown reference with its own path", async () => {
    const body = treeBody();
    body.plans[0].versions[0] = testVersionInput({ countries: [{ country_code: "QQ", is_available: true }] });
    body.plans[1].versions[1] = testVersionInput({ zones: [{ zone_id: randomUUID(), is_available: true }] });
    const response = await postProduct(body);
    expect(response.status).toBe(422);
    expect(response.body.detail).toBe("invalid plans.0.versions.0.countries.0.country_code: unknown country QQ");
    expect(response.body.errors).toEqual([
      { path: "plans.0.versions.0.countries.0.country_code", message: "unknown country QQ", code: "unknown_country" },
      { path: "plans.1.versions.1.zones.0.zone_id", message: "unknown zone", code: "unknown_zone" },
    ]);
  });

  it("refuses GBP until CATALOG_CURRENCIES adds it", async () => {
    expect((await postProduct(versionWith({ currency: "GBP" }))).status).toBe(422);
    vi.stubEnv("CATALOG_CURRENCIES", "GBP");
    const accepted = await postProduct(versionWith({ currency: "GBP" }));
    expect(accepted.status, accepted.text).toBe(201);
    expect(accepted.body.plans[0].versions[0].currency).toBe("GBP");
    // The named three stay accepted alongside the configured one.
    expect((await postProduct(versionWith({ currency: "MXN" }))).status).toBe(201);
    vi.unstubAllEnvs();
    expect((await postProduct(versionWith({ currency: "GBP" }))).status).toBe(422);
  });

  it.each(["USD", "EUR", "MXN"])("accepts the named currency %s", async (currency) => {
    const response = await postProduct(versionWith({ currency }));
    expect(response.status).toBe(201);
    expect(response.body.plans[0].versions[0].currency).toBe(currency);
  });

  it("refuses a body that is not JSON, or is empty, with 422", async () => {
    const notJson = await api("POST", "/api/v1/products/", {
      token: admin.token,
      rawBody: "{name:",
      headers: { "content-type": "application/json" },
    });
    expect(notJson.status).toBe(422);
    const empty = await api("POST", "/api/v1/products/", {
      token: admin.token,
      rawBody: "",
      headers: { "content-type": "application/json" },
    });
    expect(empty.status).toBe(422);
  });
});
