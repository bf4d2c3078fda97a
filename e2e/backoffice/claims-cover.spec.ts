import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type TestInfo } from "@playwright/test";
import { activePolicyViaApi, adminApi } from "../fixtures/claims";
import { ADMIN_STORAGE_STATE } from "../fixtures/paths";

// claims-cover.md section 7, the desk's approval with documents: a natural death today on a paid policy
// of the demo version (no waiting period for natural causes), repatriated from the US to Mexico. The page
// says it is covered, asks for the eight documents of a repatriation, says what blocks the approval until
// each is uploaded and accepted, then approves, records the funeral home's payout and closes.

const CHECKLIST = [
  "Death certificate",
  "Identity document of the deceased",
  "Signed claim form",
  "Funeral home invoice",
  "Embalming certificate",
  "Transit permit for human remains",
  "Consular authorization of the destination country",
  "Air waybill",
];

/** A tiny but real-looking PDF: the service decides the type by its first bytes. */
function pdf(name: string) {
  return {
    name: `${name.toLowerCase().replace(/\W+/g, "-")}.pdf`,
    mimeType: "application/pdf",
    buffer: Buffer.from(`%PDF-1.4\n% ${name}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`),
  };
}

/** The claim page, full length, in the test's output and in docs/screens for the documentation. */
async function screenshotClaim(
  browser: Browser,
  testInfo: TestInfo,
  claimUrl: string,
  locale: "es-MX" | "en-US",
  file: string,
) {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    storageState: ADMIN_STORAGE_STATE,
    locale,
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await page.goto(claimUrl);
  await expect(page.locator("html")).toHaveAttribute("lang", locale.slice(0, 2));
  await expect(page.locator(".claim-verdict")).toBeVisible();
  await expect(page.getByRole("table", { name: locale === "es-MX" ? "Pagos" : "Payouts" })).toBeVisible();
  const output = testInfo.outputPath(file);
  await page.screenshot({ path: output, fullPage: true });
  const docs = path.join(process.cwd(), "docs", "screens");
  mkdirSync(docs, { recursive: true });
  copyFileSync(output, path.join(docs, file));
  await context.close();
}

