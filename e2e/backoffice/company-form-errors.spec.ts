import { expect, test } from "@playwright/test";
import en from "../../messages/en";
import es from "../../messages/es";
import { unique } from "../fixtures/data";
import { fillIn, summaryTitle } from "../fixtures/messages";
import { ADMIN_STORAGE_STATE } from "../fixtures/paths";

// The create-company form's errors, as every form's (form-errors.spec.ts): a summary at its top with a
// link to each field to fix, in the page's order, and the focus on the first; every message the
// catalog's. The commission rate is typed as people write it ("12,5"). English and Spanish.

for (const language of [
  { name: "English", m: en, locale: "en-US" },
  { name: "Spanish", m: es, locale: "es-MX" },
]) {
  const { m } = language;
  const create = m.companies.create;

  test(`the create-company form sent empty: a summary of its fields, the first one focused (${language.name})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: language.locale, storageState: ADMIN_STORAGE_STATE });
    const page = await context.newPage();
    await page.goto("/companies");
    const form = page.getByRole("form", { name: create.title, exact: true });
    const name = form.getByLabel(create.name, { exact: true });
    const commission = form.getByLabel(create.commission, { exact: true });
    const submit = form.getByRole("button", { name: create.submit, exact: true });
    const nameRequired = fillIn(m.validation.summaryLink, { field: create.name, message: m.validation.required });

    await submit.click();
    const summary = form.getByRole("alert", { name: summaryTitle(m, 1) });
    await expect(summary).toBeVisible();
    await expect(summary.getByRole("link")).toHaveText([nameRequired]);
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute("aria-invalid", "true");

    await test.step("a rate above 100 is listed too, after the name", async () => {
      await commission.fill("150");
      await submit.click();
      const both = form.getByRole("alert", { name: summaryTitle(m, 2) });
      await expect(both.getByRole("link")).toHaveText([
        nameRequired,
        fillIn(m.validation.summaryLink, {
          field: create.commission,
          message: fillIn(m.validation.too_large, { max: 100 }),
        }),
      ]);
      await expect(name).toBeFocused();
      await expect(commission).toHaveAttribute("aria-invalid", "true");
    });

    await test.step("a rate with a decimal comma is read, and the summary goes", async () => {
      const companyName = unique("E2E Rate");
      await name.fill(companyName);
      await commission.fill("12,5");
      await submit.click();
      await expect(form.getByRole("status")).toHaveText(fillIn(create.created, { name: companyName }));
      await expect(form.getByRole("alert")).toHaveCount(0);
      await expect(page.getByRole("listitem", { name: companyName })).toContainText("12.50 %");
    });
    await context.close();
  });
}
