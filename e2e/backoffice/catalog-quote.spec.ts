import { expect, test } from "@playwright/test";
import { SELLER, signInThroughPage, unique } from "../fixtures/data";

test("an administrator builds a product in the editor and a seller quotes it", async ({ page, browser }) => {
  const productName = unique("E2E Product");
  const planName = unique("E2E Plan");

  await test.step("the administrator creates the product, its plan and a version in one form", async () => {
    await page.goto("/catalog");
    const form = page.getByRole("form", { name: "Create a product" });
    await form.getByLabel("Product name").fill(productName);
    await form.getByRole("group", { name: "Plan 1", exact: true }).getByLabel("Plan name").fill(planName);
    const version = form.getByRole("group", { name: "Plan 1, version 1", exact: true });
    await version.getByLabel("Version label (optional)").fill("v1");
    await version.getByLabel("Public price").fill("33.33");
    await version.getByLabel("Cost price").fill("10");
    await version.getByLabel("Currency").selectOption("USD");
    await version.getByLabel("Maximum entry age").fill("70");
    await version.getByLabel("Maximum renewal age").fill("75");
    await form.getByRole("button", { name: "Create product" }).click();
    await expect(form.getByRole("status")).toHaveText(`Created ${productName} with 1 plan and 1 version.`);
    const versions = page
      .getByRole("listitem", { name: productName })
      .getByRole("table", { name: `Versions of ${planName}` });
    await expect(versions).toContainText("33.33 USD");
    await expect(versions).toContainText("0 countries");
  });

  await test.step("then lists it in MX and adds an age surcharge band in the version editor", async () => {
    await page
      .getByRole("listitem", { name: productName })
      .getByRole("link", { name: `Edit ${planName} v1` })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Version v1");
    const editor = page.getByRole("form", { name: "Version terms" });
    await editor.getByRole("button", { name: "Add a country" }).click();
    await editor
      .getByRole("group", { name: "Country rule 1" })
      .getByLabel("Country", { exact: true })
      .selectOption("MX");

    await editor.getByRole("button", { name: "Add a surcharge band" }).click();
    const band = editor.getByRole("group", { name: "Surcharge band 1" });
    await band.getByLabel("From age").fill("60");
    await band.getByLabel("To age").fill("70");
    await band.getByLabel("Surcharge (%)").fill("12.5");

    // An overlapping band is refused next to the field that overlaps, as the API would (age_surcharges.1.min_age).
    await editor.getByRole("button", { name: "Add a surcharge band" }).click();
    const overlapping = editor.getByRole("group", { name: "Surcharge band 2" });
    await overlapping.getByLabel("From age").fill("65");
    await overlapping.getByLabel("To age").fill("69");
    await overlapping.getByLabel("Surcharge (%)").fill("5");
    await editor.getByRole("button", { name: "Save version" }).click();
    await expect(overlapping.getByText("the band 65-69 overlaps the band 60-70")).toBeVisible();
    await overlapping.getByRole("button", { name: "Remove surcharge band 2" }).click();

    await editor.getByRole("button", { name: "Save version" }).click();
    await expect(editor.getByRole("status")).toHaveText("Saved the version.");
    await page.goto("/catalog");
    await expect(page.getByRole("listitem", { name: productName })).toContainText(
      "1 country · 0 zones · 1 surcharge band · 0 coverages",
    );
  });

  // The seller signs in in a browser of its own, without the administrator's cookie.
  const sellerContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const seller = await sellerContext.newPage();

  await test.step("a seller quotes two people in MX", async () => {
    await signInThroughPage(seller, SELLER);
    await seller.goto("/quote");
    await seller.getByLabel("Product", { exact: true }).selectOption({ label: productName });
    // The product's only plan and version are chosen with it.
    await expect(seller.getByLabel("Plan", { exact: true }).locator("option:checked")).toHaveText(planName);
    await expect(seller.getByLabel("Version", { exact: true }).locator("option:checked")).toHaveText("v1 · 33.33 USD");
    await seller.getByLabel("Country", { exact: true }).selectOption("MX");
    await seller.getByLabel("Age of person 1").fill("30");
    await seller.getByRole("button", { name: "Add a person" }).click();
    await seller.getByLabel("Age of person 2").fill("65");

    const first = seller.getByRole("listitem", { name: "Person 1" });
    const second = seller.getByRole("listitem", { name: "Person 2" });
    await expect(first.getByRole("status", { name: "Price of person 1" })).toHaveText("33.33 USD");
    await expect(first).toContainText("age 30 is in no surcharge band: +0.00%");
    // 33.33 x 1.125 = 37.49625, half-up to 37.50.
    await expect(second.getByRole("status", { name: "Price of person 2" })).toHaveText("37.50 USD");
    await expect(second).toContainText("age 65 is in the surcharge band 60-70: +12.50% = 4.17 per person");
    await expect(seller.getByRole("status", { name: "Total" })).toHaveText("Total for 2 people: 70.83 USD");
  });

  await test.step("only the country where the version is sold is offered, and an age above the limit is explained on its row", async () => {
    await expect(seller.getByLabel("Country", { exact: true }).locator("option:not([value=''])")).toHaveText([
      "Mexico (MX)",
    ]);
    await seller.getByLabel("Age of person 2").fill("71");
    await expect(seller.getByRole("listitem", { name: "Person 2" })).toContainText(
      "age 71 exceeds the maximum entry age of 70",
    );
    await expect(
      seller.getByRole("listitem", { name: "Person 1" }).getByRole("status", { name: "Price of person 1" }),
    ).toHaveText("33.33 USD");
    await expect(seller.getByRole("status", { name: "Total" })).toContainText("No total");

    await seller.getByRole("button", { name: "Remove person 2" }).click();
    await expect(seller.getByRole("status", { name: "Total" })).toHaveText("Total for 1 person: 33.33 USD");
  });

  await test.step("the seller sees the catalog but cannot change it", async () => {
    await seller.goto("/catalog");
    const card = seller.getByRole("listitem", { name: productName });
    await expect(card.getByRole("link", { name: `View ${planName} v1` })).toBeVisible();
    await expect(seller.getByRole("form", { name: "Create a product" })).toHaveCount(0);
    await expect(card.getByRole("button", { name: "Deactivate product" })).toHaveCount(0);
  });
  await sellerContext.close();
});

