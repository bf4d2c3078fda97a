import { expect, test, type PlaywrightWorkerArgs } from "@playwright/test";
import { adminToken, unique } from "../fixtures/data";

type SeededVersion = { productName: string; planName: string; versionId: string };

/**
 * A product with one plan and one version listed in MX with one surcharge band, created through the API
 * with a token. The request context starts without cookies: the project's carries the administrator's
 * session cookie, with which the API treats a POST as a page's and refuses it without a same-origin header.
 */
async function seedProduct(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string | undefined,
): Promise<SeededVersion> {
  const productName = unique("E2E Seeded");
  const planName = unique("E2E Plan");
  const request = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const token = await adminToken(request);
  const response = await request.post("/api/v1/products/", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name: productName,
      plans: [
        {
          name: planName,
          versions: [
            {
              version_label: "v1",
              cost_price: "8.00",
              public_price: "20.00",
              currency: "EUR",
              max_entry_age: 65,
              max_renewal_age: 70,
              wtime_suicide: 365,
              wtime_accident: 0,
              wtime_preexisting: 90,
              countries: [{ country_code: "MX", is_available: true, price: "18.00" }],
              age_surcharges: [{ min_age: 50, max_age: 65, percentage: "20" }],
              coverages: [{ name: "Repatriation", limit_amount: "5000" }],
            },
          ],
        },
      ],
    },
  });
  expect(response.status()).toBe(201);
  const product = (await response.json()) as { plans: Array<{ versions: Array<{ id: string }> }> };
  await request.dispose();
  return { productName, planName, versionId: product.plans[0].versions[0].id };
}

test("the product form shows nested errors next to the version they concern", async ({ page }) => {
  await page.goto("/catalog");
  const form = page.getByRole("form", { name: "Create a product" });
  await form.getByLabel("Product name").fill(unique("E2E Invalid"));
  await form.getByRole("group", { name: "Plan 1", exact: true }).getByLabel("Plan name").fill(unique("E2E Plan"));
  const first = form.getByRole("group", { name: "Plan 1, version 1", exact: true });
  await first.getByLabel("Public price").fill("30");
  await first.getByLabel("Cost price").fill("10");
  await form.getByRole("button", { name: "Add a version to plan 1" }).click();
  const second = form.getByRole("group", { name: "Plan 1, version 2", exact: true });
  await second.getByLabel("Public price").fill("-5");
  await second.getByLabel("Cost price").fill("4");
  await form.getByRole("button", { name: "Create product" }).click();
  // The shared schema refuses it before it is sent, at the path the API would name.
  await expect(second.getByText("must be a number between 0 and 9999999999.99")).toBeVisible();
  await expect(first.getByText("must be a number between 0 and 9999999999.99")).toHaveCount(0);

  // What only the server can refuse comes back as errors[].path; it lands next to the same nested field.
  await second.getByLabel("Public price").fill("25");
  await page.route("**/api/v1/products/", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    await route.fulfill({
      status: 422,
      json: {
        detail: "invalid body 'plans.0.versions.1.cost_price': refused by the server",
        errors: [{ path: "plans.0.versions.1.cost_price", message: "refused by the server" }],
      },
    });
  });
  await form.getByRole("button", { name: "Create product" }).click();
  await expect(
    form.getByRole("alert").filter({ hasText: "invalid body 'plans.0.versions.1.cost_price'" }),
  ).toBeVisible();
  await expect(second.getByText("refused by the server")).toBeVisible();
  await expect(first.getByText("refused by the server")).toHaveCount(0);
});

