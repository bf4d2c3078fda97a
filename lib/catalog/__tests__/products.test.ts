import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { plans, products } from "@/db/schema";
import { api } from "@/test/api";
import {
  createTestCompany,
  createTestProduct,
  expectAuditRow,
  signInAs,
  testVersionInput,
  type SignedIn,
} from "@/test/fixtures";
import { catalogCounts, createZoneWith, versionWithEveryRule } from "./helpers";

// Reading and editing the catalog (contract section 5): GET /products/ and /products/{id},
// PATCH /products/{id}, POST /products/{id}/plans.

type Product = Awaited<ReturnType<typeof createTestProduct>>;

let admin: SignedIn;
let seller: SignedIn;
let client: SignedIn;

beforeAll(async () => {
  [admin, seller, client] = await Promise.all([signInAs("ADMIN"), signInAs("VENDEDOR"), signInAs("CLIENTE")]);
});

async function listProducts(token: string, query = "") {
  const response = await api("GET", `/api/v1/products/${query}`, { token });
  expect(response.status, response.text).toBe(200);
  return response.body as Product[];
}

function patchProduct(productId: string, body: unknown, token = admin.token) {
  return api("PATCH", `/api/v1/products/${productId}`, { token, body });
}

function postPlan(productId: string, body: unknown, token = admin.token) {
  return api("POST", `/api/v1/products/${productId}/plans`, { token, body });
}

