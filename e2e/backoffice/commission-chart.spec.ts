import { expect } from "@playwright/test";
import en from "../../messages/en";
import es from "../../messages/es";
import { activePolicyViaApi, test } from "../fixtures/payments";

// Issue: the commission chart of the reseller dashboard labelled months "Nov 26", which reads as a day.
// Its months are the language's short month name and the whole year ("Nov 2026", "nov 2026"), on the
// bars and in the table of the same figures. The administrator reads the dashboard of its own company
// (the demo company), which a manual payment made here gives a month of this year whatever the demo data.

const RUNS = [
  { language: "en", intlLocale: "en-US", messages: en, browser: {} },
  {
    language: "es",
    intlLocale: "es-MX",
    messages: es as typeof en,
    browser: { locale: "es-MX", timezoneId: "America/Mexico_City" },
  },
] as const;

// A short month name (letters, perhaps a dot: "sept.") and the four digits of its year.
const MONTH_OF_YEAR = /^\p{L}+\.? \d{4}$/u;

for (const { language, intlLocale, messages, browser } of RUNS) {
  test.describe(`in ${language}`, () => {
    test.use(browser);

    test("the commission chart names each month by its short name and whole year", async ({ page, api }) => {
      await activePolicyViaApi(api);
      const chart = messages.payments.chart;
      await page.goto("/payments/reseller");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(messages.payments.resellerPage.title);
      const image = page.getByRole("img", { name: chart.title });
      await expect(image).toBeVisible();

      // The payment's month (paid now, counted in UTC) as the browser's Intl writes it in the page's language.
      const thisMonth = await page.evaluate(
        (locale) =>
          new Intl.DateTimeFormat(locale, { month: "short", year: "numeric", timeZone: "UTC" }).format(new Date()),
        intlLocale,
      );
      expect(thisMonth).toMatch(MONTH_OF_YEAR);
      await expect(image.getByText(thisMonth, { exact: true })).toBeVisible();

      await page.getByText(chart.asTable, { exact: true }).click();
      const table = page.getByRole("table", { name: chart.title });
      await expect(table.getByRole("cell", { name: thisMonth, exact: true })).toBeVisible();
      const months = await table.locator("tbody tr td:first-child").allTextContents();
      expect(months.length).toBeGreaterThan(0);
      for (const month of months) expect(month).toMatch(MONTH_OF_YEAR);
    });
  });
}
