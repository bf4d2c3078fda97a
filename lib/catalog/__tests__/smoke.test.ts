import { describe, expect, it } from "vitest";
import { api } from "@/lib/testing/api";
import { signInAs } from "@/lib/testing/fixtures";

describe("catalog smoke", () => {
  it("creates a product tree and prices it", async () => {
    const admin = await signInAs("ADMIN");
    const created = await api("POST", "/api/v1/products/", {
      token: admin.token,
      body: {
        name: "Repatriation",
        plans: [
          {
            name: "Essential",
            versions: [
              {
                cost_price: 10,
                public_price: "25.00",
                currency: "USD",
                max_entry_age: 70,
                max_renewal_age: 80,
                wtime_suicide: 730,
                wtime_accident: 0,
                wtime_preexisting: 180,
                countries: [{ country_code: "US", is_available: true, price: 30 }],
                age_surcharges: [{ min_age: 60, max_age: 70, percentage: 25 }],
                coverages: [{ name: "Repatriation", limit_amount: 10000 }],
              },
            ],
          },
        ],
      },
    });
    expect(created.status, created.text).toBe(201);
    const versionId = created.body.plans[0].versions[0].id;
    const seller = await signInAs("VENDEDOR");
    const quote = await api("POST", "/api/v1/plans/calculate-price", { token: seller.token, body: { plan_version_id: versionId, age: 65, country_code: "US", quantity: 2 } });
    expect(quote.status, quote.text).toBe(200);
    expect(quote.body.final_price).toBe("75.00");
    const list = await api("GET", "/api/v1/products", { token: seller.token });
    expect(list.body[0].plans[0].versions[0].cost_price).toBeNull();
    const bad = await api("POST", "/api/v1/products/", { token: admin.token, body: { name: "x", plans: [{ name: "p", versions: [{ cost_price: -1, public_price: 1, currency: "GBP", max_entry_age: 1, max_renewal_age: 1, wtime_suicide: 0, wtime_accident: 0, wtime_preexisting: 0, countries: [{ country_code: "ZZ" }], age_surcharges: [{ min_age: 1, max_age: 5, percentage: 1 }, { min_age: 5, max_age: 9, percentage: 1 }] }] }] } });
    expect(bad.status).toBe(422);
    console.log(JSON.stringify(bad.body.errors));
  });
});
