import { expect, test, type Browser, type BrowserContextOptions, type Page, type TestInfo } from "@playwright/test";
import en from "../../messages/en";
import es from "../../messages/es";
import { adminApi } from "../fixtures/claims";
import { createUserViaApi, unique } from "../fixtures/data";
import { documentationScreenshot } from "../fixtures/screens";

// Issue 21, point 5: the quote a seller shows a client. Each premium says it is monthly, each person and
// the family get one clear total, the arithmetic waits behind a disclosure (closed, opened by a click or
// the keyboard), and the country list holds only the countries the chosen version is sold in, sorted by
// their name in the page's language (the only one chosen for the seller). In English, in Spanish and on
// a phone; the desktop pages are the documentation's pictures (docs/screens/quote.png, quote-es.png).

type Messages = typeof en;

/** A message with its {placeholders} filled in (the ICU plurals are not needed here). */
function t(message: string, values: Record<string, string | number> = {}): string {
  return message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}

/**
 * A product of two plans, in USD, 1,250.00 a month per person and 10% more from 60 to 70: "Family" is
 * sold in Germany and Spain by name and in Chile through a zone (whose Portugal it excludes by name);
 * "Solo" is sold in Mexico alone. Returns the product's name.
 */
async function seedProduct(playwright: Parameters<typeof adminApi>[0], testInfo: TestInfo): Promise<string> {
  const api = await adminApi(playwright, testInfo);
  const zone = await api.post("/api/v1/geography/zones", { data: { name: unique("E2E Quote zone") } });
  expect(zone.status(), await zone.text()).toBe(201);
  const zoneId = ((await zone.json()) as { id: string }).id;
  for (const code of ["CL", "PT"]) {
    const linked = await api.post(`/api/v1/geography/zones/${zoneId}/countries/${code}`);
    expect(linked.status(), await linked.text()).toBe(200);
  }
  const version = (rules: Record<string, unknown>) => ({
    version_label: "v1",
    cost_price: "500.00",
    public_price: "1250.00",
    currency: "USD",
    max_entry_age: 70,
    max_renewal_age: 80,
    wtime_suicide: 0,
    wtime_accident: 0,
    wtime_preexisting: 0,
    age_surcharges: [{ min_age: 60, max_age: 70, percentage: "10" }],
    ...rules,
  });
  const name = unique("E2E Quote");
  const created = await api.post("/api/v1/products/", {
    data: {
      name,
      plans: [
        {
          name: "Family",
          versions: [
            version({
              countries: [
                { country_code: "DE", is_available: true },
                { country_code: "ES", is_available: true },
                { country_code: "PT", is_available: false },
              ],
              zones: [{ zone_id: zoneId, is_available: true }],
            }),
          ],
        },
        { name: "Solo", versions: [version({ countries: [{ country_code: "MX", is_available: true }] })] },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await api.dispose();
  return name;
}

/** A new seller (no saved language, so the browser's decides) signed in through the page, in a browser of its own. */
async function sellerPage(browser: Browser, m: Messages, options: BrowserContextOptions): Promise<Page> {
  // Made from a context of its own, so the administrator's sign-in behind it leaves no cookie in the seller's.
  const api = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const seller = await createUserViaApi(api.request, ["VENDEDOR"]);
  await api.close();
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, ...options });
  const page = await context.newPage();
  await page.goto("/sign-in");
  await page.getByLabel(m.signIn.email).fill(seller.email);
  await page.getByLabel(m.signIn.password).fill(seller.password);
  await page.getByRole("button", { name: m.signIn.submit }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  return page;
}

/** The choices of a select, its "choose..." placeholder left out. */
function choicesOf(page: Page, label: string) {
  return page.getByLabel(label, { exact: true }).locator("option:not([value=''])");
}

/**
 * Takes a picture of the whole page in a window as tall as the page: the total sticks to the bottom of
 * the window while ages are typed, and a full-page capture of a shorter window would show it mid-page
 * rather than under the people, where it belongs. The window gets its size back afterwards.
 */
async function inWindowAsTallAsPage(page: Page, takePicture: () => Promise<unknown>) {
  const windowSize = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: windowSize.width, height: Math.max(windowSize.height, height) });
  await takePicture();
  await page.setViewportSize(windowSize);
}

const LANGUAGES = [
  {
    m: en,
    locale: "en-US",
    familyCountries: ["Chile (CL)", "Germany (DE)", "Spain (ES)"],
    soloCountries: ["Mexico (MX)"],
    picture: "quote.png",
  },
  {
    m: es,
    locale: "es-MX",
    // Sorted by the Spanish names: Alemania comes first.
    familyCountries: ["Alemania (DE)", "Chile (CL)", "España (ES)"],
    soloCountries: ["México (MX)"],
    picture: "quote-es.png",
  },
] as const;

for (const { m, locale, familyCountries, soloCountries, picture } of LANGUAGES) {
  test(`a seller quotes a family (${locale}): premiums per month, the arithmetic on demand, the plan's countries only`, async ({
    browser,
    playwright,
  }, testInfo) => {
    const productName = await seedProduct(playwright, testInfo);
    const page = await sellerPage(browser, m, { locale, viewport: { width: 1280, height: 900 } });
    const perMonth = (amount: string) => t(m.common.perMonth, { amount });
    const country = page.getByLabel(m.quote.choice.country, { exact: true });

    await test.step("the country list holds the plan's countries only, by their name in the page's language", async () => {
      await page.goto("/quote");
      await expect(page.locator("html")).toHaveAttribute("lang", locale.slice(0, 2));
      // Before a version is chosen there is nothing to offer.
      await expect(country).toBeDisabled();
      await page.getByLabel(m.quote.choice.product, { exact: true }).selectOption({ label: productName });
      await page.getByLabel(m.quote.choice.plan, { exact: true }).selectOption({ label: "Family" });
      // The plan's only version is chosen with it; its base price says it is monthly.
      await expect(page.getByLabel(m.quote.choice.version, { exact: true })).not.toHaveValue("");
      await expect(page.getByRole("main")).toContainText(t(m.catalog.summary.perPerson, { amount: "1,250.00 USD" }));
      await expect(choicesOf(page, m.quote.choice.country)).toHaveText([...familyCountries]);
      // Three to choose from: none is chosen for the seller.
      await expect(country).toHaveValue("");
      await country.selectOption("ES");
    });

    const first = page.getByRole("listitem", { name: t(m.quote.people.person, { number: 1 }) });
    const second = page.getByRole("listitem", { name: t(m.quote.people.person, { number: 2 }) });
    const firstSteps = first.getByText(t(m.quote.steps.noBand, { age: 30, percentage: "0.00" }));
    const secondSteps = second.getByText(
      t(m.quote.steps.band, { age: 65, min: 60, max: 70, percentage: "10.00", surcharge: "125.00" }),
    );

    await test.step("each person has one total per month, the family one total per month, digits grouped", async () => {
      await page.getByLabel(t(m.quote.people.age, { number: 1 })).fill("30");
      await page.getByRole("button", { name: m.quote.people.add }).click();
      await page.getByLabel(t(m.quote.people.age, { number: 2 })).fill("65");
      await expect(first.getByRole("status", { name: t(m.quote.people.price, { number: 1 }) })).toHaveText(
        "1,250.00 USD",
      );
      await expect(first).toContainText(`${m.quote.people.total} ${perMonth("1,250.00 USD")}`);
      // 1,250.00 + 10% = 1,375.00.
      await expect(second.getByRole("status", { name: t(m.quote.people.price, { number: 2 }) })).toHaveText(
        "1,375.00 USD",
      );
      await expect(second).toContainText(`${m.quote.people.total} ${perMonth("1,375.00 USD")}`);
      await expect(page.getByRole("status", { name: m.quote.total.label, exact: true })).toContainText("2,625.00 USD");
      await expect(page.getByText(perMonth("2,625.00 USD"))).toBeVisible();
    });

    await test.step("the arithmetic is closed, and opens with a click or from the keyboard", async () => {
      await expect(firstSteps).toBeHidden();
      await expect(secondSteps).toBeHidden();
      await first.getByText(m.quote.people.howCalculated).click();
      await expect(firstSteps).toBeVisible();
      await expect(secondSteps).toBeHidden();

      const summary = second.getByText(m.quote.people.howCalculated);
      await summary.focus();
      await page.keyboard.press("Enter");
      await expect(secondSteps).toBeVisible();
      await inWindowAsTallAsPage(page, () => documentationScreenshot(page, testInfo, picture));
      await page.keyboard.press("Enter");
      await expect(secondSteps).toBeHidden();
    });

    await test.step("a plan sold in one country has it chosen already, and prices at once", async () => {
      await page.getByLabel(m.quote.choice.plan, { exact: true }).selectOption({ label: "Solo" });
      await expect(choicesOf(page, m.quote.choice.country)).toHaveText([...soloCountries]);
      await expect(country).toHaveValue("MX");
      await expect(first.getByRole("status", { name: t(m.quote.people.price, { number: 1 }) })).toHaveText(
        "1,250.00 USD",
      );
      await expect(page.getByText(perMonth("2,625.00 USD"))).toBeVisible();
    });
    await page.context().close();
  });
}

test("on a phone, the quote fits the screen and its arithmetic opens under each person", async ({
  browser,
  playwright,
}, testInfo) => {
  const productName = await seedProduct(playwright, testInfo);
  const m = es;
  const page = await sellerPage(browser, m, {
    locale: "es-MX",
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await page.goto("/quote");
  await page.getByLabel(m.quote.choice.product, { exact: true }).selectOption({ label: productName });
  await page.getByLabel(m.quote.choice.plan, { exact: true }).selectOption({ label: "Solo" });
  await expect(page.getByLabel(m.quote.choice.country, { exact: true })).toHaveValue("MX");
  await page.getByLabel(t(m.quote.people.age, { number: 1 })).fill("65");

  const person = page.getByRole("listitem", { name: t(m.quote.people.person, { number: 1 }) });
  await expect(person.getByRole("status", { name: t(m.quote.people.price, { number: 1 }) })).toHaveText("1,375.00 USD");
  await expect(person).toContainText(`${m.quote.people.total} ${t(m.common.perMonth, { amount: "1,375.00 USD" })}`);
  await expect(page.getByRole("status", { name: m.quote.total.label, exact: true })).toBeInViewport();
  const steps = person.getByText(
    t(m.quote.steps.band, { age: 65, min: 60, max: 70, percentage: "10.00", surcharge: "125.00" }),
  );
  await expect(steps).toBeHidden();
  await person.getByText(m.quote.people.howCalculated).tap();
  await expect(steps).toBeVisible();

  // Nothing is wider than the window: the page does not scroll sideways.
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.window);
  await inWindowAsTallAsPage(page, () =>
    page.screenshot({ path: testInfo.outputPath("quote-phone-es.png"), fullPage: true }),
  );
  await page.context().close();
});

test("the policy list says its premiums are monthly", async ({ page }) => {
  await page.goto("/policies");
  const rows = page.getByRole("table", { name: en.policies.list.title }).getByRole("row");
  // The header row and at least the demo policy.
  await expect(rows.nth(1)).toContainText(
    new RegExp(`\\d\\.\\d{2} [A-Z]{3} ${t(en.common.perMonth, { amount: "" }).trim()}`),
  );
});