test("the desk approves a covered repatriation once every document is accepted, pays the funeral home and closes", async ({
  page,
  playwright,
  browser,
}, testInfo) => {
  // A whole claim's life: eight uploads and reviews, a payout, two screenshots in other languages.
  test.setTimeout(180_000);
  const api = await adminApi(playwright, testInfo);
  const policy = await activePolicyViaApi(api);
  const parent = policy.beneficiaries[1];
  const name = `${parent.first_name} ${parent.last_name}`;
  const today = new Date().toISOString().slice(0, 10);
  const created = await api.post("/api/v1/claims/", {
    data: {
      policy_id: policy.id,
      beneficiary_id: parent.id,
      description: "Died in Houston; to be buried in Puebla.",
      date_of_death: today,
      cause_of_death: "NATURAL",
      place_of_death_country: "US",
      repatriation_to_country: "MX",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const claim = (await created.json()) as { id: string };
  const expense = await api.post(`/api/v1/claims/${claim.id}/expenses`, {
    data: { amount: "1800.00", currency: "USD", expense_type: "REPATRIATION" },
  });
  expect(expense.status(), await expense.text()).toBe(201);
  await api.dispose();
  const claimUrl = `/claims/${claim.id}`;

  await test.step("the page shows the facts, the cover in words and the eight documents", async () => {
    await page.goto(claimUrl);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Claim of ${name}`);
    const facts = page.getByRole("region", { name: "Facts of the death" });
    await expect(facts).toContainText("Natural causes");
    await expect(facts).toContainText("United States (US)");
    await expect(facts).toContainText("Mexico (MX)");
    const cover = page.getByRole("region", { name: "Cover", exact: true });
    await expect(cover.getByRole("status")).toHaveText("Covered");
    await expect(cover).toContainText("Natural causes");
    await expect(cover).toContainText("0 days");
    const checklist = page.getByRole("list", { name: "Checklist" }).getByRole("listitem");
    await expect(checklist).toHaveCount(8);
    for (const [index, label] of CHECKLIST.entries()) {
      await expect(checklist.nth(index)).toContainText(label);
      await expect(checklist.nth(index)).toContainText("mandatory");
      await expect(checklist.nth(index)).toContainText("Missing");
    }
    await expect(page.getByRole("region", { name: "Documents" })).toContainText(
      "0 of 8 mandatory documents accepted (8 items).",
    );
  });

  await test.step("move it to review; the approve button says what blocks it", async () => {
    const moves = page.getByRole("form", { name: "Change the claim's status" });
    await expect(moves.getByLabel("New status").locator("option")).toHaveText(["In review", "Rejected"]);
    await moves.getByLabel("New status").selectOption("IN_REVIEW");
    await moves.getByLabel("Reason").fill("documents requested from the family");
    await moves.getByRole("button", { name: "Change status" }).click();
    await expect(moves.getByRole("status")).toHaveText("Moved to in review.");
    // Approving is offered on its own, with what blocks it; the other moves stay in the move form.
    await expect(moves.getByLabel("New status").locator("option")).toHaveText(["Rejected", "Pending"]);

    const approve = page.getByRole("form", { name: "Approve the claim" });
    await expect(approve).toContainText("Approval is blocked until:");
    const blockers = approve.getByRole("list", { name: "What blocks the approval" }).getByRole("listitem");
    await expect(blockers).toHaveCount(8);
    await expect(blockers.nth(0)).toHaveText("Death certificate: missing, not accepted.");
    await expect(blockers.nth(7)).toHaveText("Air waybill: missing, not accepted.");
    await expect(approve.getByRole("button", { name: "Approve", exact: true })).toBeDisabled();
  });

  await test.step("upload a PDF for every document and accept each", async () => {
    const checklist = page.getByRole("list", { name: "Checklist" });
    for (const label of CHECKLIST) {
      const item = checklist.getByRole("listitem", { name: label, exact: true });
      await item.getByLabel(`Upload a file for ${label}`).setInputFiles(pdf(label));
      await expect(item).toContainText("Received");
      await expect(item.getByRole("link", { name: pdf(label).name })).toHaveAttribute(
        "href",
        new RegExp(`/api/v1/claims/${claim.id}/documents/[0-9a-f-]{36}$`),
      );
      await item.getByRole("button", { name: `Accept ${label}` }).click();
      await expect(item).toContainText("Accepted");
    }
    await expect(page.getByRole("region", { name: "Documents" })).toContainText(
      "8 of 8 mandatory documents accepted (8 items).",
    );
    const approve = page.getByRole("form", { name: "Approve the claim" });
    await expect(approve).toContainText(
      "Nothing blocks the approval: cover is confirmed and every mandatory document is accepted.",
    );
    await expect(approve.getByRole("button", { name: "Approve", exact: true })).toBeEnabled();
  });

  await test.step("approve: the payout deadline shows", async () => {
    const approve = page.getByRole("form", { name: "Approve the claim" });
    await approve.getByLabel("Reason").fill("covered, documents in order");
    await approve.getByRole("button", { name: "Approve", exact: true }).click();
    await expect(page.locator("header.page-header").getByText("Approved", { exact: true })).toBeVisible();
    const payouts = page.getByRole("region", { name: "Payouts" });
    await expect(payouts).toContainText("Pay by");
    await expect(payouts.getByRole("table", { name: "Balance per currency" })).toContainText(
      "USD1,800.00 USD0.00 USD1,800.00 USD",
    );
    const close = page.getByRole("form", { name: "Close the claim" });
    await expect(close.getByRole("listitem")).toHaveText(["Paid out 0.00 USD of 1,800.00 USD in expenses."]);
    await expect(close.getByRole("button", { name: "Close", exact: true })).toBeDisabled();
  });

  await test.step("record the funeral home's payout, equal to the expense", async () => {
    const form = page.getByRole("form", { name: "Record a payout" });
    await expect(form.getByLabel("Paid to")).toHaveValue("FUNERAL_HOME");
    await expect(form.getByLabel("Amount")).toHaveValue("1800.00");
    await expect(form.getByLabel("Currency")).toHaveValue("USD");
    await form.getByLabel("Payee name").fill("Funeraria San José");
    await form.getByLabel("Method").selectOption({ label: "Bank transfer" });
    await form.getByLabel("Reference (optional)").fill("TRF-2026-0042");
    await form.getByRole("button", { name: "Record payout" }).click();
    await expect(form.getByRole("status")).toHaveText("Recorded 1,800.00 USD to Funeraria San José.");
    const payouts = page.getByRole("table", { name: "Payouts" });
    await expect(payouts.getByRole("row").nth(1)).toContainText("Funeraria San José (Funeral home)");
    await expect(payouts.getByRole("row").nth(1)).toContainText("TRF-2026-0042");
    await expect(page.getByRole("table", { name: "Balance per currency" })).toContainText(
      "USD1,800.00 USD1,800.00 USD0.00 USD",
    );
    await expect(page.getByRole("form", { name: "Close the claim" })).toContainText(
      "Nothing blocks closing: every expense is paid out.",
    );
  });

  await test.step("the claim page in Spanish and in English", async () => {
    await screenshotClaim(browser, testInfo, claimUrl, "es-MX", "claim-desk-es.png");
    await screenshotClaim(browser, testInfo, claimUrl, "en-US", "claim-desk-en.png");
  });

  await test.step("close it: paid out in full", async () => {
    const close = page.getByRole("form", { name: "Close the claim" });
    await close.getByLabel("Reason").fill("funeral home paid");
    await close.getByRole("button", { name: "Close", exact: true }).click();
    await expect(page.locator("header.page-header").getByText("Closed", { exact: true })).toBeVisible();
    await expect(page.getByText("The claim is closed: a final status, with no move out of it.")).toBeVisible();
    const timeline = page.getByRole("list", { name: "Claim timeline" }).getByRole("listitem");
    await expect(timeline).toHaveCount(4);
    await expect(timeline.nth(2)).toContainText("covered, documents in order");
    await expect(timeline.nth(3)).toContainText("funeral home paid");
  });

  await test.step("the queue shows it covered, its documents and its totals", async () => {
    await page.goto("/claims");
    await page.getByLabel("Status", { exact: true }).selectOption("CLOSED");
    const row = page.getByRole("table", { name: "Claims" }).getByRole("row").filter({ hasText: policy.policy_number });
    await expect(row).toContainText("covered");
    await expect(row).toContainText("8 of 8 accepted");
    await expect(row).toContainText("1,800.00 USD (1)");
  });
});

test("an uncovered claim says why, keeps approval blocked, and an administrator may override it with a reason", async ({
  page,
  playwright,
}, testInfo) => {
  const api = await adminApi(playwright, testInfo);
  const policy = await activePolicyViaApi(api);
  const parent = policy.beneficiaries[1];
  const today = new Date().toISOString().slice(0, 10);
  // A death of undetermined cause on the first day: the 180 days for pre-existing conditions apply.
  const created = await api.post("/api/v1/claims/", {
    data: {
      policy_id: policy.id,
      beneficiary_id: parent.id,
      description: "Cause not known yet.",
      date_of_death: today,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const claim = (await created.json()) as { id: string };
  const moved = await api.patch(`/api/v1/claims/${claim.id}/status`, {
    data: { status: "IN_REVIEW", reason: "checking cover" },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  await api.dispose();

  await page.goto(`/claims/${claim.id}`);
  const cover = page.getByRole("region", { name: "Cover", exact: true });
  await expect(cover.getByRole("status")).toHaveText("Not covered");
  await expect(cover.getByRole("list", { name: "Why it is not covered" })).toContainText(
    "The waiting period for not yet determined counts from",
  );
  const approve = page.getByRole("form", { name: "Approve the claim" });
  await expect(approve.getByRole("listitem").first()).toHaveText("The death is not covered (see Cover).");
  await expect(approve.getByRole("button", { name: "Approve", exact: true })).toBeDisabled();

  await approve.getByRole("button", { name: "Approve anyway (override)" }).click();
  await expect(approve.getByText("Give a reason.")).toBeVisible();
  await approve.getByLabel("Reason").fill("the medical board confirmed the cause was an accident");
  await approve.getByRole("button", { name: "Approve anyway (override)" }).click();
  await expect(page.locator("header.page-header").getByText("Approved", { exact: true })).toBeVisible();
  await expect(page.getByRole("list", { name: "Claim timeline" })).toContainText(
    "the medical board confirmed the cause was an accident",
  );
});
