import { expect, type Page, type TestInfo } from "@playwright/test";
import { adminToken, unique } from "../fixtures/data";
import { issuePolicyViaApi } from "../fixtures/emission";
import {
  activePolicyViaApi,
  expectPolicyStatus,
  sendInvoicePaymentFailed,
  subscribeViaApi,
  test,
} from "../fixtures/payments";

// The payments pages end to end, on a server whose card processor is the fake Stripe and without a
// publishable key (the subscription form takes a payment method id): an administrator records a manual
// payment and the policy turns ACTIVE on its page; a signed invoice.payment_failed webhook of the policy's
// subscription puts it IN_ARREARS and the client's notice appears on the page; the transactions page and
// the reseller dashboard.

const PHONE = { width: 390, height: 844 };

/** The page does not scroll sideways: nothing is wider than the window. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.window);
}

/** A full-page screenshot at the desktop width, then at a phone's, which must not scroll sideways. */
async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-desktop.png`), fullPage: true });
  const desktop = page.viewportSize();
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath(`${name}-phone.png`), fullPage: true });
  if (desktop) await page.setViewportSize(desktop);
}

function statusChip(page: Page) {
  return page.locator("header.page-header .badge");
}

test("an admin records a manual payment of the full premium and the policy turns ACTIVE with a new history row", async ({
  page,
  api,
}, testInfo) => {
  const policy = await issuePolicyViaApi(api);
  await page.goto(`/policies/${policy.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(policy.policy_number);
  await expect(statusChip(page)).toHaveText("Pending payment");
  const payments = page.getByRole("region", { name: "Payments" });
  await expect(payments.getByRole("table", { name: "Transactions of the policy" })).toContainText("No payment yet.");

  await test.step("without a publishable key the subscription form says how to enable cards, and a typed test card starts the subscription", async () => {
    await payments.getByRole("button", { name: "Start subscription" }).click();
    await expect(payments.getByRole("note")).toContainText("NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY");
    const form = payments.getByRole("form", { name: "Start subscription" });
    await form.getByLabel("Payment method id").fill("pm_card_visa");
    await form.getByRole("button", { name: "Start subscription" }).click();
    await expect(payments.getByRole("status")).toHaveText(
      "Subscription started (active): the policy becomes active when its first invoice is paid.",
    );
    // The policy waits for its first invoice; a manual payment is still taken.
    await expect(statusChip(page)).toHaveText("Pending payment");
  });

  await test.step("record the full premium, the amount already filled in with what is owed", async () => {
    await payments.getByRole("button", { name: "Record manual payment" }).click();
    const form = payments.getByRole("form", { name: "Record manual payment" });
    await expect(form.getByLabel(`Amount (${policy.currency})`)).toHaveValue(policy.final_price);
    await form.getByLabel("Reference").fill("Bank transfer 4411");
    await screenshots(page, testInfo, "policy-manual-payment");
    await form.getByRole("button", { name: "Record payment" }).click();
    await expect(payments.getByRole("status")).toHaveText(
      `Payment of ${policy.final_price} ${policy.currency} recorded; the policy is active.`,
    );
  });

  await test.step("the page shows ACTIVE, the paid transaction and the new history row", async () => {
    await expect(statusChip(page)).toHaveText("Active");
    const row = payments
      .getByRole("table", { name: "Transactions of the policy" })
      .getByRole("row")
      .filter({ hasText: "Bank transfer 4411" });
    await expect(row).toContainText("Manual payment");
    await expect(row).toContainText("Paid");
    await expect(row).toContainText(`${policy.final_price} ${policy.currency}`);
    const history = page.getByRole("list", { name: "Status history" }).getByRole("listitem");
    await expect(history).toHaveCount(2);
    await expect(history.last()).toContainText("Pending payment");
    await expect(history.last()).toContainText("Active");
    await expect(history.last()).toContainText("manual payment received");
    // An ACTIVE policy may still pay ahead (lifecycle.md section 3): the form is still offered.
    await expect(payments.getByRole("button", { name: "Record manual payment" })).toHaveCount(1);
    await screenshots(page, testInfo, "policy-paid");
  });
});

