import { expect, type Browser } from "@playwright/test";
import en from "../../messages/en";
import es from "../../messages/es";
import { ADMIN_STORAGE_STATE } from "../fixtures/paths";
import { activePolicyViaApi, test } from "../fixtures/payments";

// Issue 21, point 2, on the sign-in page and the policy's lifecycle forms: a failed form shows the
// summary at its top with a link to each field to fix, the first invalid field takes the focus, and
// every message is the catalog's in the page's language, never zod's English.

// The sign-in page is seen signed out; the policy page gets the administrator's session of its own.
test.use({ storageState: { cookies: [], origins: [] } });

type Messages = typeof en;
type Language = { name: "English" | "Spanish"; m: Messages; locale: string };

const ENGLISH: Language = { name: "English", m: en, locale: "en-US" };
const SPANISH: Language = { name: "Spanish", m: es, locale: "es-MX" };

/** What zod says in English, which no page may show. */
const ZOD_ENGLISH = /Too (small|big)|Invalid input|expected string/;

/** A message with its {placeholders} filled in. */
function t(message: string, values: Record<string, string | number> = {}): string {
  return message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}

/** The summary's title for `count` fields: the branch of the catalog's ICU plural ("one" or "other"). */
function summaryTitle(m: Messages, count: number): string {
  const branch = new RegExp(`${count === 1 ? "one" : "other"} \\{([^}]*)\\}`).exec(m.validation.summary);
  return (branch?.[1] ?? "").replace("#", String(count));
}

async function pageIn(browser: Browser, { locale }: Language, signedIn: boolean) {
  const context = await browser.newContext({
    locale,
    storageState: signedIn ? ADMIN_STORAGE_STATE : { cookies: [], origins: [] },
  });
  return { context, page: await context.newPage() };
}

for (const language of [ENGLISH, SPANISH]) {
  const { m } = language;

  test(`sign-in submitted empty: summary at the top, focus on the e-mail (${language.name})`, async ({ browser }) => {
    const { context, page } = await pageIn(browser, language, false);
    await page.goto("/sign-in");
    const form = page.getByRole("form", { name: m.signIn.formLabel });
    const email = form.getByLabel(m.signIn.email, { exact: true });
    const password = form.getByLabel(m.signIn.password, { exact: true });
    // The focus elsewhere first (the page starts on the e-mail), so the summary is what brings it back.
    await password.focus();
    await form.getByRole("button", { name: m.signIn.submit, exact: true }).click();

    const summary = form.getByRole("alert", { name: summaryTitle(m, 2) });
    await expect(summary).toBeVisible();
    for (const field of [m.signIn.email, m.signIn.password])
      await expect(
        summary.getByRole("link", { name: t(m.validation.summaryLink, { field, message: m.validation.required }) }),
      ).toBeVisible();
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText(m.signIn.errors.emailRequired, { exact: true })).toBeVisible();
    await expect(form.getByText(m.signIn.errors.passwordRequired, { exact: true })).toBeVisible();
    await expect(form).not.toContainText(ZOD_ENGLISH);
    if (language === SPANISH) await expect(form).not.toContainText(en.validation.required);

    await test.step("the summary's link takes the person to the password", async () => {
      await summary
        .getByRole("link", {
          name: t(m.validation.summaryLink, { field: m.signIn.password, message: m.validation.required }),
        })
        .click();
      await expect(password).toBeFocused();
    });
    await context.close();
  });

  test(`an endorsement's life born in the future: summary and focus on its date of birth (${language.name})`, async ({
    browser,
    api,
  }) => {
    const policy = await activePolicyViaApi(api);
    const { context, page } = await pageIn(browser, language, true);
    await page.goto(`/policies/${policy.id}`);
    const texts = m.lifecycle.endorsements;
    const panel = page.getByRole("region", { name: texts.title, exact: true });
    await panel.getByRole("button", { name: texts.change, exact: true }).click();
    const form = panel.getByRole("form", { name: texts.form });
    await form.getByRole("button", { name: texts.addLife, exact: true }).click();
    const legend = t(m.policies.beneficiary.legend, { number: 1 });
    const row = form.getByRole("group", { name: legend });
    await row.getByLabel(m.policies.beneficiary.firstName, { exact: true }).fill("Sofía");
    await row.getByLabel(m.policies.beneficiary.lastName, { exact: true }).fill(policy.client.last_name);
    const birth = row.getByLabel(m.policies.beneficiary.birth, { exact: true });
    await birth.fill("2099-01-01");
    await form.getByLabel(texts.reason, { exact: true }).fill("a daughter joins the policy");
    await form.getByRole("button", { name: texts.check, exact: true }).click();

    const summary = form.getByRole("alert", { name: summaryTitle(m, 1) });
    await expect(summary).toBeVisible();
    await expect(
      summary.getByRole("link", {
        name: t(m.validation.summaryLink, {
          field: `${legend} · ${m.policies.beneficiary.birth}`,
          message: m.validation.date_in_future,
        }),
      }),
    ).toBeVisible();
    await expect(birth).toBeFocused();
    await expect(birth).toHaveAttribute("aria-invalid", "true");
    // An inner locator of `has` is matched inside each .field, so it starts from the page.
    await expect(
      row.locator(".field", { has: page.getByLabel(m.policies.beneficiary.birth, { exact: true }) }).getByRole("alert"),
    ).toHaveText(m.validation.date_in_future);
    await expect(form).not.toContainText(ZOD_ENGLISH);
    // Nothing was sent: no preview of the new premium.
    await expect(panel.getByRole("region", { name: texts.previewLabel })).toHaveCount(0);
    await context.close();
  });
}
