import { expect, test } from "@playwright/test";
import { activePolicyViaApi, adminApi, markDeceasedViaApi } from "../fixtures/claims";

// Issue 21, point 9: a claim has a number a family can quote on the phone (CLM-<year>-<6 digits>). The
// desk finds the claim by it in the queue, the queue's link shows it, and the claim page shows it.

test("the claims desk shows and finds a claim by its number, and the claim page shows it", async ({
  page,
  playwright,
}, testInfo) => {
  const api = await adminApi(playwright, testInfo);
  const policy = await activePolicyViaApi(api);
  const parent = policy.beneficiaries[1];
  const name = `${parent.first_name} ${parent.last_name}`;
  const claimId = await markDeceasedViaApi(api, parent.id);
  const claim = (await (await api.get(`/api/v1/claims/${claimId}`)).json()) as { claim_number: string };
  expect(claim.claim_number).toMatch(/^CLM-\d{4}-\d{6}$/);

  await test.step("the queue shows the number as the claim's link", async () => {
    await page.goto("/claims");
    const table = page.getByRole("table", { name: "Claims" });
    const row = table.getByRole("row").filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("link", { name: claim.claim_number })).toHaveAttribute("href", `/claims/${claimId}`);
  });

  await test.step("searching the number, as quoted on the phone in lower case, finds that claim alone", async () => {
    await page.getByRole("searchbox", { name: "Claim number" }).fill(claim.claim_number.toLowerCase());
    // A number is looked for in every status.
    await expect(page.getByLabel("Status", { exact: true })).toHaveValue("");
    const rows = page.getByRole("table", { name: "Claims" }).getByRole("row");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(claim.claim_number);
    await expect(rows.nth(1)).toContainText(name);
  });

  await test.step("the claim page shows the number under its title", async () => {
    await page.getByRole("link", { name: claim.claim_number }).click();
    await expect(page).toHaveURL(new RegExp(`/claims/${claimId}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Claim of ${name}`);
    await expect(page.getByText(`Claim number: ${claim.claim_number}`)).toBeVisible();
  });
  await api.dispose();
});
