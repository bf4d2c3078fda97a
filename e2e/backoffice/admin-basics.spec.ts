import { expect, test } from "@playwright/test";
import { adminToken, createUserViaApi, unique } from "../fixtures/data";

// Issue 21, points 13 and 14: an administrator deactivates and reactivates a user and edits a company
// from the pages, reads permissions by name, and the sidebar runs the whole height of a tall page.

test("an administrator deactivates a user, then reactivates it", async ({ page, playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const user = await createUserViaApi(api, ["VENDEDOR"]);
  await api.dispose();

  await page.goto("/users");
  await page.getByLabel("Name or e-mail contains").fill(user.email);
  const table = page.getByRole("table", { name: "Users" });
  const row = table.getByRole("row").filter({ hasText: user.email });
  await expect(row).toContainText("active");

  await row.getByRole("button", { name: `Deactivate ${user.email}`, exact: true }).click();
  await row.getByRole("button", { name: `Confirm: deactivate ${user.email}` }).click();
  await expect(row).toContainText("inactive");
  await expect(row.getByRole("button", { name: `Reactivate ${user.email}`, exact: true })).toBeVisible();

  await row.getByRole("button", { name: `Reactivate ${user.email}`, exact: true }).click();
  await expect(row.getByRole("button", { name: `Deactivate ${user.email}`, exact: true })).toBeVisible();
  await expect(row).not.toContainText("inactive");
});

test("an administrator edits a company after creating it", async ({ page, playwright, baseURL }) => {
  const name = unique("E2E Editable");
  const renamed = unique("E2E Renamed");
  const api = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const created = await api.post("/api/v1/organizations/companies", {
    headers: { Authorization: `Bearer ${await adminToken(api)}` },
    data: { name, country_code: "MX", commission_rate: "5" },
  });
  expect(created.status()).toBe(201);
  await api.dispose();

  await page.goto("/companies");
  const card = page.getByRole("listitem", { name });
  await card.getByText("Edit company").click();
  const form = card.getByRole("form", { name: `Edit ${name}` });
  await expect(form.getByLabel("Name", { exact: true })).toHaveValue(name);
  await form.getByLabel("Name", { exact: true }).fill(renamed);
  await form.getByLabel("Commission rate (%)").fill("20");
  await form.getByLabel(/^Reseller/).check();
  await form.getByRole("button", { name: "Save changes" }).click();

  const edited = page.getByRole("listitem", { name: renamed });
  await expect(edited).toContainText("20.00 %");
  await expect(edited).toContainText("reseller");
  await expect(edited.getByRole("status")).toHaveText(`Saved ${renamed}.`);
});

test("the roles list names each permission in words, not by its code", async ({ page }) => {
  await page.goto("/users");
  const admin = page.getByRole("group", { name: "Permissions of ADMIN" });
  await expect(admin).toContainText("Approve or close a claim despite what blocks it");
  await expect(admin).not.toContainText("claims:override");
  const seller = page.getByRole("group", { name: "Permissions of VENDEDOR" });
  await expect(seller).toContainText("Open claims and record expenses");
  await expect(seller).not.toContainText(/\b[a-z]+:[a-z_]+\b/);
});

test("the sidebar runs the whole height of a tall page, its menu still in view at the bottom", async ({ page }) => {
  // Every country of the world: a page many screens tall.
  await page.goto("/geography");
  await expect(page.getByRole("table", { name: "Countries" }).getByRole("row")).not.toHaveCount(0);
  const sidebar = page.getByRole("complementary");
  const heights = async () => {
    const box = await sidebar.boundingBox();
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    return { sidebar: Math.round(box?.height ?? 0), document: pageHeight };
  };
  const viewport = page.viewportSize()!;
  // Measured until the layout settles: rows still arriving make the page taller between two reads.
  await expect
    .poll(async () => {
      const measured = await heights();
      return measured.document > viewport.height * 2 && measured.sidebar >= measured.document - 1;
    })
    .toBe(true);

  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const menu = await page.getByRole("navigation", { name: "Main" }).boundingBox();
  expect(menu).not.toBeNull();
  expect(menu!.y).toBeGreaterThanOrEqual(0);
  expect(menu!.y).toBeLessThan(viewport.height);
});
