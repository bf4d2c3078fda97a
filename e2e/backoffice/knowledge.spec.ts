import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { SELLER, signInThroughPage, unique } from "../fixtures/data";

// The knowledge library and the assistant end to end: the administrator uploads a PDF on /knowledge for
// the default company and its clients, the demo seller (same company) asks on /chat a question only that
// PDF answers, and sees the answer stream in with the PDF as its source; the administrator then deletes
// the PDF with its confirmation.
// The PDF (e2e/fixtures/repatriation-handbook.pdf) was written with pdfkit: a title and three short
// paragraphs of text, which the server extracts with unpdf.

const PDF = path.join(__dirname, "..", "fixtures", "repatriation-handbook.pdf");
const PHONE = { width: 390, height: 844 };

/** The page does not scroll sideways: nothing is wider than the window. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.window);
}

test("an admin uploads a PDF; a seller asks a question and sees the answer with that PDF as its source", async ({
  page,
  browser,
}, testInfo) => {
  const title = `Repatriation handbook ${unique("kb")}`;
  const library = page.getByRole("table", { name: "Knowledge documents" });

  await test.step("the admin uploads the PDF with a title and metadata", async () => {
    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Knowledge library" }).click();
    await expect(page).toHaveURL(/\/knowledge$/);
    const form = page.getByRole("form", { name: "Upload a PDF" });
    // A wrong metadata text is refused next to its field, before anything is sent.
    await form.getByLabel("PDF file").setInputFiles(PDF);
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Metadata (JSON, optional)").fill("not json");
    await form.getByRole("button", { name: "Upload PDF" }).click();
    // Next to its field (the form's error summary at the top says it too).
    await expect(
      form.locator(".field", { has: page.getByLabel("Metadata (JSON, optional)") }).getByRole("alert"),
    ).toContainText("must be a JSON object");
    await form.getByLabel("Metadata (JSON, optional)").fill('{"version": "2026", "area": "repatriation"}');
    // An administrator must say whose document it is (trust.md section 5): refused here until chosen.
    await form.getByRole("button", { name: "Upload PDF" }).click();
    await expect(form.getByText("choose a company", { exact: true })).toBeVisible();
    await form.getByLabel("Company").selectOption({ label: "Default company" });
    await form.getByLabel("Who may read it").selectOption({ label: "Staff and clients" });
    await form.getByRole("button", { name: "Upload PDF" }).click();
    await expect(form.getByRole("status")).toContainText(`Added "${title}"`);
    const row = library.getByRole("row").filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("PDF");
    await expect(row).toContainText("Default company");
    await expect(row).toContainText("Clients");
    await expect(row).toContainText("version: 2026");
    await expect(row).toContainText("area: repatriation");
    await page.screenshot({ path: testInfo.outputPath("knowledge-desktop.png"), fullPage: true });
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath("knowledge-phone.png"), fullPage: true });
  });

  await test.step("the seller asks on /chat and sees the answer with the PDF as its source", async () => {
    const sellerContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const seller = await sellerContext.newPage();
    await signInThroughPage(seller, SELLER);
    await seller.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Assistant" }).click();
    await expect(seller).toHaveURL(/\/chat$/);
    await seller
      .getByLabel("Your question")
      .fill("Within how many hours must the family request the repatriation of the body?");
    await seller.getByRole("button", { name: "Ask" }).click();
    const answer = seller.getByLabel("Answer");
    await expect(answer).toContainText("72 hours");
    await expect(answer).not.toHaveAttribute("aria-busy", "true");
    const sources = seller.getByRole("list", { name: "Sources" });
    await expect(sources.getByRole("listitem").filter({ hasText: title }).first()).toContainText("score");
    await expect(sources).toContainText("within 72 hours of the death");
    await seller.screenshot({ path: testInfo.outputPath("chat-desktop.png"), fullPage: true });
    await seller.setViewportSize(PHONE);
    await expectNoSidewaysScroll(seller);
    await seller.screenshot({ path: testInfo.outputPath("chat-phone.png"), fullPage: true });

    // A new conversation starts empty, with another session.
    const session = await seller.getByText(/^Conversation [0-9a-f-]{36}$/).textContent();
    await seller.getByRole("button", { name: "New conversation" }).click();
    await expect(seller.getByLabel("Answer")).toHaveCount(0);
    await expect(seller.getByText(/^Conversation [0-9a-f-]{36}$/)).not.toHaveText(session!);
    await sellerContext.close();
  });

  await test.step("the admin deletes the PDF after confirming", async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByRole("button", { name: `Delete ${title}` }).click();
    await page.getByRole("button", { name: `Confirm: delete ${title}` }).click();
    await expect(library.getByRole("row").filter({ hasText: title })).toHaveCount(0);
  });
});
