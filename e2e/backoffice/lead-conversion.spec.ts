import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
  type PlaywrightWorkerArgs,
  type TestInfo,
} from "@playwright/test";
import en from "../../messages/en";
import es from "../../messages/es";
import { adminApi } from "../fixtures/claims";
import { createUserViaApi, unique } from "../fixtures/data";
import { bornYearsAgo, issuePolicyViaApi } from "../fixtures/emission";

// Issue 21, point 10: converting a lead asks for a confirmation in a dialog, and registers (or links) the
// client in the same step; Cancel changes nothing. The lead page then links to the client and lists the
// client's policies. In English and in Spanish, and the dialog at a phone's width.

type Messages = typeof en;
const LANGUAGES = [
  { locale: "en-US", m: en },
  { locale: "es-MX", m: es as unknown as Messages },
] as const;
const PHONE_WIDTH = { width: 390, height: 844 };

/** A catalog message with its {placeholders} filled in. */
function t(message: string, values: Record<string, string | number> = {}): string {
  return message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}

function uniquePhone(): string {
  // A Mexico City number (+52 55 and eight digits): every such number is valid (libphonenumber).
  return `+5255${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
}

/** A QUALIFIED lead: posted by the public form, qualified through the API by the administrator. */
async function qualifiedLead(
  api: APIRequestContext,
  baseURL: string | undefined,
  playwright: PlaywrightWorkerArgs["playwright"],
) {
  const firstName = unique("Lucia");
  const visitor = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const posted = await visitor.post("/api/v1/leads/", {
    data: {
      phone_e164: uniquePhone(),
      first_name: firstName,
      last_name: "Ramírez",
      email: `${firstName.toLowerCase()}@example.test`,
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const { id } = (await posted.json()) as { id: string };
  await visitor.dispose();
  const qualified = await api.patch(`/api/v1/leads/${id}`, { data: { stage: "QUALIFIED" } });
  expect(qualified.status(), await qualified.text()).toBe(200);
  return { id, name: `${firstName} Ramírez`, email: `${firstName.toLowerCase()}@example.test` };
}

async function leadOf(api: APIRequestContext, id: string) {
  const response = await api.get(`/api/v1/leads/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { stage: string; client_id: string | null; client_name: string | null };
}

/** A new seller, signed in through the page in a browser of the given language. */
async function sellerPage(browser: Browser, testInfo: TestInfo, locale: string, m: Messages): Promise<Page> {
  const setup = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const seller = await createUserViaApi(setup.request, ["VENDEDOR"]);
  await setup.close();
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    storageState: { cookies: [], origins: [] },
    locale,
  });
  const page = await context.newPage();
  await page.goto("/sign-in");
  await page.getByLabel(m.signIn.email).fill(seller.email);
  await page.getByLabel(m.signIn.password).fill(seller.password);
  await page.getByRole("button", { name: m.signIn.submit }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  return page;
}

/** The button of the move to CONVERTED, as the work panel words it. */
function convertButton(page: Page, m: Messages, locale: string) {
  const stage = m.codes.leadStage.CONVERTED.toLocaleLowerCase(locale);
  return page
    .getByRole("region", { name: m.leads.view.work })
    .getByRole("button", { name: t(m.leads.move.to, { stage }) });
}

