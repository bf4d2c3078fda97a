import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import en from "../../messages/en";
import es from "../../messages/es";
import { adminToken, unique } from "../fixtures/data";
import { activePolicyViaApi } from "../fixtures/payments";

// Issue 21, point 6: a certificate a family can use. An administrator fills the company's profile (address,
// registration number, contact, logo) from the companies page; the certificate of one of its policies
// prints them, with the premium per month, and downloads as certificate-<policy number>.pdf (certificado-
// in Spanish). The company is the policy's own (the demo company): only its profile changes, never its
// name, so other specs read what they expect.

/** A catalog text with its {placeholders} filled in. */
function t(message: string, values: Record<string, string | number> = {}): string {
  return message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}

// A real 2x2 PNG.
const LOGO = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWM4ISd3Qk6OAUIBAB8mBBGFRCvEAAAAAElFTkSuQmCC",
  "base64",
);

/** An ACTIVE policy whose client reads `language`, and the company it belongs to (the demo company). */
async function seed(api: APIRequestContext, language: "en" | "es") {
  const headers = { Authorization: `Bearer ${await adminToken(api)}` };
  const policy = await activePolicyViaApi(api);
  // The certificate is in its client's language.
  const moved = await api.patch(`/api/v1/emission/clients/${policy.client.id}`, {
    headers,
    data: { preferred_language: language },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  const { company_id } = (await (await api.get(`/api/v1/emission/policies/${policy.id}`, { headers })).json()) as {
    company_id: string;
  };
  const company = (await (await api.get(`/api/v1/organizations/companies/${company_id}`, { headers })).json()) as {
    name: string;
  };
  return { company, policy };
}

/** Opens the company's card and its edit form, fills the profile and saves it. */
async function fillProfile(
  page: Page,
  messages: typeof en,
  companyName: string,
  profile: { address: string; registration: string },
) {
  const edit = messages.companies.edit;
  await page.goto("/companies");
  const card = page.getByRole("listitem", { name: companyName });
  await card.getByText(edit.title).click();
  const form = card.getByRole("form", { name: t(edit.formLabel, { company: companyName }) });
  await form.getByLabel(edit.address).fill(profile.address);
  await form.getByLabel(edit.registrationNumber).fill(profile.registration);
  await form.getByLabel(edit.contactPhone).fill("+525512345678");
  await form.getByLabel(edit.contactEmail).fill("atencion@demo.example");
  await form.getByRole("button", { name: edit.submit }).click();
  await expect(form.getByRole("status")).toHaveText(t(edit.saved, { name: companyName }));
  await expect(form.getByLabel(edit.contactPhone)).toHaveValue("+525512345678");

  const logo = card.getByRole("region", { name: t(messages.companies.logo.label, { company: companyName }) });
  await logo.getByLabel(messages.companies.logo.pick).setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: LOGO,
  });
  await expect(logo.getByRole("status")).toHaveText(messages.companies.logo.uploaded);
  await expect(
    logo.getByRole("img", { name: t(messages.companies.logo.current, { company: companyName }) }),
  ).toBeVisible();
}

/** Downloads the certificate from the policy's page: its file name and its text. */
async function downloadCertificate(page: Page, messages: typeof en, policy: { id: string; policy_number: string }) {
  await page.goto(`/policies/${policy.id}`);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page
      .getByRole("link", { name: t(messages.policies.certificate.downloadLabel, { number: policy.policy_number }) })
      .click(),
  ]);
  const pdf = await getDocumentProxy(new Uint8Array(await readFile(await download.path())));
  const { text } = await extractText(pdf, { mergePages: true });
  return { filename: download.suggestedFilename(), text };
}

// Both runs fill the one demo company's profile: one after the other.
test.describe.configure({ mode: "serial" });

const RUNS = [
  { language: "en", messages: en, device: {} },
  {
    language: "es",
    messages: es as typeof en,
    device: {
      locale: "es-MX",
      timezoneId: "America/Mexico_City",
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    },
  },
] as const;

for (const { language, messages, device } of RUNS) {
  test.describe(`in ${language}`, () => {
    test.use(device);

    test("an administrator fills the company profile and the certificate prints it, named by the policy number", async ({
      page,
      playwright,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const api = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
      const { company, policy } = await seed(api, language);
      await api.dispose();
      const address = unique("Av. Reforma 250");
      const registration = unique("CNSF");
      await fillProfile(page, messages, company.name, { address, registration });
      // Every field of the form fits the screen's width (the Spanish run's is a phone's): nothing scrolls sideways.
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
        .toBe(true);

      const { filename, text } = await downloadCertificate(page, messages, policy);
      expect(filename).toBe(t(messages.certificate.fileName, { number: policy.policy_number }));
      for (const printed of [
        company.name,
        address,
        t(messages.certificate.registrationNumber, { number: registration }),
        "+52 55 1234 5678",
        "atencion@demo.example",
        messages.certificate.totalPremium.toUpperCase(),
      ])
        expect(text, printed).toContain(printed);
      // The premium, an amount with its currency, "per month" in the certificate's language.
      expect(text).toMatch(new RegExp(t(messages.certificate.perMonth, { amount: String.raw`\d\.\d{2} [A-Z]{3}` })));
    });
  });
}