test("a version that policies use is read-only, and a new version starts from all of it", async ({ page }) => {
  // The demo version has a demo policy: it is only looked at here, never changed.
  await page.goto("/catalog");
  const card = page.getByRole("listitem", { name: "Repatriation Cover", exact: true });
  await expect(card.getByRole("table", { name: "Versions of Essential" })).toContainText("in use");
  await card.getByRole("link", { name: "Edit Essential 2026.1" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Version 2026.1");
  await expect(page.getByRole("note")).toContainText("Policies were issued on this version");
  const editor = page.getByRole("form", { name: "Version terms" });
  await expect(editor.getByLabel("Public price")).toBeDisabled();
  await expect(
    editor.getByRole("group", { name: "Country rule 3" }).getByLabel("Price override (optional)"),
  ).toBeDisabled();
  await expect(editor.getByRole("button", { name: "Save version" })).toHaveCount(0);

  await page.getByRole("link", { name: "New version from this one" }).click();
  const draft = page.getByRole("form", { name: "New version" });
  await expect(draft.getByLabel("Version label (optional)")).toHaveValue("2026.2");
  await expect(draft.getByLabel("Public price")).toHaveValue("25.00");
  await expect(draft.getByLabel("Maximum renewal age")).toHaveValue("80");
  await expect(draft.getByRole("group", { name: "Country rule 3" }).getByLabel("Country", { exact: true })).toHaveValue(
    "US",
  );
  await expect(
    draft.getByRole("group", { name: "Country rule 3" }).getByLabel("Price override (optional)"),
  ).toHaveValue("30.00");
  await expect(draft.getByRole("group", { name: "Surcharge band 2" }).getByLabel("Surcharge (%)")).toHaveValue("25.00");
  await expect(draft.getByRole("group", { name: "Coverage 2" }).getByLabel("Coverage name")).toHaveValue(
    "Repatriation of remains",
  );
});

test("a new version is created from an unused one, and the old one is deactivated", async ({
  page,
  playwright,
  baseURL,
}) => {
  const seeded = await seedProduct(playwright, baseURL);
  await page.goto(`/catalog/versions/${seeded.versionId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Version v1");
  await page.getByRole("link", { name: "New version from this one" }).click();

  const draft = page.getByRole("form", { name: "New version" });
  await expect(draft.getByLabel("Version label (optional)")).toHaveValue("v2");
  await draft.getByLabel("Public price").fill("22.50");
  await draft.getByRole("button", { name: "Create version" }).click();

  await expect(page).toHaveURL(/\/catalog\/versions\/[0-9a-f-]{36}\?created=1$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Version v2");
  await expect(page.getByText("Created this version.")).toBeVisible();
  const editor = page.getByRole("form", { name: "Version terms" });
  await expect(editor.getByLabel("Public price")).toHaveValue("22.50");
  await expect(
    editor.getByRole("group", { name: "Country rule 1" }).getByLabel("Price override (optional)"),
  ).toHaveValue("18.00");
  await expect(editor.getByRole("group", { name: "Coverage 1" }).getByLabel("Coverage name")).toHaveValue(
    "Repatriation",
  );

  // The old version: deactivated from its own page, then shown as such in the tree.
  await page.goto(`/catalog/versions/${seeded.versionId}`);
  await page.getByRole("button", { name: "Deactivate version" }).click();
  await expect(page.getByRole("button", { name: "Activate version" })).toBeVisible();
  await page.goto("/catalog");
  const card = page.getByRole("listitem", { name: seeded.productName });
  const versions = card.getByRole("table", { name: `Versions of ${seeded.planName}` });
  await expect(versions.getByRole("row").filter({ hasText: "v1" })).toContainText("inactive");
  await expect(versions.getByRole("row").filter({ hasText: "v2" })).toContainText("22.50 EUR");

  // A product can be deactivated (and reactivated) from the tree.
  await card.getByRole("button", { name: "Deactivate product" }).click();
  await expect(card.getByRole("button", { name: "Activate product" })).toBeVisible();
  await expect(card.getByText("inactive", { exact: true }).first()).toBeVisible();
});

test("a plan is added to an existing product", async ({ page, playwright, baseURL }) => {
  const seeded = await seedProduct(playwright, baseURL);
  const planName = unique("E2E Added plan");
  await page.goto("/catalog");
  const card = page.getByRole("listitem", { name: seeded.productName });
  await card.getByText("Add a plan").click();
  const form = card.getByRole("form", { name: `Add a plan to ${seeded.productName}` });
  await form.getByLabel("Plan name").fill(planName);
  const version = form.getByRole("group", { name: "New plan, version 1", exact: true });
  await version.getByLabel("Version label (optional)").fill("first");
  // An amount typed as a Spanish-speaking office writes it (localisation.md section 2).
  await version.getByLabel("Public price").fill("1.234,56");
  await version.getByLabel("Cost price").fill("6");
  await version.getByLabel("Currency").selectOption("MXN");
  await form.getByRole("button", { name: "Add plan" }).click();
  await expect(form.getByRole("status")).toHaveText(`Added the plan ${planName}.`);
  await expect(card.getByRole("table", { name: `Versions of ${planName}` })).toContainText("1,234.56 MXN");
});
