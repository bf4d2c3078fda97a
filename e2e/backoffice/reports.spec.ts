import { readFile } from "node:fs/promises";
import { expect, test, type Download, type Page } from "@playwright/test";
import en from "../../messages/en";
import es from "../../messages/es";
import { formatMoney } from "../../lib/i18n/format";
import type { PortfolioReport } from "../../lib/reports/schemas";
import { adminApi } from "../fixtures/claims";
import { SELLER, signInThroughPage, unique } from "../fixtures/data";
import { ADMIN_STORAGE_STATE } from "../fixtures/paths";
import { documentationScreenshot } from "../fixtures/screens";

// reports.md section 1 on the page: the portfolio dashboard shows the figures the API gives for the
// demo data, in English and in Spanish; the filters change them; the figures download as CSV and JSON.
// Other specs add policies and claims to the same server meanwhile, so each figure is checked against
// the API's answer for the same filters, read at the same moment, and the demo data's own facts (its
// plan, its USD premium, its open claim) are checked as such.

type Messages = typeof en;
type Language = "en" | "es";
const CATALOGS: Record<Language, Messages> = { en, es };
const INTL: Record<Language, string> = { en: "en-US", es: "es-MX" };
const PHONE = { width: 390, height: 844 };

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The value of a headline figure, by its label. */
function figure(page: Page, label: string) {
  return page
    .locator(".report-figure")
    .filter({ has: page.getByRole("term").filter({ hasText: new RegExp(`^${escape(label)}$`) }) });
}

