import { expect, test, type Page } from "@playwright/test";
import { activePolicyViaApi, adminApi, markDeceasedViaApi } from "../fixtures/claims";

// The claims desk end to end: an administrator marks a beneficiary deceased on the policy page, which
// opens a claim; the claim is in the desk's queue, takes expenses, and moves PENDING -> IN_REVIEW ->
// APPROVED -> CLOSED with a reason each time (approving and closing by override: marked deceased today,
// the claim is within its waiting period and nothing is paid out), all of it on the timeline.

/** The page does not scroll sideways: nothing is wider than the window. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.window);
}

test("an admin marks a beneficiary deceased, finds the claim in the desk, adds expenses, and approves and closes it", async ({
  page,
  playwright,
}, testInfo) => {
  const api = await adminApi(playwright, testInfo);
  const policy = await activePolicyViaApi(api);
  const parent = policy.beneficiaries[1];
  const name = `${parent.first_name} ${parent.last_name}`;

  await test.step("mark the parent deceased on the policy page", async () => {
    await page.goto(`/policies/${policy.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(policy.policy_number);
    await page.getByRole("button", { name: `Mark ${name} deceased` }).click();
    await page.getByRole("button", { name: `Confirm: ${name} is deceased` }).click();
    await expect(page.getByText("Claim opened:")).toBeVisible();
  });

  await test.step("find the claim in the queue: pending, oldest first, reported today", async () => {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Claims" }).click();
    await expect(page).toHaveURL(/\/claims$/);
    await expect(page.getByLabel("Status", { exact: true })).toHaveValue("PENDING");
    const row = page.getByRole("table", { name: "Claims" }).getByRole("row").filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(policy.policy_number);
    await expect(row).toContainText("today");
    await expect(row).toContainText("Pending");
    // The demo data's open claim was reported earlier, so it comes before this one.
    await expect(page.getByRole("table", { name: "Claims" }).getByRole("row").nth(1)).not.toContainText(name);
    await expect(row.getByRole("link", { name, exact: true })).toHaveAttribute("href", `/policies/${policy.id}`);
    await page.screenshot({ path: testInfo.outputPath("queue-desktop.png"), fullPage: true });
    await row.getByRole("link", { name: `Open the claim of ${name}` }).click();
    await expect(page).toHaveURL(/\/claims\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Claim of ${name}`);
  });

  await test.step("the summary links to the policy and the person", async () => {
    const summary = page.getByRole("region", { name: "Summary" });
    await expect(summary.getByRole("link", { name: policy.policy_number })).toHaveAttribute(
      "href",
      `/policies/${policy.id}`,
    );
    await expect(summary.getByRole("link", { name })).toHaveAttribute("href", `/policies/${policy.id}`);
    await expect(summary).toContainText(`${policy.client.first_name} ${policy.client.last_name}`);
    // The demo version waits 180 days for pre-existing conditions and the policy starts today.
    await expect(page.getByText("within waiting period")).toBeVisible();
  });

  await test.step("add expenses: the form's own checks, then two recorded and totalled by type", async () => {
    const form = page.getByRole("form", { name: "Add an expense" });
    await form.getByLabel("Amount").fill("0");
    await form.getByRole("button", { name: "Add expense" }).click();
    await expect(form.getByText("Enter 0.01 or more.", { exact: true })).toBeVisible();

    await form.getByLabel("Type").selectOption({ label: "Repatriation" });
    await form.getByLabel("Amount").fill("1250.50");
    await form.getByLabel("Receipt link (optional)").fill("https://example.com/invoices/77.pdf");
    await form.getByRole("button", { name: "Add expense" }).click();
    await expect(form.getByRole("status")).toHaveText("Added 1,250.50 USD (repatriation).");

    await form.getByLabel("Type").selectOption({ label: "Documentation" });
    await form.getByLabel("Amount").fill("49.5");
    await form.getByRole("button", { name: "Add expense" }).click();
    await expect(form.getByRole("status")).toHaveText("Added 49.50 USD (documentation).");

    const expenses = page.getByRole("table", { name: "Expenses" });
    await expect(expenses.getByRole("row")).toHaveCount(3);
    await expect(expenses.getByRole("row").nth(1)).toContainText("1,250.50 USD");
    await expect(expenses.getByRole("row").nth(1).getByRole("link", { name: "open" })).toHaveAttribute(
      "href",
      "https://example.com/invoices/77.pdf",
    );
    const totals = page.getByLabel("Expense totals");
    await expect(totals).toContainText("Repatriation1,250.50 USD");
    await expect(totals).toContainText("Documentation49.50 USD");
    await expect(totals).toContainText("Total1,300.00 USD");
  });

  await test.step("move it PENDING -> IN_REVIEW, then approve and close it by override, a reason each time", async () => {
    const form = page.getByRole("form", { name: "Change the claim's status" });
    await expect(form.getByLabel("New status").locator("option")).toHaveText(["In review", "Rejected"]);
    await form.getByRole("button", { name: "Change status" }).click();
    await expect(form.getByText("This field is required.")).toBeVisible();

    await form.getByLabel("New status").selectOption("IN_REVIEW");
    await form.getByLabel("Reason").fill("death certificate received");
    await form.getByRole("button", { name: "Change status" }).click();
    await expect(form.getByRole("status")).toHaveText("Moved to in review.");
    // Approving has its own form, which says what blocks it; the move form keeps the other moves.
    await expect(form.getByLabel("New status").locator("option")).toHaveText(["Rejected", "Pending"]);
    await expect(form.getByLabel("Reason")).toHaveValue("");

    // Marked deceased today, cause undetermined, on a policy that starts today: within the waiting period.
    const approve = page.getByRole("form", { name: "Approve the claim" });
    await expect(approve.getByRole("listitem").first()).toHaveText("The death is not covered (see Cover).");
    await expect(approve.getByRole("button", { name: "Approve", exact: true })).toBeDisabled();
    await approve.getByLabel("Reason").fill("cover confirmed by the medical team");
    await approve.getByRole("button", { name: "Approve anyway (override)" }).click();
    await expect(page.locator("header.page-header").getByText("Approved", { exact: true })).toBeVisible();

    const close = page.getByRole("form", { name: "Close the claim" });
    await expect(close.getByRole("listitem")).toHaveText(["Paid out 0.00 USD of 1,300.00 USD in expenses."]);
    await close.getByLabel("Reason").fill("repatriation done, invoices settled");
    await close.getByRole("button", { name: "Close anyway (override)" }).click();
    await expect(page.getByText("The claim is closed: a final status, with no move out of it.")).toBeVisible();
    await expect(page.getByRole("form", { name: "Add an expense" })).toHaveCount(0);
    await expect(page.getByText("A closed claim takes no more expenses.")).toBeVisible();
  });

  await test.step("the timeline holds every move with its reason", async () => {
    const timeline = page.getByRole("list", { name: "Claim timeline" });
    const moves = timeline.getByRole("listitem");
    await expect(moves).toHaveCount(4);
    await expect(moves.nth(0)).toContainText("opened as");
    await expect(moves.nth(0)).toContainText("beneficiary marked deceased");
    await expect(moves.nth(1)).toContainText("death certificate received");
    await expect(moves.nth(2)).toContainText("cover confirmed by the medical team");
    await expect(moves.nth(3)).toContainText("repatriation done, invoices settled");
    await expect(moves.nth(3)).toContainText("by you");
    await expect(page.locator("header.page-header").getByText("Closed", { exact: true })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("claim-desktop.png"), fullPage: true });
    await expectNoSidewaysScroll(page);
  });

  await test.step("the closed claim has left the pending queue and is under closed", async () => {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Claims" }).click();
    await expect(page).toHaveURL(/\/claims$/);
    await expect(page.getByLabel("Status", { exact: true })).toHaveValue("PENDING");
    const pending = page.getByRole("table", { name: "Claims" }).getByRole("row");
    // The demo claim is still pending; this one is not among them any more.
    await expect(pending.filter({ hasText: "Rosa Díaz" })).toHaveCount(1);
    await expect(pending.filter({ hasText: name })).toHaveCount(0);
    await page.getByLabel("Status", { exact: true }).selectOption("CLOSED");
    const row = page.getByRole("table", { name: "Claims" }).getByRole("row").filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("1,300.00 USD (2)");
  });
});

test("a move someone else made first is refused with the API's 409, and the page shows where the claim stands", async ({
  page,
  playwright,
}, testInfo) => {
  const api = await adminApi(playwright, testInfo);
  const policy = await activePolicyViaApi(api);
  const claimId = await markDeceasedViaApi(api, policy.beneficiaries[1].id);
  await page.goto(`/claims/${claimId}`);
  const form = page.getByRole("form", { name: "Change the claim's status" });
  await expect(form.getByLabel("New status").locator("option")).toHaveText(["In review", "Rejected"]);

  // Another administrator rejects it meanwhile.
  const rejected = await api.patch(`/api/v1/claims/${claimId}/status`, {
    data: { status: "REJECTED", reason: "not covered" },
  });
  expect(rejected.status()).toBe(200);

  await form.getByLabel("New status").selectOption("IN_REVIEW");
  await form.getByLabel("Reason").fill("documents arrived");
  await form.getByRole("button", { name: "Change status" }).click();
  const panel = page.getByRole("region", { name: "Decision" });
  await expect(panel.getByRole("alert")).toHaveText("a claim cannot move from REJECTED to IN_REVIEW");
  await expect(page.getByText("The claim is rejected: a final status, with no move out of it.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Claim timeline" }).getByRole("listitem")).toHaveCount(2);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the queue and the claim page fit the screen", async ({ page, playwright }, testInfo) => {
    const api = await adminApi(playwright, testInfo);
    const policy = await activePolicyViaApi(api);
    const claimId = await markDeceasedViaApi(api, policy.beneficiaries[1].id);
    const expense = await api.post(`/api/v1/claims/${claimId}/expenses`, {
      data: { amount: "980.00", expense_type: "FUNERAL_SERVICE", currency: "MXN" },
    });
    expect(expense.status()).toBe(201);

    await page.goto("/claims");
    const row = page.getByRole("table", { name: "Claims" }).getByRole("row").filter({ hasText: policy.policy_number });
    await expect(row).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath("queue-phone.png"), fullPage: true });

    await page.goto(`/claims/${claimId}`);
    await expect(page.getByLabel("Expense totals")).toContainText("Total980.00 MXN");
    await expect(page.getByRole("form", { name: "Add an expense" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath("claim-phone.png"), fullPage: true });
  });
});
