import { randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "@/test/api";
import { createTestProduct, signInAs, testVersionInput, type SignedIn } from "@/test/fixtures";
import { catalogCounts } from "./helpers";

// trust.md section 7 in the catalog: a zero-decimal currency (CLP, PYG, JPY...) has whole prices only
// (422 on the field), a currency two-decimal amounts cannot hold (BHD, KWD...) is refused (422
// "unsupported currency"), and prices are worked out in whole units there.

let admin: SignedIn;
let seller: SignedIn;

beforeAll(async () => {
  [admin, seller] = await Promise.all([signInAs("ADMIN"), signInAs("VENDEDOR")]);
});

beforeEach(() => {
  vi.stubEnv("CATALOG_CURRENCIES", "CLP,PYG,JPY,KWD,BHD,ABC");
});

function productWith(overrides: Record<string, unknown>) {
  return {
    name: `Currency ${randomUUID().slice(0, 6)}`,
    plans: [{ name: "Essential", versions: [testVersionInput(overrides)] }],
  };
}

function postProduct(body: unknown) {
  return api("POST", "/api/v1/products/", { token: admin.token, body });
}

describe("POST /products/ in a zero-decimal currency", () => {
  it.each([
    ["public_price", { public_price: "12000.50" }, "plans.0.versions.0.public_price"],
    ["cost_price", { cost_price: 4999.99 }, "plans.0.versions.0.cost_price"],
    [
      "country price",
      {
        countries: [
          { country_code: "CL", price: "15000" },
          { country_code: "PY", price: "15000.01" },
        ],
      },
      "plans.0.versions.0.countries.1.price",
    ],
  ])("a %s with decimals in CLP: 422 on that field, nothing stored", async (_, overrides, path) => {
    const before = await catalogCounts();
    const response = await postProduct(
      productWith({ currency: "CLP", public_price: "12000", cost_price: "5000", ...overrides }),
    );
    expect(response.status, response.text).toBe(422);
    expect(response.body.errors).toEqual([
      { path, message: "must be a whole amount: CLP has no decimals", code: "not_whole_amount" },
    ]);
    expect(response.body.detail).toBe(`invalid body '${path}': must be a whole amount: CLP has no decimals`);
    expect(await catalogCounts()).toEqual(before);
  });

  it("whole prices in CLP, PYG and JPY are taken (stored with two decimals, as every amount)", async () => {
    for (const currency of ["CLP", "PYG", "JPY"]) {
      const response = await postProduct(
        productWith({
          currency,
          public_price: 12000,
          cost_price: "5000.00",
          countries: [{ country_code: "CL", price: "15000" }],
        }),
      );
      expect(response.status, response.text).toBe(201);
      expect(response.body.plans[0].versions[0]).toMatchObject({
        currency,
        public_price: "12000.00",
        cost_price: "5000.00",
        countries: [{ country_code: "CL", price: "15000.00" }],
      });
    }
    // Cents stay fine in a currency that has them.
    expect((await postProduct(productWith({ currency: "USD", public_price: "12.34" }))).status).toBe(201);
  });

  it.each(["KWD", "BHD", "ABC"])("%s, though configured, is refused: 422 unsupported currency", async (currency) => {
    const before = await catalogCounts();
    const response = await postProduct(productWith({ currency }));
    expect(response.status, response.text).toBe(422);
    expect(response.body.errors).toEqual([
      { path: "plans.0.versions.0.currency", message: "unsupported currency", code: "unsupported_currency" },
    ]);
    expect(await catalogCounts()).toEqual(before);
  });

  it("a currency that is not configured keeps its own refusal", async () => {
    const response = await postProduct(productWith({ currency: "GBP" }));
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([
      {
        path: "plans.0.versions.0.currency",
        message: "must be one of the configured currencies, as an upper-case code (USD, EUR, MXN)",
        code: "unsupported_currency",
      },
    ]);
  });
});

describe("PATCH /plan-versions/{id} and POST /plans/{id}/versions in a zero-decimal currency", () => {
  it("prices with decimals are refused when the version is, or becomes, CLP; 422 on each price", async () => {
    const product = await createTestProduct({
      plans: [
        {
          name: "Essential",
          versions: [
            testVersionInput({
              currency: "USD",
              public_price: "25.50",
              cost_price: "10.00",
              countries: [{ country_code: "MX", price: "30.25" }],
            }),
          ],
        },
      ],
    });
    const version = product.plans[0].versions[0];
    const patch = (body: unknown) => api("PATCH", `/api/v1/plan-versions/${version.id}`, { token: admin.token, body });

    // To CLP with the prices it has: the public price and the Mexican price have decimals.
    const toPesos = await patch({ currency: "CLP" });
    expect(toPesos.status, toPesos.text).toBe(422);
    expect(toPesos.body.errors).toEqual([
      { path: "public_price", message: "must be a whole amount: CLP has no decimals", code: "not_whole_amount" },
      { path: "countries.0.price", message: "must be a whole amount: CLP has no decimals", code: "not_whole_amount" },
    ]);
    // With whole prices sent along: taken.
    const whole = await patch({
      currency: "CLP",
      public_price: "25000",
      countries: [{ country_code: "MX", price: "30000" }],
    });
    expect(whole.status, whole.text).toBe(200);
    expect(whole.body).toMatchObject({
      currency: "CLP",
      public_price: "25000.00",
      countries: [{ country_code: "MX", price: "30000.00" }],
    });
    // A CLP version's price edited with decimals: refused.
    const cents = await patch({ cost_price: "10.10" });
    expect(cents.status).toBe(422);
    expect(cents.body.errors).toEqual([
      { path: "cost_price", message: "must be a whole amount: CLP has no decimals", code: "not_whole_amount" },
    ]);
    expect((await patch({ currency: "KWD" })).body.errors).toEqual([
      { path: "currency", message: "unsupported currency", code: "unsupported_currency" },
    ]);

    const added = await api("POST", `/api/v1/plans/${product.plans[0].id}/versions`, {
      token: admin.token,
      body: testVersionInput({ currency: "PYG", public_price: "90000.5" }),
    });
    expect(added.status).toBe(422);
    expect(added.body.errors).toEqual([
      { path: "public_price", message: "must be a whole amount: PYG has no decimals", code: "not_whole_amount" },
    ]);
  });
});

describe("POST /plans/calculate-price in a zero-decimal currency", () => {
  it("rounds the surcharge and the unit price half-up to whole pesos", async () => {
    const product = await createTestProduct({
      plans: [
        {
          name: "Essential",
          versions: [
            testVersionInput({
              currency: "CLP",
              public_price: "12345",
              cost_price: "5000",
              countries: [{ country_code: "CL" }],
              age_surcharges: [{ min_age: 60, max_age: 70, percentage: "10" }],
            }),
          ],
        },
      ],
    });
    const response = await api("POST", "/api/v1/plans/calculate-price", {
      token: seller.token,
      body: { plan_version_id: product.plans[0].versions[0].id, age: 65, country_code: "CL", quantity: 3 },
    });
    expect(response.status, response.text).toBe(200);
    // 12345 x 10% = 1234.5 -> 1235; unit 13580; three people 40740.
    expect(response.body).toMatchObject({
      currency: "CLP",
      base_price: "12345.00",
      age_surcharge_amount: "3705.00",
      final_price: "40740.00",
    });
    expect(response.body.breakdown.unit_price).toBe("13580.00");
  });
});
