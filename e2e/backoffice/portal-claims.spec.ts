import { expect, test, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import en from "../../messages/en";
import es from "../../messages/es";
import { registerClientThroughPortal } from "../fixtures/accounts";
import { activePolicyViaApi, adminApi } from "../fixtures/claims";
import { documentationScreenshot } from "../fixtures/screens";

// claims-cover.md section 6 from the family's side: a client whose policy is paid reports a death on
// the portal (Spanish first), sees the claim with the documents it needs, sends the death certificate
// from the page and sees it received; then the same page in English and on a phone.

/** A message with its {placeholders} filled in (the ICU plurals are not needed here). */
function t(message: string, values: Record<string, string | number> = {}): string {
  return message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}

async function useLanguage(context: BrowserContext, page: Page, testInfo: TestInfo, locale: "es" | "en") {
  await context.addCookies([
    { name: "NEXT_LOCALE", value: locale, url: testInfo.project.use.baseURL ?? "http://localhost:3210" },
  ]);
  await page.goto("/portal");
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
}

test("a client reports a death, sees its checklist and sends the death certificate", async ({
  browser,
  playwright,
}, testInfo) => {
  test.slow();
  const api = await adminApi(playwright, testInfo);
  const policy = await activePolicyViaApi(api);
  await api.dispose();
  const parent = policy.beneficiaries.find((person) => person.first_name === "Ramón")!;
  const parentName = `${parent.first_name} ${parent.last_name}`;
  const password = "familia-portal-2026";
  // UTC: the policy starts today (UTC), and the form's default date is the browser's own today.
  const context = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    locale: "en-US",
    timezoneId: "UTC",
  });
  const page = await context.newPage();

  await test.step("the client registers with the policy's e-mail, confirms it and signs in", async () => {
    await registerClientThroughPortal(context, page, policy.client, password);
  });

  await test.step("in Spanish, the client reports the death of the insured parent", async () => {
    await useLanguage(context, page, testInfo, "es");
    const report = page.getByRole("region", { name: es.portal.report.title });
    await report.getByRole("button", { name: es.portal.report.open }).click();
    const form = page.getByRole("form", { name: es.portal.report.formLabel });
    // The client's one paid policy is chosen; today and "not yet determined" are the defaults.
    await expect(form.getByLabel(es.portal.report.policy, { exact: true })).toHaveValue(policy.id);
    await expect(form.getByLabel(es.portal.report.date)).toHaveValue(new Date().toISOString().slice(0, 10));
    await expect(form.getByLabel(es.portal.report.cause)).toHaveValue("UNDETERMINED");
    await form.getByLabel(es.portal.report.person).selectOption(parent.id);
    // Died abroad, going home to Mexico (the person's country, the default): the repatriation documents.
    await form.getByLabel(es.portal.report.place).selectOption("US");
    await expect(form.getByLabel(es.portal.report.destination)).toHaveValue("");
    await form.getByLabel(es.portal.report.what).fill("Falleció de visita en Houston; está en el hospital.");
    // Yesterday the policy (starting today) did not cover anyone yet: the server's reason is shown.
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await form.getByLabel(es.portal.report.date).fill(yesterday);
    await form.getByRole("button", { name: es.portal.report.submit }).click();
    // The summary at the form's top names the date; the banner below it says what the server refused.
    await expect(form.getByRole("alert").first()).toContainText(es.portal.report.date);
    await expect(form.getByRole("alert").filter({ hasText: "No se pudo completar:" })).toBeVisible();
    await form.getByLabel(es.portal.report.date).fill(today);
    await form.getByRole("button", { name: es.portal.report.submit }).click();

    await expect(report.getByRole("status")).toContainText(t(es.portal.report.doneTitle, { name: parentName }));
    await expect(report.getByRole("status")).toContainText(es.codes.requirement.DEATH_CERTIFICATE);
  });

  const claims = page.getByRole("region", { name: es.portal.claims.title });
  const card = claims.getByRole("listitem", { name: parentName });
  const certificate = card.getByRole("listitem", { name: es.codes.requirement.DEATH_CERTIFICATE });

  await test.step("the claim shows its status in words and the documents it needs", async () => {
    await expect(card).toContainText(es.codes.claimStatus.PENDING);
    await expect(card).toContainText(es.portal.claims.standing.PENDING);
    await expect(card).toContainText(policy.policy_number);
    await expect(card).toContainText(es.codes.causeOfDeath.UNDETERMINED);
    for (const code of ["DEATH_CERTIFICATE", "ID_OF_DECEASED", "EMBALMING_CERTIFICATE", "TRANSIT_PERMIT"] as const)
      await expect(card.getByRole("listitem", { name: es.codes.requirement[code] })).toContainText(
        es.codes.requirementStatus.MISSING,
      );
    await expect(card).toContainText("10 MB");
  });

  await test.step("the client sends the death certificate and sees it received", async () => {
    // A file that is not a PDF, JPEG or PNG: the server's reason, and the item still missing.
    await certificate.getByLabel(es.portal.checklist.choose).setInputFiles({
      name: "nota.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("no es un documento"),
    });
    await certificate.getByRole("button", { name: es.portal.checklist.send }).click();
    await expect(certificate.getByRole("alert")).toContainText("No se pudo completar:");
    await expect(certificate).toContainText(es.codes.requirementStatus.MISSING);

    await certificate.getByLabel(es.portal.checklist.chooseOther).setInputFiles({
      name: "acta-de-defuncion.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"),
    });
    await certificate.getByRole("button", { name: es.portal.checklist.send }).click();
    await expect(certificate).toContainText(es.codes.requirementStatus.RECEIVED);
    await expect(certificate.getByRole("alert")).toHaveCount(0);
    const link = certificate.getByRole("link", {
      name: t(es.portal.checklist.download, { filename: "acta-de-defuncion.pdf" }),
    });
    await expect(link).toBeVisible();
    const download = await page.request.get((await link.getAttribute("href"))!);
    expect(download.status()).toBe(200);
    expect((await download.body()).subarray(0, 8).toString()).toBe("%PDF-1.4");
    await documentationScreenshot(page, testInfo, "portal-claim-es.png");
  });

  await test.step("the same claim in English", async () => {
    await useLanguage(context, page, testInfo, "en");
    const englishCard = page
      .getByRole("region", { name: en.portal.claims.title })
      .getByRole("listitem", { name: parentName });
    await expect(englishCard).toContainText(en.codes.claimStatus.PENDING);
    await expect(englishCard.getByRole("listitem", { name: en.codes.requirement.DEATH_CERTIFICATE })).toContainText(
      en.codes.requirementStatus.RECEIVED,
    );
    await documentationScreenshot(page, testInfo, "portal-claim-en.png");
  });

  await test.step("on a phone the page fits the screen", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await useLanguage(context, page, testInfo, "es");
    await expect(certificate).toContainText(es.codes.requirementStatus.RECEIVED);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await documentationScreenshot(page, testInfo, "portal-claim-phone.png");
    // The form too, as a family member fills it on a phone (the test's output only).
    await page.getByRole("button", { name: es.portal.report.open }).click();
    const form = page.getByRole("form", { name: es.portal.report.formLabel });
    await expect(form.getByLabel(es.portal.report.person)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await form.screenshot({ path: testInfo.outputPath("portal-report-form-phone.png") });
  });
  await context.close();
});
