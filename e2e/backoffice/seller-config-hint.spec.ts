import { expect, type Browser, type Page } from "@playwright/test";
import { SELLER, signInThroughPage } from "../fixtures/data";
import { issuePolicyViaApi } from "../fixtures/emission";
import { test } from "../fixtures/payments";

// Issue 21, points 8 and 12: how the server is configured is an administrator's business. A seller on
// a payment screen reads a plain sentence, never the name of a setting (the e2e server has no publishable
// key, so card entry is off), and is not offered a reseller's onboarding when the company is no reseller.

async function sellerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signInThroughPage(page, SELLER);
  return page;
}

test("a seller sees a plain sentence where card entry is off, without the settings' names", async ({
  browser,
  api,
}) => {
  const policy = await issuePolicyViaApi(api);
  const page = await sellerPage(browser);
  await page.goto(`/policies/${policy.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(policy.policy_number);
  const payments = page.getByRole("region", { name: "Payments" });
  await payments.getByRole("button", { name: "Start subscription" }).click();
  const note = payments.getByRole("note");
  await expect(note).toContainText("Card entry is not available on this site yet; an administrator can turn it on.");
  await expect(note).not.toContainText("STRIPE");
  await expect(note).not.toContainText("NEXT_PUBLIC");
  await expect(page.getByRole("main")).not.toContainText(/[A-Z]+_[A-Z_]*KEY/);
  // The form still takes a processor's payment method id.
  await expect(
    payments.getByRole("form", { name: "Start subscription" }).getByLabel("Payment method id"),
  ).toBeVisible();
  await page.context().close();
});

test("a seller of a company that is not a reseller is offered no reseller onboarding", async ({ browser }) => {
  const page = await sellerPage(browser);
  await page.goto("/payments/reseller");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reseller dashboard");
  await expect(page.getByRole("region", { name: "Figures" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Payouts" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Start Connect onboarding" })).toHaveCount(0);
  await page.context().close();
});