test("a signed invoice.payment_failed webhook puts an active policy IN_ARREARS and the client's notice appears", async ({
  page,
  api,
}, testInfo) => {
  const policy = await activePolicyViaApi(api);
  await sendInvoicePaymentFailed(api, policy, await subscribeViaApi(api, policy));
  // The webhook is acknowledged at once and processed in the background.
  await expectPolicyStatus(api, policy.id, "IN_ARREARS");

  await test.step("the policy page shows IN_ARREARS, the failed invoice and the move made by the system", async () => {
    await page.goto(`/policies/${policy.id}`);
    await expect(statusChip(page)).toHaveText("In arrears");
    const history = page.getByRole("list", { name: "Status history" }).getByRole("listitem");
    await expect(history.last()).toContainText("by System (invoice.payment_failed)");
    const failed = page
      .getByRole("table", { name: "Transactions of the policy" })
      .getByRole("row")
      .filter({ hasText: "subscription invoice" });
    await expect(failed).toContainText("Failed");
    await expect(failed).toContainText("0 of 2");
  });

  await test.step("the client's payment.failed notice is listed for the admin", async () => {
    const notices = page.getByRole("region", { name: "Notifications to the client" });
    await expect(notices).toContainText(policy.client.email);
    await expect(
      notices
        .getByRole("table", { name: "Notifications to the client" })
        .getByRole("row")
        .filter({ hasText: "payment.failed" }),
    ).toHaveCount(1);
  });

  await test.step("retrying the failed charge starts a new one at the processor", async () => {
    const payments = page.getByRole("region", { name: "Payments" });
    await payments
      .getByRole("button", { name: `Retry the charge of ${policy.final_price} ${policy.currency}` })
      .click();
    await expect(payments.getByRole("status")).toHaveText(
      "a new charge was started (attempt 1 of 2) (retry 1; the charge is pending until the processor answers).",
    );
    await screenshots(page, testInfo, "policy-in-arrears");
  });

  await test.step("the transactions page finds both transactions by the policy number, linked to the policy", async () => {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Transactions" }).click();
    await expect(page).toHaveURL(/\/payments$/);
    await page.getByLabel("Policy number").fill(policy.policy_number);
    const table = page.getByRole("table", { name: "Transactions" });
    await expect(table.getByRole("row")).toHaveCount(3);
    await expect(table.getByRole("link", { name: policy.policy_number }).first()).toHaveAttribute(
      "href",
      `/policies/${policy.id}`,
    );
    // The failed invoice's charge was retried: PENDING until the processor answers.
    await page.getByLabel("Status").selectOption("PENDING");
    await expect(table.getByRole("row")).toHaveCount(2);
    await expect(table).toContainText("Subscription invoice");
    await screenshots(page, testInfo, "transactions");
  });
});

test("the reseller dashboard shows the figures and the chart, and offers onboarding only for a reseller", async ({
  page,
  api,
}, testInfo) => {
  await activePolicyViaApi(api);
  await page.goto("/payments/reseller");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reseller dashboard");
  const figures = page.getByRole("region", { name: "Figures" });
  await expect(figures.getByText("Commission rate")).toBeVisible();
  await expect(figures.getByText("Active subscriptions")).toBeVisible();
  await expect(page.getByRole("img", { name: "Commission by month" })).toBeVisible();
  await expect(page.getByLabel("Company", { exact: true })).toHaveValue("");

  // The administrator's own company (the default one) is not a reseller: no payouts, no onboarding offered.
  await expect(page.getByRole("region", { name: "Payouts" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Start Connect onboarding" })).toHaveCount(0);
  await screenshots(page, testInfo, "reseller");

  // A reseller company, picked by the administrator, has its payouts and their onboarding.
  const reseller = unique("E2E Reseller");
  const created = await api.post("/api/v1/organizations/companies", {
    headers: { Authorization: `Bearer ${await adminToken(api)}` },
    data: { name: reseller, is_reseller: true, commission_rate: "10" },
  });
  expect(created.status()).toBe(201);
  await page.reload();
  await page.getByLabel("Company", { exact: true }).selectOption({ label: `${reseller} (reseller)` });
  await expect(
    page.getByRole("region", { name: "Payouts" }).getByRole("button", { name: "Start Connect onboarding" }),
  ).toBeVisible();

  await page.goto("/payments/reseller?onboarding=refresh");
  await expect(page.getByRole("status").filter({ hasText: "The onboarding link expired" })).toBeVisible();
});
