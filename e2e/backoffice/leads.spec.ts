import { expect, test, type Page } from "@playwright/test";
import { SELLER, signInThroughPage, unique } from "../fixtures/data";

// The leads pipeline end to end: a lead arrives through the public form's endpoint, and the demo seller
// finds it on the board, qualifies it, converts it, and reads the result on the lead's page.

const PHONE_WIDTH = { width: 390, height: 844 };

/** The page does not scroll sideways: nothing is wider than the window. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.window);
}

function uniquePhone(): string {
  // A Mexico City number (+52 55 and eight digits): every such number is valid (libphonenumber).
  return `+5255${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
}

test("a public lead arrives, and a seller qualifies and converts it from the pipeline board", async ({
  page,
  playwright,
}, testInfo) => {
  test.slow();
  const firstName = unique("Lucia");
  const phone = uniquePhone();

  await test.step("the public form posts the lead (no credentials, no cookie)", async () => {
    const visitor = await playwright.request.newContext({
      baseURL: testInfo.project.use.baseURL,
      storageState: { cookies: [], origins: [] },
    });
    const response = await visitor.post("/api/v1/leads/", {
      data: {
        phone_e164: phone,
        first_name: firstName,
        last_name: "Ramírez",
        source_channel: "whatsapp",
        campaign_id: "e2e-campaign",
        utm_source: "facebook",
        utm_medium: "cpc",
      },
    });
    expect(response.status()).toBe(201);
    // An anonymous post gets the new lead's id only, never the stored lead (trust.md section 4).
    expect(Object.keys(await response.json())).toEqual(["id"]);
    await visitor.dispose();
  });

  // The seller, in a browser of its own (the project's default session is the administrator's).
  const sellerContext = await page
    .context()
    .browser()!
    .newContext({ storageState: { cookies: [], origins: [] } });
  const seller = await sellerContext.newPage();
  await signInThroughPage(seller, SELLER);
  const name = `${firstName} Ramírez`;
  const column = (stage: string) => seller.getByRole("region", { name: new RegExp(`^${stage} \\d+$`) });
  const card = (stage: string) => column(stage).getByRole("listitem").filter({ hasText: name });

  await test.step("the seller finds the lead in the New column of the board", async () => {
    await seller.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Leads", exact: true }).click();
    await expect(seller).toHaveURL(/\/leads$/);
    await expect(card("New")).toHaveCount(1);
    await expect(card("New")).toContainText(phone);
    await expect(card("New")).toContainText("whatsapp");
    // Only the moves the contract allows from NEW.
    await expect(card("New").getByRole("button")).toHaveText(["To contacted", "To qualified", "To disqualified"]);
    await seller.screenshot({ path: testInfo.outputPath("board-desktop.png"), fullPage: true });
    await expectNoSidewaysScroll(seller);
  });

  await test.step("qualify it, then convert it", async () => {
    await card("New").getByRole("button", { name: "To qualified" }).click();
    await expect(card("Qualified")).toHaveCount(1);
    await expect(card("New")).toHaveCount(0);
    await expect(card("Qualified").getByRole("button")).toHaveText(["To converted", "To disqualified"]);
    // Converting is final and makes a client: a dialog asks for the client's details and a confirmation.
    await card("Qualified").getByRole("button", { name: "To converted" }).click();
    const dialog = seller.getByRole("dialog", { name: `Convert ${name} into a client` });
    await dialog.getByLabel("E-mail").fill(`${firstName.toLowerCase()}@example.test`);
    await dialog.getByLabel("Birth date").fill("1980-04-12");
    await dialog.getByLabel("Nationality").selectOption("MX");
    await dialog.getByLabel("Country of residence").selectOption("MX");
    await dialog.getByRole("button", { name: "Convert", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(card("Converted")).toHaveCount(1);
    // The card names the client it became (here registered under the lead's own name) and links to it.
    await expect(card("Converted").getByRole("link", { name }).last()).toHaveAttribute(
      "href",
      /^\/clients\/[0-9a-f-]{36}$/,
    );
    await expect(card("Converted")).toContainText("Final stage.");
    await expect(card("Converted").getByRole("button")).toHaveCount(0);
  });

  await test.step("the board on a phone: columns stacked, nothing wider than the screen", async () => {
    await seller.setViewportSize(PHONE_WIDTH);
    await seller.reload();
    await expect(card("Converted")).toHaveCount(1);
    await expectNoSidewaysScroll(seller);
    await seller.screenshot({ path: testInfo.outputPath("board-phone.png"), fullPage: true });
    await seller.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step("the lead page shows CONVERTED with converted_to_contact", async () => {
    await card("Converted").getByRole("link", { name }).first().click();
    await expect(seller).toHaveURL(/\/leads\/[0-9a-f-]{36}$/);
    await expect(seller.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(seller.getByTestId("lead-chips")).toContainText("Converted");
    await expect(seller.getByTestId("lead-chips")).toContainText("converted to contact");
    await expect(seller.getByTestId("converted-flag")).toHaveText("yes: converted_to_contact");
    // No CRM in e2e: the lead page says why the lead is not in the CRM.
    await expect(seller.getByTestId("crm-id")).toHaveText("not in the CRM yet");
    await expect(seller.getByTestId("crm-sync-error")).toContainText("not configured");
    await expect(seller.getByRole("region", { name: "Work the lead" })).toContainText("Final stage.");
    const checkout = seller.getByRole("region", { name: "Checkout" });
    await expect(checkout.getByRole("listitem")).toHaveCount(4);
    await expect(checkout).toContainText("Form started not yet");
    await seller.screenshot({ path: testInfo.outputPath("lead-desktop.png"), fullPage: true });
    await seller.setViewportSize(PHONE_WIDTH);
    await expectNoSidewaysScroll(seller);
    await seller.screenshot({ path: testInfo.outputPath("lead-phone.png"), fullPage: true });
  });

  await test.step("analytics: the campaign's row counts the converted lead", async () => {
    await seller.setViewportSize({ width: 1280, height: 800 });
    await seller.goto("/leads/analytics");
    await expect(seller.getByRole("heading", { level: 1 })).toHaveText("Lead analytics");
    const row = seller
      .getByRole("table", { name: "Leads by source channel and campaign" })
      .getByRole("row")
      .filter({ hasText: "e2e-campaign" });
    await expect(row).toContainText("whatsapp");
    await expect(row).toContainText("100%");
    await expect(seller.getByRole("img", { name: /Conversion rate by source channel and campaign/ })).toBeVisible();
    await seller.screenshot({ path: testInfo.outputPath("analytics-desktop.png"), fullPage: true });
    await seller.setViewportSize(PHONE_WIDTH);
    await expectNoSidewaysScroll(seller);
    await seller.screenshot({ path: testInfo.outputPath("analytics-phone.png"), fullPage: true });
  });

  await sellerContext.close();
});