async function reportOf(page: Page, query: Record<string, string> = {}): Promise<PortfolioReport> {
  const response = await page.request.get(`/api/v1/reports/portfolio?${new URLSearchParams(query)}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as PortfolioReport;
}

function percent(ratio: string, language: Language): string {
  return new Intl.NumberFormat(INTL[language], { style: "percent", maximumFractionDigits: 1 }).format(
    ratio as Intl.StringNumericLiteral,
  );
}

function shortMonth(yearMonth: string, language: Language): string {
  const [year, month] = yearMonth.split("-").map(Number);
  return new Intl.DateTimeFormat(INTL[language], { month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}

/** Every headline figure as the page must show it for this answer. */
async function expectFigures(page: Page, report: PortfolioReport, language: Language) {
  const t = CATALOGS[language].reports.figures;
  const number = (value: number) => new Intl.NumberFormat(INTL[language]).format(value);
  const none = CATALOGS[language].common.none;
  await expect(figure(page, t.policiesInForce).locator(".report-figure-value")).toHaveText(
    number(report.policies.in_force),
  );
  await expect(figure(page, t.livesInForce).locator(".report-figure-value")).toHaveText(number(report.lives_in_force));
  await expect(figure(page, t.openClaims).locator(".report-figure-value")).toHaveText(number(report.claims.open));
  const premium = figure(page, t.premiumInForce).locator(".report-figure-value");
  if (report.premium_in_force.length === 0) await expect(premium).toHaveText(t.noPremium);
  for (const item of report.premium_in_force)
    await expect(premium).toContainText(formatMoney(item.monthly_amount, item.currency, language));
  if (report.premium_in_force.length > 0) await expect(premium.locator(".report-period")).toHaveText(t.perMonth);
  const lapseRate = figure(page, t.lapseRate);
  if (report.lapse_rate_12m === null) {
    await expect(lapseRate.locator(".report-figure-value")).toHaveText(none);
    await expect(lapseRate).toContainText(t.lapseRateNull);
  } else await expect(lapseRate.locator(".report-figure-value")).toHaveText(percent(report.lapse_rate_12m, language));
  const persistency = figure(page, t.persistency);
  if (report.persistency_13m === null) {
    await expect(persistency.locator(".report-figure-value")).toHaveText(none);
    await expect(persistency.locator(".report-figure-note")).toContainText(t.persistencyNull.split("{month}")[1]);
  } else
    await expect(persistency.locator(".report-figure-value")).toHaveText(percent(report.persistency_13m, language));
  const lossRatio = figure(page, t.lossRatio);
  if (report.loss_ratio_12m.length === 0) {
    await expect(lossRatio.locator(".report-figure-value")).toHaveText(none);
    await expect(lossRatio).toContainText(t.lossRatioEmpty);
  }
  for (const item of report.loss_ratio_12m)
    await expect(lossRatio.locator(".report-figure-value")).toContainText(
      `${item.ratio === null ? none : percent(item.ratio, language)} ${item.currency}`,
    );
}

/** The table by month: each month by its short name in the language, with its new policies and lapses. */
async function expectMonths(page: Page, report: PortfolioReport, language: Language) {
  const t = CATALOGS[language].reports.table;
  const rows = page.getByRole("table", { name: t.label }).locator("tbody tr");
  await expect(rows).toHaveCount(12);
  await expect(rows.first().locator("td").first()).toHaveText(shortMonth(report.new_business[0].month, language));
  await expect(rows.last().locator("td").first()).toHaveText(shortMonth(report.new_business[11].month, language));
  const last = report.new_business[11];
  await expect(rows.last().locator("td").nth(1)).toHaveText(String(last.policies));
}

async function downloadText(download: Download): Promise<string> {
  return readFile((await download.path())!, "utf8");
}

test("the portfolio dashboard shows the demo data's figures, filters them and downloads them", async ({
  page,
  playwright,
}, testInfo) => {
  test.slow();
  const t = en.reports;
  // A company of its own, with a unit and no policy: its figures are zero whatever other specs do.
  const api = await adminApi(playwright, testInfo);
  const companyName = unique("Report Co");
  const created = await api.post("/api/v1/organizations/companies", { data: { name: companyName } });
  expect(created.status(), await created.text()).toBe(201);
  const company = (await created.json()) as { id: string };
  const unitName = unique("Report Unit");
  const unit = await api.post(`/api/v1/organizations/companies/${company.id}/business-units`, {
    data: { name: unitName },
  });
  expect(unit.status(), await unit.text()).toBe(201);
  await api.dispose();

  await test.step("the menu leads to the dashboard, which shows the figures of today", async () => {
    await page.goto("/dashboard");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: en.nav.sections.reports.label })
      .click();
    await expect(page).toHaveURL(/\/reports$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.title);
    const report = await reportOf(page);
    await expect(page.getByRole("heading", { level: 2, name: /^Figures on / })).toHaveText(
      `Figures on ${new Intl.DateTimeFormat("en-US", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" }).format(new Date(`${report.as_of}T00:00:00Z`))}`,
    );
    await expectFigures(page, await reportOf(page), "en");
    await expectMonths(page, report, "en");
    // The demo data: a USD policy in force, its open claim (the deceased parent's).
    expect(report.policies.in_force).toBeGreaterThanOrEqual(1);
    expect(report.claims.open).toBeGreaterThanOrEqual(1);
    await expect(figure(page, t.figures.premiumInForce).locator(".report-figure-value")).toContainText(
      /\d USD per month$/,
    );
    for (const chart of [
      t.charts.newBusinessChart,
      t.charts.lapsedChart,
      t.charts.reinstatedChart,
      t.charts.claimsChart,
    ])
      await expect(page.getByRole("img", { name: new RegExp(`^${escape(chart)}`) })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await documentationScreenshot(page, testInfo, "reports-en.png");
  });

  await test.step("the demo plan filters the figures", async () => {
    const plan = page.getByLabel(t.filters.plan);
    await plan.selectOption({ label: "Repatriation Cover · Essential" });
    const planId = await plan.inputValue();
    await expect(page).toHaveURL(/\/reports$/);
    await expectFigures(page, await reportOf(page, { plan_id: planId }), "en");
    await plan.selectOption("");
  });

  await test.step("a company without policies, then its unit, shows zeros", async () => {
    await page.getByLabel(t.filters.company).selectOption({ label: companyName });
    await expect(figure(page, t.figures.policiesInForce).locator(".report-figure-value")).toHaveText("0");
    await expect(figure(page, t.figures.premiumInForce).locator(".report-figure-value")).toHaveText(
      t.figures.noPremium,
    );
    await expect(figure(page, t.figures.openClaims).locator(".report-figure-value")).toHaveText("0");
    await expect(figure(page, t.figures.lapseRate)).toContainText(t.figures.lapseRateNull);
    await expect(figure(page, t.figures.lossRatio)).toContainText(t.figures.lossRatioEmpty);
    await page.getByLabel(t.filters.unit).selectOption({ label: unitName });
    await expect(figure(page, t.figures.policiesInForce).locator(".report-figure-value")).toHaveText("0");
    await page.getByRole("button", { name: t.filters.clear }).click();
    await expect(page.getByLabel(t.filters.company)).toHaveValue("");
  });

  await test.step("an earlier as-of date gives that day's figures", async () => {
    const lastYear = `${new Date().getUTCFullYear() - 1}-06-30`;
    await page.getByLabel(t.filters.asOf).fill(lastYear);
    const report = await reportOf(page, { as_of: lastYear });
    expect(report.as_of).toBe(lastYear);
    await expect(page.getByRole("heading", { level: 2, name: /^Figures on / })).toHaveText(
      `Figures on 06/30/${new Date().getUTCFullYear() - 1}`,
    );
    await expectFigures(page, report, "en");
    await expectMonths(page, report, "en");
  });

  await test.step("the figures download as CSV and as JSON", async () => {
    const report = await reportOf(page, { as_of: await page.getByLabel(t.filters.asOf).inputValue() });
    const [csv] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: t.download.csv }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe(`portfolio-${report.as_of}.csv`);
    const text = await downloadText(csv);
    expect(text.startsWith("\uFEFFfigure,month,status,currency,value\r\n")).toBe(true);
    expect(text).toContain(`\r\npolicies.in_force,,,,${report.policies.in_force}\r\n`);
    expect(text).toContain(`\r\nclaims.open,,,,${report.claims.open}\r\n`);
    expect(text).toContain(`\r\nnew_business.policies,${report.new_business[11].month},,,`);
    const [json] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: t.download.json }).click(),
    ]);
    expect(json.suggestedFilename()).toBe(`portfolio-${report.as_of}.json`);
    expect(JSON.parse(await downloadText(json))).toEqual(report);
  });
});

