import { expect, test, type Locator } from "@playwright/test";
import en from "../../messages/en";
import es from "../../messages/es";
import { activePolicyViaApi, adminApi } from "../fixtures/claims";
import { ADMIN, SELLER } from "../fixtures/data";

// Issue 21, point 1 (docs/names.md): a policy's status history, a claim's timeline and the audit log name
// the people behind each entry (the e-mail on hover) and the policy or claim by its number; no id shows.

/** The demo logins' full names (db/seed/demo.ts). */
const ADMIN_NAME = "Ana Admin";
const SELLER_NAME = "Sergio Seller";
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-/i;

/** A catalog's "by <actor></actor>" with the actor's name in it, as the page reads. */
function byName(message: string, name: string): string {
  return message.replace("<actor></actor>", name);
}

async function expectNoId(section: Locator): Promise<void> {
  expect(await section.innerText()).not.toMatch(UUID);
}

for (const [language, locale, m] of [
  ["English", "en-US", en],
  ["Spanish", "es-MX", es],
] as const) {
  test.describe(`in ${language}`, () => {
    test.use({ locale });

    test("the policy history, the claim timeline and the audit log show names and numbers, not ids", async ({
      page,
      playwright,
    }, testInfo) => {
      const api = await adminApi(playwright, testInfo);
      const seller = await adminApi(playwright, testInfo, SELLER);
      // Issued and paid by the administrator; the claim reported by the seller, then moved by the administrator.
      const policy = await activePolicyViaApi(api);
      const reported = await seller.post("/api/v1/claims/", {
        data: {
          policy_id: policy.id,
          beneficiary_id: policy.beneficiaries[1].id,
          description: "Reported by phone by the family (e2e)",
        },
      });
      expect(reported.status(), await reported.text()).toBe(201);
      const claim = (await reported.json()) as { id: string; claim_number: string };
      const moved = await api.patch(`/api/v1/claims/${claim.id}/status`, {
        data: { status: "IN_REVIEW", reason: "documents arrived" },
      });
      expect(moved.status(), await moved.text()).toBe(200);

      await test.step("the policy's status history names who moved it, with the e-mail on hover", async () => {
        await page.goto(`/policies/${policy.id}`);
        await expect(page.locator("html")).toHaveAttribute("lang", locale.slice(0, 2));
        const history = page.getByRole("list", { name: m.policies.history.label });
        await expect(history.getByRole("listitem")).toHaveCount(2);
        await expect(history.getByRole("listitem").first()).toContainText(byName(m.policies.history.by, ADMIN_NAME));
        await expect(history.getByText(ADMIN_NAME).first()).toHaveAttribute("title", ADMIN.email);
        await expectNoId(history);
      });

      await test.step("the claim's timeline names the seller who reported it, and says who moved it", async () => {
        await page.goto(`/claims/${claim.id}`);
        const timeline = page.getByRole("list", { name: m.claims.timeline.label });
        await expect(timeline.getByRole("listitem")).toHaveCount(2);
        await expect(timeline.getByRole("listitem").first()).toContainText(byName(m.claims.timeline.by, SELLER_NAME));
        await expect(timeline.getByText(SELLER_NAME)).toHaveAttribute("title", SELLER.email);
        // The administrator looking at the page made the second move.
        await expect(timeline.getByRole("listitem").last()).toContainText(m.claims.timeline.byYou);
        await expectNoId(timeline);
      });

      await test.step("the audit log names who opened the claim and the claim by its number", async () => {
        await page.goto("/audit");
        const filters = page.getByRole("search", { name: m.audit.filters });
        await filters.getByLabel(m.audit.action, { exact: true }).fill("CLAIM_CREATED");
        await filters.getByRole("button", { name: m.audit.apply }).click();
        const table = page.getByRole("table", { name: m.audit.table });
        const row = table.getByRole("row").filter({ hasText: claim.claim_number });
        await expect(row).toHaveCount(1);
        await expect(row).toContainText(SELLER_NAME);
        await expect(row.getByText(SELLER_NAME)).toHaveAttribute("title", SELLER.email);
        await expect(row).toContainText(m.audit.actions.CLAIM_CREATED);
        // Every row of the filtered log, not only this test's, reads without an id.
        await expect(table.getByRole("row").nth(1)).toBeVisible();
        await expectNoId(table);
      });

      await seller.dispose();
      await api.dispose();
    });
  });
}