test("a quote link to an inactive version warns instead of pricing", async ({ page }) => {
  const productName = unique("E2E Inactive");
  const planName = unique("E2E Plan");
  await page.goto("/catalog");
  const form = page.getByRole("form", { name: "Create a product" });
  await form.getByLabel("Product name").fill(productName);
  await form.getByRole("group", { name: "Plan 1", exact: true }).getByLabel("Plan name").fill(planName);
  const version = form.getByRole("group", { name: "Plan 1, version 1", exact: true });
  await version.getByLabel("Version label (optional)").fill("old");
  await version.getByLabel("Public price").fill("10");
  await version.getByLabel("Cost price").fill("5");
  await version.getByLabel("Active (can be quoted and sold)").uncheck();
  await form.getByRole("button", { name: "Create product" }).click();
  await expect(form.getByRole("status")).toContainText(`Created ${productName}`);

  const row = page.getByRole("listitem", { name: productName }).getByRole("row").filter({ hasText: "old" });
  await expect(row).toContainText("inactive");
  await row.getByRole("link", { name: `Edit ${planName} old` }).click();
  await expect(page).toHaveURL(/\/catalog\/versions\/[0-9a-f-]{36}$/);
  const versionId = page.url().split("/").at(-1)!;

  await page.goto(`/quote?version=${versionId}`);
  await expect(page.getByLabel("Version", { exact: true }).locator("option:checked")).toHaveText(
    "old · 10.00 USD (inactive)",
  );
  await expect(page.getByRole("alert").filter({ hasText: "is inactive: it cannot be quoted or sold" })).toBeVisible();
  await page.getByLabel("Age of person 1").fill("40");
  await expect(page.getByRole("listitem", { name: "Person 1" })).toContainText("This version cannot be priced.");
});
