import { expect, test, type Browser, type Page } from "@playwright/test";
import en from "../../messages/en";
import es from "../../messages/es";
import { activePolicyViaApi, adminApi, markDeceasedViaApi } from "../fixtures/claims";
import { unique } from "../fixtures/data";
import { bornYearsAgo, chooseDemoVersion, createClientViaApi, tomorrow } from "../fixtures/emission";
import { ADMIN_STORAGE_STATE } from "../fixtures/paths";

// Issue 21, point 2: errors a person can act on. A failed form shows a summary at its top with a link to
// each field to fix, and the first invalid field takes the focus and is scrolled into view (the issue
// form's start date, once hidden below the fold on a phone); every message is the catalog's, never zod's
// English; an amount is read in the page's language ("1.250,50" in Spanish). English on a desktop,
// Spanish on a phone.

type Messages = typeof en;
type Language = { name: "English" | "Spanish"; m: Messages; locale: string };

const ENGLISH: Language = { name: "English", m: en, locale: "en-US" };
const SPANISH: Language = { name: "Spanish", m: es, locale: "es-MX" };
const PHONE = { width: 390, height: 844 };

/** A message with its {placeholders} filled in. */
function t(message: string, values: Record<string, string | number> = {}): string {
  return message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}

/** The summary's title for `count` fields: the branch of the catalog's ICU plural ("one" or "other"). */
function summaryTitle(m: Messages, count: number): string {
  const branch = new RegExp(`${count === 1 ? "one" : "other"} \\{([^}]*)\\}`).exec(m.validation.summary);
  return (branch?.[1] ?? "").replace("#", String(count));
}

async function pageIn(browser: Browser, language: Language, viewport?: { width: number; height: number }) {
  const context = await browser.newContext({
    locale: language.locale,
    storageState: ADMIN_STORAGE_STATE,
    ...(viewport ? { viewport, isMobile: true, hasTouch: true } : {}),
  });
  return { context, page: await context.newPage() };
}

/** Issues with every field right but the start date, emptied, from the bottom of the page. */
async function issueWithoutStartDate(browser: Browser, page: Page, { m }: Language) {
  // Seeded by bearer token from a context without the administrator's cookie (the API refuses a
  // cookie-authenticated POST that does not come from the pages).
  const seeding = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const client = await createClientViaApi(seeding.request);
  await seeding.close();
  await page.goto(`/policies/new?client=${client.id}`);
  await expect(page.getByText(`${client.first_name} ${client.last_name}`)).toBeVisible();
  const picker = m.policies.versionPicker;
  await chooseDemoVersion(page, { product: picker.product, plan: picker.plan, version: picker.version });
  const row = page.getByRole("group", { name: t(m.policies.beneficiary.legend, { number: 1 }) });
  await row.getByLabel(m.policies.beneficiary.firstName).fill(client.first_name);
  await row.getByLabel(m.policies.beneficiary.lastName).fill(client.last_name);
  await row.getByLabel(m.policies.beneficiary.birth).fill(bornYearsAgo(40));
  const startDate = page.getByLabel(m.policies.issue.startDate);
  await startDate.fill("");
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.getByRole("button", { name: m.policies.issue.submit }).click();
  return startDate;
}

for (const { language, viewport } of [
  { language: ENGLISH, viewport: undefined },
  { language: SPANISH, viewport: PHONE },
]) {
  const { m } = language;
  const where = viewport ? `${language.name}, on a phone` : language.name;

  test(`a start date left empty: summary at the top, focus and scroll on the field (${where})`, async ({ browser }) => {
    const { context, page } = await pageIn(browser, language, viewport);
    const startDate = await issueWithoutStartDate(browser, page, language);

    const summary = page.getByRole("alert", { name: summaryTitle(m, 1) });
    await expect(summary).toBeVisible();
    const link = summary.getByRole("link", {
      name: t(m.validation.summaryLink, { field: m.policies.issue.startDate, message: m.validation.required }),
    });
    await expect(link).toBeVisible();
    await expect(startDate).toBeFocused();
    await expect(startDate).toBeInViewport();
    await expect(startDate).toHaveAttribute("aria-invalid", "true");
    // At the top: above the client's panel, the first thing of the page's content.
    const clientPanel = page.getByRole("heading", { name: m.policies.issue.client, exact: true });
    const [summaryBox, clientBox] = [await summary.boundingBox(), await clientPanel.boundingBox()];
    expect(summaryBox!.y).toBeLessThan(clientBox!.y);

    await test.step("the summary's link takes the person back to the field", async () => {
      await page.getByRole("button", { name: m.policies.issue.submit }).focus();
      await link.click();
      await expect(startDate).toBeFocused();
      await expect(startDate).toBeInViewport();
    });

    await test.step("the summary goes once the field is filled in", async () => {
      await startDate.fill(tomorrow());
      await expect(page.getByRole("alert", { name: summaryTitle(m, 1) })).toHaveCount(0);
      await expect(startDate).toHaveAttribute("aria-invalid", "false");
    });
    await context.close();
  });

  test(`a name too long reads the catalog's message, not zod's (${language.name})`, async ({ browser }) => {
    const { context, page } = await pageIn(browser, language);
    await page.goto("/clients");
    const form = page.getByRole("form", { name: m.clients.form.label });
    const firstName = form.getByLabel(m.clients.form.firstName);
    await firstName.fill("x".repeat(121));
    await form.getByLabel(m.clients.form.lastName).fill(unique("Long"));
    await form.getByRole("button", { name: m.clients.form.submit }).click();

    const tooLong = t(m.validation.too_long, { max: 120 });
    // An inner locator of `has` is matched inside each .field, so it starts from the page.
    await expect(
      form.locator(".field", { has: page.getByLabel(m.clients.form.firstName) }).getByRole("alert"),
    ).toHaveText(tooLong);
    await expect(
      form.getByRole("link", {
        name: t(m.validation.summaryLink, { field: m.clients.form.firstName, message: tooLong }),
      }),
    ).toBeVisible();
    await expect(firstName).toBeFocused();
    await expect(page.getByRole("main")).not.toContainText("Too big");
    await expect(page.getByRole("main")).not.toContainText("expected string");
    await context.close();
  });

  const typed = language === SPANISH ? "1.250,50" : "1,250.50";
  test(`an amount typed as ${typed} is recorded as 1250.50 (${language.name})`, async ({
    browser,
    playwright,
  }, testInfo) => {
    const api = await adminApi(playwright, testInfo);
    const policy = await activePolicyViaApi(api);
    const claimId = await markDeceasedViaApi(api, policy.beneficiaries[1].id);
    const { context, page } = await pageIn(browser, language);
    await page.goto(`/claims/${claimId}`);
    const form = page.getByRole("form", { name: m.claims.expenseForm.label });
    await form.getByLabel(m.claims.expenseForm.amount, { exact: true }).fill(typed);
    await form.getByRole("button", { name: m.claims.expenseForm.submit }).click();
    await expect(form.getByRole("status")).toBeVisible();
    await expect(form.getByRole("alert")).toHaveCount(0);
    await expect
      .poll(async () => {
        const claim = (await (await api.get(`/api/v1/claims/${claimId}`)).json()) as {
          expenses: Array<{ amount: string }>;
        };
        return claim.expenses.map((expense) => expense.amount);
      })
      .toEqual(["1250.50"]);
    await context.close();
    await api.dispose();
  });
}
