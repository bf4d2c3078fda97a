import { expect, test } from "@playwright/test";
import en from "../../messages/en";
import { activePolicyViaApi, adminApi, markDeceasedViaApi } from "../fixtures/claims";

// docs/claims.md, "Decided claims": once the claim is decided an expense is never edited, only corrected
// with a reason. The administrator records the correction from the claim page, and the row shows the new
// amount with the one it replaced and why. The claim is seeded through the API: an expense, then rejected.

const m = en.claims.correction;

test("on a decided claim the administrator corrects an expense, and the row shows the new amount and why", async ({
  page,
  playwright,
}, testInfo) => {
  const api = await adminApi(playwright, testInfo);
  const policy = await activePolicyViaApi(api);
  const claimId = await markDeceasedViaApi(api, policy.beneficiaries[1].id);
  const expense = await api.post(`/api/v1/claims/${claimId}/expenses`, {
    data: { amount: "1200.00", expense_type: "FUNERAL_SERVICE", currency: "USD" },
  });
  expect(expense.status(), await expense.text()).toBe(201);
  const rejected = await api.patch(`/api/v1/claims/${claimId}/status`, {
    data: { status: "REJECTED", reason: "not covered (e2e)" },
  });
  expect(rejected.status(), await rejected.text()).toBe(200);

  await page.goto(`/claims/${claimId}`);
  const expenses = page.getByRole("table", { name: en.claims.expenses.table, exact: true });
  const row = expenses.getByRole("row").filter({ hasText: "1,200.00 USD" });
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: m.actionLabel.replace("{amount}", "1,200.00 USD"), exact: true }).click();

  const form = page.getByRole("form", { name: m.label, exact: true });
  await test.step("without a reason the form names the field to fix", async () => {
    await form.getByLabel(m.amount, { exact: true }).fill("1,150.50");
    await form.getByRole("button", { name: m.submit, exact: true }).click();
    await expect(form.getByRole("alert", { name: "One field needs your attention.", exact: true })).toBeVisible();
    await expect(form.getByLabel(m.reason, { exact: true })).toBeFocused();
  });

  await test.step("with a reason the correction is recorded and shows in the row", async () => {
    const reason = "the invoice came to 1,150.50 (e2e)";
    await form.getByLabel(m.reason, { exact: true }).fill(reason);
    await form.getByRole("button", { name: m.submit, exact: true }).click();
    await expect(form).toBeHidden();
    const corrected = expenses.getByRole("row").filter({ hasText: "1,150.50 USD" });
    await expect(corrected).toHaveCount(1);
    await expect(corrected).toContainText(`was 1,200.00 USD: ${reason}`);
    await expect(page.getByLabel(en.claims.expenses.totals, { exact: true })).toContainText("Total1,150.50 USD");
  });
});