describe("GET /api/v1/products/", () => {
  it("returns every level: plans, versions, and each version's countries, zones, bands and coverages", async () => {
    const zone = await createZoneWith(admin.token, ["PT"]);
    const product = await createTestProduct({
      plans: [
        {
          name: "Essential",
          versions: [versionWithEveryRule(zone.id)],
        },
      ],
    });
    const listed = (await listProducts(admin.token)).find((item) => item.id === product.id);
    expect(listed).toEqual(product);
    expect(listed?.plans[0].versions[0]).toMatchObject({
      countries: [{ country_code: "MX", is_available: true, price: "30.00" }],
      zones: [{ zone_id: zone.id, zone_name: zone.name, is_available: true }],
      age_surcharges: [{ min_age: 60, max_age: 70, percentage: "25.00" }],
      coverages: [{ name: "Repatriation", description: null, limit_amount: "10000.00" }],
    });
  });

  it("answers the same without the trailing slash", async () => {
    const product = await createTestProduct();
    const response = await api("GET", "/api/v1/products", { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body.map((item: Product) => item.id)).toContain(product.id);
  });

  it("hides inactive products by default and with active_only=true, and shows them with active_only=false", async () => {
    const active = await createTestProduct();
    const inactive = await createTestProduct({ is_active: false });
    for (const query of ["", "?active_only=true", "?active_only=1"]) {
      const ids = (await listProducts(seller.token, query)).map((item) => item.id);
      expect(ids, query).toContain(active.id);
      expect(ids, query).not.toContain(inactive.id);
    }
    for (const query of ["?active_only=false", "?active_only=0"]) {
      const listed = await listProducts(seller.token, query);
      expect(
        listed.map((item) => item.id),
        query,
      ).toEqual(expect.arrayContaining([active.id, inactive.id]));
      expect(listed.find((item) => item.id === inactive.id)?.is_active).toBe(false);
    }
  });

  it("refuses active_only=maybe with 422", async () => {
    const response = await api("GET", "/api/v1/products/?active_only=maybe", { token: admin.token });
    expect(response.status).toBe(422);
    expect(response.body.errors[0].path).toBe("active_only");
  });

  it("orders products by name", async () => {
    const prefix = randomUUID().slice(0, 6);
    const second = await createTestProduct({ name: `${prefix} Zeta` });
    const first = await createTestProduct({ name: `${prefix} Alpha` });
    const ids = (await listProducts(admin.token))
      .map((item) => item.id)
      .filter((id) => id === first.id || id === second.id);
    expect(ids).toEqual([first.id, second.id]);
  });

  it("shows cost_price to ADMIN only: null for VENDEDOR and CLIENTE", async () => {
    const product = await createTestProduct({
      plans: [{ name: "Essential", versions: [testVersionInput({ cost_price: "12.34" })] }],
    });
    const costFor = async (token: string) =>
      (await listProducts(token)).find((item) => item.id === product.id)?.plans[0].versions[0];
    expect((await costFor(admin.token))?.cost_price).toBe("12.34");
    for (const token of [seller.token, client.token]) {
      const version = await costFor(token);
      expect(version?.cost_price).toBeNull();
      expect(version?.public_price).toBe("25.00");
    }
  });

  it("is readable by every role and refuses anonymous callers with 401", async () => {
    await listProducts(client.token);
    const anonymous = await api("GET", "/api/v1/products/");
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });
});

// trust.md section 3: a company's product is visible and sold only inside that company; a product
// without company is shared by all.
describe("products owned by a company", () => {
  let company: Awaited<ReturnType<typeof createTestCompany>>;
  let product: Product;
  let companySeller: SignedIn;

  beforeAll(async () => {
    company = await createTestCompany();
    companySeller = await signInAs("VENDEDOR", { companyId: company.id });
    product = await createTestProduct({
      company_id: company.id,
      plans: [{ name: "Own", versions: [testVersionInput()] }],
    });
  });

  it("are left out of the list and not found (404) for a VENDEDOR or CLIENTE of another company", async () => {
    for (const token of [seller.token, client.token]) {
      expect((await listProducts(token, "?active_only=false")).map((item) => item.id)).not.toContain(product.id);
      const one = await api("GET", `/api/v1/products/${product.id}`, { token });
      expect(one.status).toBe(404);
      expect(one.body.detail).toBe("product not found");
    }
  });

  it("are listed and read by a VENDEDOR of that company and by ADMIN", async () => {
    for (const token of [companySeller.token, admin.token]) {
      expect((await listProducts(token)).find((item) => item.id === product.id)?.company_id).toBe(company.id);
      const one = await api("GET", `/api/v1/products/${product.id}`, { token });
      expect(one.status).toBe(200);
      expect(one.body.plans.map((plan: { name: string; company_id: string }) => [plan.name, plan.company_id])).toEqual([
        ["Own", company.id],
      ]);
    }
  });

  it("have versions that another company's callers cannot read or price (404), and that company's can", async () => {
    const versionId = product.plans[0].versions[0].id;
    const quote = { plan_version_id: versionId, age: 30, country_code: "MX" };
    for (const token of [seller.token, client.token]) {
      const read = await api("GET", `/api/v1/plan-versions/${versionId}`, { token });
      expect(read.status).toBe(404);
      expect(read.body.detail).toBe("plan version not found");
      expect((await api("POST", "/api/v1/plans/calculate-price", { token, body: quote })).status).toBe(404);
    }
    expect((await api("GET", `/api/v1/plan-versions/${versionId}`, { token: companySeller.token })).status).toBe(200);
    // Found and active, so the next check is the country: this version is available nowhere.
    const priced = await api("POST", "/api/v1/plans/calculate-price", { token: companySeller.token, body: quote });
    expect(priced.status).toBe(422);
    expect(priced.body.detail).toBe("plan is not available in MX");
  });
});

// A database from before trust.md section 3 may hold a shared product with a plan of one company: the
// plan stays that company's alone.
describe("a company's plan in a shared product (stored before products had a company)", () => {
  let company: Awaited<ReturnType<typeof createTestCompany>>;
  let product: Product;
  let companySeller: SignedIn;

  beforeAll(async () => {
    company = await createTestCompany();
    companySeller = await signInAs("VENDEDOR", { companyId: company.id });
    product = await createTestProduct({
      plans: [
        { name: "Shared", versions: [testVersionInput()] },
        { name: "Own", versions: [testVersionInput()] },
      ],
    });
    await (await getDb()).update(plans).set({ companyId: company.id }).where(eq(plans.id, product.plans[1].id));
  });

  const planNames = (listed: Product | undefined) => listed?.plans.map((plan) => plan.name);

  it("is hidden from a VENDEDOR or CLIENTE of another company, in the list and in the product", async () => {
    for (const token of [seller.token, client.token]) {
      expect(planNames((await listProducts(token)).find((item) => item.id === product.id))).toEqual(["Shared"]);
      const one = await api("GET", `/api/v1/products/${product.id}`, { token });
      expect(one.status).toBe(200);
      expect(planNames(one.body)).toEqual(["Shared"]);
    }
  });

  it("is visible to a VENDEDOR of that company and to ADMIN", async () => {
    for (const token of [companySeller.token, admin.token]) {
      expect(planNames((await listProducts(token)).find((item) => item.id === product.id))).toEqual(["Shared", "Own"]);
      expect(planNames((await api("GET", `/api/v1/products/${product.id}`, { token })).body)).toEqual([
        "Shared",
        "Own",
      ]);
    }
  });

  it("has versions that another company's callers cannot read or price (404), and that company's can", async () => {
    const versionId = product.plans[1].versions[0].id;
    const quote = { plan_version_id: versionId, age: 30, country_code: "MX" };
    for (const token of [seller.token, client.token]) {
      const read = await api("GET", `/api/v1/plan-versions/${versionId}`, { token });
      expect(read.status).toBe(404);
      expect(read.body.detail).toBe("plan version not found");
      expect((await api("POST", "/api/v1/plans/calculate-price", { token, body: quote })).status).toBe(404);
    }
    expect((await api("GET", `/api/v1/plan-versions/${versionId}`, { token: companySeller.token })).status).toBe(200);
    const priced = await api("POST", "/api/v1/plans/calculate-price", { token: companySeller.token, body: quote });
    expect(priced.status).toBe(422);
    expect(priced.body.detail).toBe("plan is not available in MX");
  });
});

describe("GET /api/v1/products/{id}", () => {
  it("answers 200 with the product to full depth, also for an inactive product", async () => {
    const product = await createTestProduct({ is_active: false });
    const response = await api("GET", `/api/v1/products/${product.id}`, { token: seller.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ...product,
      plans: [{ ...product.plans[0], versions: [{ ...product.plans[0].versions[0], cost_price: null }] }],
    });
  });

  it("answers 404 for an unknown id and 422 for a malformed one", async () => {
    const unknown = await api("GET", `/api/v1/products/${randomUUID()}`, { token: admin.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe("product not found");
    const malformed = await api("GET", "/api/v1/products/not-a-uuid", { token: admin.token });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors[0].path).toBe("id");
  });

  it("refuses anonymous callers with 401", async () => {
    const product = await createTestProduct();
    expect((await api("GET", `/api/v1/products/${product.id}`)).status).toBe(401);
  });
});

describe("PATCH /api/v1/products/{id}", () => {
  it("renames a product, keeping its tree, and writes PRODUCT_UPDATED", async () => {
    const product = await createTestProduct();
    const response = await patchProduct(product.id, { name: "Renamed", description: "Now with a description" });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ...product,
      name: "Renamed",
      description: "Now with a description",
      updated_at: expect.any(String),
    });
    expect(Date.parse(response.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(product.updated_at));
    const entry = await expectAuditRow("PRODUCT_UPDATED", product.id);
    expect(entry).toMatchObject({
      entity: "products",
      userId: admin.user.id,
      details: { changes: { name: "Renamed", description: "Now with a description" } },
    });
  });

  it("changes only the fields given", async () => {
    const product = await createTestProduct({ description: "Kept", product_type: "travel" });
    const response = await patchProduct(product.id, { is_active: true });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: product.name,
      description: "Kept",
      product_type: "travel",
      is_active: true,
    });
  });

  it("deactivates a product: the default list then leaves it out", async () => {
    const product = await createTestProduct();
    const response = await patchProduct(product.id, { is_active: false });
    expect(response.status).toBe(200);
    expect(response.body.is_active).toBe(false);
    expect((await listProducts(admin.token)).map((item) => item.id)).not.toContain(product.id);
    expect((await listProducts(admin.token, "?active_only=false")).map((item) => item.id)).toContain(product.id);
    expect((await patchProduct(product.id, { is_active: true })).body.is_active).toBe(true);
    expect((await listProducts(admin.token)).map((item) => item.id)).toContain(product.id);
  });

  it("clears the description with null", async () => {
    const product = await createTestProduct({ description: "Old" });
    const response = await patchProduct(product.id, { description: null });
    expect(response.status).toBe(200);
    expect(response.body.description).toBeNull();
  });

  it("refuses a blank name or one over 255 characters with 422, changing nothing", async () => {
    const product = await createTestProduct();
    for (const name of ["", "   ", "n".repeat(256)]) {
      const response = await patchProduct(product.id, { name });
      expect(response.status).toBe(422);
      expect(response.body.errors[0].path).toBe("name");
    }
    const [row] = await (await getDb()).select().from(products).where(eq(products.id, product.id));
    expect(row.name).toBe(product.name);
  });

  it("answers 404 for an unknown product and 422 for a malformed id", async () => {
    const unknown = await patchProduct(randomUUID(), { name: "Nobody" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe("product not found");
    expect((await patchProduct("123", { name: "Nobody" })).status).toBe(422);
  });

  it("refuses VENDEDOR and CLIENTE (403) and anonymous callers (401), changing nothing", async () => {
    const product = await createTestProduct();
    expect((await patchProduct(product.id, { name: "Hijacked" }, seller.token)).status).toBe(403);
    expect((await patchProduct(product.id, { name: "Hijacked" }, client.token)).status).toBe(403);
    expect((await api("PATCH", `/api/v1/products/${product.id}`, { body: { name: "Hijacked" } })).status).toBe(401);
    const [row] = await (await getDb()).select().from(products).where(eq(products.id, product.id));
    expect(row.name).toBe(product.name);
  });
});

describe("POST /api/v1/products/{id}/plans", () => {
  it("answers 201 with the plan and its versions, adds it to the product, and writes PLAN_CREATED", async () => {
    const product = await createTestProduct();
    const response = await postPlan(product.id, {
      name: "Premium",
      processor_price_id: "price_premium",
      versions: [
        testVersionInput({
          version_label: "P1",
          public_price: 50,
          countries: [{ country_code: "ES", is_available: true }],
        }),
        testVersionInput({
          version_label: "P2",
          public_price: 55,
          age_surcharges: [{ min_age: 50, max_age: 70, percentage: 15 }],
        }),
      ],
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({
      id: expect.any(String),
      product_id: product.id,
      name: "Premium",
      company_id: null,
      processor_price_id: "price_premium",
      versions: [
        {
          version_label: "P1",
          public_price: "50.00",
          cost_price: "10.00",
          countries: [{ country_code: "ES", is_available: true, price: null }],
          age_surcharges: [],
        },
        {
          version_label: "P2",
          public_price: "55.00",
          countries: [],
          age_surcharges: [{ min_age: 50, max_age: 70, percentage: "15.00" }],
        },
      ],
    });
    expect(response.body.versions.every((version: { plan_id: string }) => version.plan_id === response.body.id)).toBe(
      true,
    );
    const reread = await api("GET", `/api/v1/products/${product.id}`, { token: admin.token });
    expect(reread.body.plans.map((plan: { name: string }) => plan.name)).toEqual(["Essential", "Premium"]);
    const entry = await expectAuditRow("PLAN_CREATED", response.body.id);
    expect(entry).toMatchObject({
      entity: "plans",
      userId: admin.user.id,
      details: { product_id: product.id, name: "Premium" },
    });
  });

  it("takes a plan with no versions yet", async () => {
    const product = await createTestProduct();
    const response = await postPlan(product.id, { name: "Later" });
    expect(response.status).toBe(201);
    expect(response.body.versions).toEqual([]);
  });

  it("answers 404 for an unknown product, storing nothing", async () => {
    const before = await catalogCounts();
    const response = await postPlan(randomUUID(), { name: "Orphan", versions: [testVersionInput()] });
    expect(response.status).toBe(404);
    expect(response.body.detail).toBe("product not found");
    expect(await catalogCounts()).toEqual(before);
  });

  it.each([
    [
      "overlapping bands",
      {
        age_surcharges: [
          { min_age: 0, max_age: 30, percentage: 1 },
          { min_age: 30, max_age: 40, percentage: 2 },
        ],
      },
      "versions.1.age_surcharges.1.min_age",
    ],
    [
      "an unknown country",
      { countries: [{ country_code: "ZZ", is_available: true }] },
      "versions.1.countries.0.country_code",
    ],
    ["an unknown zone", { zones: [{ zone_id: randomUUID(), is_available: true }] }, "versions.1.zones.0.zone_id"],
    ["a negative price", { cost_price: "-1" }, "versions.1.cost_price"],
  ])("refuses a nested version with %s (422), storing not even the valid first version", async (_, bad, path) => {
    const product = await createTestProduct();
    const before = await catalogCounts();
    const response = await postPlan(product.id, {
      name: "Broken",
      versions: [testVersionInput(), testVersionInput(bad)],
    });
    expect(response.status, response.text).toBe(422);
    expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(path);
    expect(await catalogCounts()).toEqual(before);
  });

  it("refuses an unknown company with 422 at company_id", async () => {
    const product = await createTestProduct();
    const response = await postPlan(product.id, { name: "Nobody's", company_id: randomUUID() });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([{ path: "company_id", message: "unknown company", code: "unknown_company" }]);
  });

  it("puts the plan in the product's company; a company_id other than the product's is 422, storing nothing", async () => {
    const [own, other] = [await createTestCompany(), await createTestCompany()];
    const owned = await createTestProduct({ company_id: own.id });
    const unnamed = await postPlan(owned.id, { name: "Unnamed" });
    expect(unnamed.status, unnamed.text).toBe(201);
    expect(unnamed.body.company_id).toBe(own.id);
    expect((await expectAuditRow("PLAN_CREATED", unnamed.body.id)).companyId).toBe(own.id);
    expect((await postPlan(owned.id, { name: "Named", company_id: own.id })).status).toBe(201);

    const shared = await createTestProduct();
    for (const [product, message] of [
      [owned, "must be the product's company"],
      [shared, "the product is shared by every company: its plans cannot belong to one"],
    ] as const) {
      const before = await catalogCounts();
      const response = await postPlan(product.id, {
        name: "Elsewhere",
        company_id: other.id,
        versions: [testVersionInput()],
      });
      expect(response.status, response.text).toBe(422);
      expect(response.body.errors).toEqual([{ path: "company_id", message, code: "not_product_company" }]);
      expect(await catalogCounts()).toEqual(before);
    }
  });

  it("refuses VENDEDOR and CLIENTE (403) and anonymous callers (401)", async () => {
    const product = await createTestProduct();
    const before = await catalogCounts();
    expect((await postPlan(product.id, { name: "Nope" }, seller.token)).status).toBe(403);
    expect((await postPlan(product.id, { name: "Nope" }, client.token)).status).toBe(403);
    expect((await api("POST", `/api/v1/products/${product.id}/plans`, { body: { name: "Nope" } })).status).toBe(401);
    expect(await catalogCounts()).toEqual(before);
  });
});

// trust.md section 3: a key with plans:write makes and edits its own company's products only; the
// refusals on a shared product or another company's are in lib/security/__tests__/object-access.test.ts.
describe("an API key with plans:write", () => {
  let company: Awaited<ReturnType<typeof createTestCompany>>;
  let key: string;
  let companySeller: SignedIn;

  beforeAll(async () => {
    company = await createTestCompany();
    companySeller = await signInAs("VENDEDOR", { companyId: company.id });
    const created = await api("POST", "/api/v1/auth/api-keys", {
      token: admin.token,
      body: { name: "catalog", permissions: ["plans:write", "plans:read"], company_id: company.id },
    });
    expect(created.status, created.text).toBe(201);
    key = created.body.key;
  });

  it("creates its company's product, whose plans are that company's, sold only inside it", async () => {
    const response = await api("POST", "/api/v1/products", {
      apiKey: key,
      body: {
        name: `Key's own ${randomUUID().slice(0, 6)}`,
        plans: [{ name: "Own", versions: [testVersionInput({ countries: [{ country_code: "MX" }] })] }],
      },
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body.company_id).toBe(company.id);
    expect(response.body.plans[0].company_id).toBe(company.id);
    expect((await expectAuditRow("PRODUCT_CREATED", response.body.id)).companyId).toBe(company.id);
    const quote = { plan_version_id: response.body.plans[0].versions[0].id, age: 30, country_code: "MX" };
    expect(
      (await api("POST", "/api/v1/plans/calculate-price", { token: companySeller.token, body: quote })).status,
    ).toBe(200);
    expect((await api("POST", "/api/v1/plans/calculate-price", { token: seller.token, body: quote })).status).toBe(404);
  });

  it("refuses (422) a product naming another company than the key's, as an unknown company", async () => {
    const other = await createTestCompany();
    const before = await catalogCounts();
    const response = await api("POST", "/api/v1/products", {
      apiKey: key,
      body: { name: "Planted", company_id: other.id },
    });
    expect(response.status, response.text).toBe(422);
    expect(response.body.errors).toEqual([{ path: "company_id", message: "unknown company", code: "unknown_company" }]);
    expect(await catalogCounts()).toEqual(before);
  });

  it("edits its company's own product: renames it, adds a plan, a version, and changes the version", async () => {
    const product = await createTestProduct({ company_id: company.id });
    expect(
      (await api("PATCH", `/api/v1/products/${product.id}`, { apiKey: key, body: { name: "Renamed by its company" } }))
        .status,
    ).toBe(200);
    const plan = await api("POST", `/api/v1/products/${product.id}/plans`, { apiKey: key, body: { name: "Another" } });
    expect(plan.status, plan.text).toBe(201);
    expect(plan.body.company_id).toBe(company.id);
    const version = await api("POST", `/api/v1/plans/${plan.body.id}/versions`, {
      apiKey: key,
      body: testVersionInput(),
    });
    expect(version.status, version.text).toBe(201);
    const patched = await api("PATCH", `/api/v1/plan-versions/${version.body.id}`, {
      apiKey: key,
      body: { public_price: "31.00" },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.public_price).toBe("31.00");
    expect((await expectAuditRow("PLAN_VERSION_UPDATED", version.body.id)).companyId).toBe(company.id);
  });

  it("lists the shared products and its company's own, not another company's", async () => {
    const [shared, own, other] = [
      await createTestProduct(),
      await createTestProduct({ company_id: company.id }),
      await createTestProduct({ company_id: (await createTestCompany()).id }),
    ];
    const listed = await api("GET", "/api/v1/products/?active_only=false", { apiKey: key });
    expect(listed.status).toBe(200);
    const ids = (listed.body as Product[]).map((item) => item.id);
    expect(ids).toEqual(expect.arrayContaining([shared.id, own.id]));
    expect(ids).not.toContain(other.id);
  });
});

describe("GET /api/v1/openapi.json", () => {
  it("documents every catalog operation with its permission", async () => {
    const document = await api("GET", "/api/v1/openapi.json");
    expect(document.status).toBe(200);
    const permissions = (path: string, method: string) => document.body.paths[path]?.[method]?.["x-permissions"];
    expect(permissions("/api/v1/products/", "get")).toEqual(["plans:read"]);
    expect(permissions("/api/v1/products/", "post")).toEqual(["plans:write"]);
    expect(permissions("/api/v1/products/{id}", "get")).toEqual(["plans:read"]);
    expect(permissions("/api/v1/products/{id}", "patch")).toEqual(["plans:write"]);
    expect(permissions("/api/v1/products/{id}/plans", "post")).toEqual(["plans:write"]);
    expect(permissions("/api/v1/plans/{plan_id}/versions", "post")).toEqual(["plans:write"]);
    expect(permissions("/api/v1/plan-versions/{id}", "get")).toEqual(["plans:read"]);
    expect(permissions("/api/v1/plan-versions/{id}", "patch")).toEqual(["plans:write"]);
    expect(permissions("/api/v1/plans/calculate-price", "post")).toEqual(["plans:read"]);
    expect(Object.keys(document.body.paths["/api/v1/plans/calculate-price"].post.responses)).toEqual(
      expect.arrayContaining(["200", "400", "401", "404", "422"]),
    );
  });
});
