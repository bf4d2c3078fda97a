import { expect, test } from "@playwright/test";

test("the dashboard greets the administrator and links to every section", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Ana Admin");
  const main = page.getByRole("main");
  for (const section of ["Users & roles", "Audit log", "Companies", "Geography", "API docs"]) {
    await expect(main.getByRole("link", { name: section })).toBeVisible();
  }
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the menu folds behind a button", async ({ page }) => {
    await page.goto("/dashboard");
    const menu = page.getByRole("navigation", { name: "Main" });
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Geography" }).click();
    await expect(page).toHaveURL(/\/geography$/);
    await expect(menu).toBeHidden();
  });
});

test("the countries table filters by name and continent", async ({ page }) => {
  await page.goto("/geography");
  const table = page.getByRole("table", { name: "Countries" });
  await page.getByLabel("Name", { exact: true }).fill("land");
  await page.getByLabel("Continent").selectOption({ label: "Europe" });
  await expect(table.getByRole("row").filter({ hasText: "Switzerland" })).toHaveCount(1);
  await expect(table.getByRole("row").filter({ hasText: "New Zealand" })).toHaveCount(0);
});

test("the API reference renders the OpenAPI document", async ({ page }) => {
  // Scalar's UI is a large bundle that reads and indexes the whole document in the browser: on a busy
  // two-core machine it takes tens of seconds to appear.
  test.slow();
  await page.goto("/docs");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("API", { timeout: 90_000 });
  // Scalar's reference UI (components/docs/api-reference.tsx): an operation is opened from the
  // navigation, and its section is named by method and path.
  await page.getByText("Create a zone", { exact: true }).first().click();
  const operation = page.locator('[id$="/POST/api/v1/geography/zones"]');
  await expect(operation).toContainText("/api/v1/geography/zones", { timeout: 30_000 });
  await expect(operation).toContainText("Requires the permission");
  await expect(operation).toContainText("geography:manage");
  await expect(operation.getByRole("group", { name: /request body/i })).toBeVisible();
});