test("the dashboard reads in Spanish, with months by their Spanish names, and fits a phone", async ({
  browser,
}, testInfo) => {
  const t = es.reports;
  const context = await browser.newContext({ storageState: ADMIN_STORAGE_STATE, locale: "es-MX" });
  const page = await context.newPage();
  await page.goto("/reports");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.title);
  const report = await reportOf(page);
  await expectFigures(page, report, "es");
  await expectMonths(page, report, "es");
  await expect(figure(page, t.figures.premiumInForce).locator(".report-figure-value")).toContainText(/\d USD al mes$/);
  await expect(page.getByRole("navigation", { name: es.nav.main })).toContainText(es.nav.sections.reports.label);
  await page.waitForLoadState("networkidle");
  await documentationScreenshot(page, testInfo, "reports-es.png");

  await page.setViewportSize(PHONE);
  await page.reload();
  await expectFigures(page, await reportOf(page), "es");
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.window);
  await page.waitForLoadState("networkidle");
  await documentationScreenshot(page, testInfo, "reports-phone.png");
  await context.close();
});

test("a seller's dashboard is held to its own company", async ({ browser }) => {
  const t = en.reports;
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, locale: "en-US" });
  const page = await context.newPage();
  await signInThroughPage(page, SELLER);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: en.nav.sections.reports.label })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.title);
  const company = page.getByLabel(t.filters.company);
  await expect(company).toBeDisabled();
  await expect(company.locator("option:checked")).toHaveText(t.filters.ownCompany);
  await expectFigures(page, await reportOf(page), "en");
  await context.close();
});