for (const { locale, m } of LANGUAGES) {
  test(`${locale}: converting asks first, Cancel changes nothing, and Convert registers the client`, async ({
    browser,
    playwright,
  }, testInfo) => {
    test.slow();
    const api = await adminApi(playwright, testInfo);
    const lead = await qualifiedLead(api, testInfo.project.use.baseURL, playwright);
    const page = await sellerPage(browser, testInfo, locale, m);
    const dialog = page.getByRole("dialog", { name: t(m.leads.convert.title, { name: lead.name }) });

    await test.step("the lead page offers the conversion; it opens a dialog and sends nothing yet", async () => {
      await page.goto(`/leads/${lead.id}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(lead.name);
      await expect(page.getByRole("region", { name: m.leads.client.title, exact: true })).toContainText(
        m.leads.client.notYet,
      );
      await convertButton(page, m, locale).click();
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(m.leads.convert.explain);
      // The new client starts from what the lead gave.
      await expect(dialog.getByLabel(m.clients.form.firstName)).toHaveValue(lead.name.split(" ")[0]);
      await expect(dialog.getByLabel(m.clients.form.email)).toHaveValue(lead.email);
      expect((await leadOf(api, lead.id)).stage).toBe("QUALIFIED");
    });

    await test.step("Cancel closes the dialog and the lead stays qualified, without a client", async () => {
      await dialog.getByRole("button", { name: m.leads.convert.cancel }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId("lead-chips")).toContainText(m.codes.leadStage.QUALIFIED);
      expect(await leadOf(api, lead.id)).toMatchObject({ stage: "QUALIFIED", client_id: null });
    });

    await test.step("the dialog fits a phone's screen", async () => {
      await page.setViewportSize(PHONE_WIDTH);
      await convertButton(page, m, locale).click();
      await expect(dialog).toBeVisible();
      const box = await dialog.boundingBox();
      expect(box!.width).toBeLessThanOrEqual(PHONE_WIDTH.width);
      await page.screenshot({ path: testInfo.outputPath(`convert-dialog-phone-${locale}.png`) });
    });

    await test.step("a missing birth date and countries are said in the dialog; nothing is sent", async () => {
      await dialog.getByRole("button", { name: m.leads.convert.confirm, exact: true }).click();
      await expect(dialog.getByLabel(m.clients.form.birthDate)).toHaveAttribute("aria-invalid", "true");
      await expect(dialog).toBeVisible();
      expect((await leadOf(api, lead.id)).stage).toBe("QUALIFIED");
    });

    await test.step("Convert with a new client: the lead is converted and names the client", async () => {
      await dialog.getByLabel(m.clients.form.birthDate).fill(bornYearsAgo(41));
      await dialog.getByLabel(m.clients.form.nationality).selectOption("MX");
      await dialog.getByLabel(m.clients.form.country).selectOption("MX");
      await dialog.getByRole("button", { name: m.leads.convert.confirm, exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId("lead-chips")).toContainText(m.codes.leadStage.CONVERTED);
      await expect.poll(async () => (await leadOf(api, lead.id)).client_name).toBe(lead.name);
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    await test.step("the lead page links to the client, who has no policy yet", async () => {
      const panel = page.getByRole("region", { name: m.leads.client.title, exact: true });
      const link = panel.getByRole("link", { name: lead.name });
      await expect(link).toHaveAttribute("href", /^\/clients\/[0-9a-f-]{36}$/);
      await expect(panel).toContainText(m.leads.client.noPolicies);
      await link.click();
      await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(lead.name);
    });

    await page.context().close();
    await api.dispose();
  });
}

test("converting into a registered client links it, and the lead page lists the client's policies", async ({
  browser,
  playwright,
}, testInfo) => {
  test.slow();
  const { locale, m } = LANGUAGES[0];
  const api = await adminApi(playwright, testInfo);
  const lead = await qualifiedLead(api, testInfo.project.use.baseURL, playwright);
  const policy = await issuePolicyViaApi(api);
  const clientName = `${policy.client.first_name} ${policy.client.last_name}`;
  const page = await sellerPage(browser, testInfo, locale, m);

  await page.goto(`/leads/${lead.id}`);
  await convertButton(page, m, locale).click();
  const dialog = page.getByRole("dialog", { name: t(m.leads.convert.title, { name: lead.name }) });
  await dialog.getByRole("radio", { name: m.leads.convert.existingClient }).check();
  // Confirming before a client is chosen asks for one.
  await dialog.getByRole("button", { name: m.leads.convert.confirm, exact: true }).click();
  await expect(dialog).toContainText(m.leads.convert.chooseClient);
  await dialog.getByLabel(m.clients.picker.find).fill(policy.client.last_name);
  await dialog
    .getByRole("button", { name: t(m.clients.picker.choose, { name: clientName, email: policy.client.email }) })
    .click();
  await dialog.getByRole("button", { name: m.leads.convert.confirm, exact: true }).click();
  await expect(dialog).toBeHidden();

  const panel = page.getByRole("region", { name: m.leads.client.title, exact: true });
  await expect(panel.getByRole("link", { name: clientName })).toHaveAttribute("href", `/clients/${policy.client.id}`);
  await expect(panel.getByRole("link", { name: policy.policy_number })).toHaveAttribute(
    "href",
    `/policies/${policy.id}`,
  );
  expect(await leadOf(api, lead.id)).toMatchObject({ stage: "CONVERTED", client_id: policy.client.id });

  await page.context().close();
  await api.dispose();
});
