import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getConnection } from "@/db";
import { planVersions } from "@/db/schema";
import { announceCatalogChange, listenForCatalogChanges } from "@/lib/catalog/pricing-config";
import { api } from "@/test/api";
import { createTestProduct, signInAs, testVersionInput, type SignedIn } from "@/test/fixtures";

// Another server process edits the catalog: here, a write straight to the database that does not
// touch this process's cache, as a write in another process would not.
let seller: SignedIn;
let stopListening: () => Promise<void>;

beforeAll(async () => {
  seller = await signInAs("VENDEDOR");
  stopListening = await listenForCatalogChanges(await getConnection());
});
afterAll(async () => {
  await stopListening();
});

async function versionPricedAt(price: string): Promise<string> {
  const product = await createTestProduct({
    plans: [
      {
        name: "Essential",
        versions: [testVersionInput({ public_price: price, countries: [{ country_code: "US", is_available: true }] })],
      },
    ],
  });
  return product.plans[0].versions[0].id;
}

async function quotedPrice(versionId: string): Promise<string> {
  const response = await api("POST", "/api/v1/plans/calculate-price", {
    token: seller.token,
    body: { plan_version_id: versionId, age: 30, country_code: "US" },
  });
  expect(response.status, response.text).toBe(200);
  return response.body.final_price;
}

async function eventually(read: () => Promise<string>, expected: string): Promise<string> {
  let value = await read();
  for (let tries = 0; value !== expected && tries < 50; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return value;
}

describe("the pricing cache across server processes", () => {
  it("keeps a cached price when another process changes the row without announcing it (the cache is in play)", async () => {
    const versionId = await versionPricedAt("100.00");
    expect(await quotedPrice(versionId)).toBe("100.00");
    const { db } = await getConnection();
    await db.update(planVersions).set({ publicPrice: "150.00" }).where(eq(planVersions.id, versionId));
    expect(await quotedPrice(versionId)).toBe("100.00");
  });

  it("drops the cached price when another process's write announces itself on commit", async () => {
    const versionId = await versionPricedAt("100.00");
    expect(await quotedPrice(versionId)).toBe("100.00");
    const { db } = await getConnection();
    await db.transaction(async (tx) => {
      await tx.update(planVersions).set({ publicPrice: "150.00" }).where(eq(planVersions.id, versionId));
      await announceCatalogChange(tx);
    });
    expect(await eventually(() => quotedPrice(versionId), "150.00")).toBe("150.00");
  });

  it("announces nothing when the write rolls back", async () => {
    const versionId = await versionPricedAt("100.00");
    expect(await quotedPrice(versionId)).toBe("100.00");
    const { db } = await getConnection();
    await db
      .transaction(async (tx) => {
        await announceCatalogChange(tx);
        throw new Error("rolled back");
      })
      .catch(() => undefined);
    // The row was changed outside any announcement; only a delivered NOTIFY would reveal it.
    await db.update(planVersions).set({ publicPrice: "175.00" }).where(eq(planVersions.id, versionId));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await quotedPrice(versionId)).toBe("100.00");
  });
});
