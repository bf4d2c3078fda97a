import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import en from "../../messages/en";
import es from "../../messages/es";
import { addMonths } from "../../lib/emission/premium-dates";
import { formatDate, formatMoney } from "../../lib/i18n/format";
import { linkFromOutbox } from "../fixtures/accounts";
import { adminApi } from "../fixtures/claims";
import { signInThroughPage, unique } from "../fixtures/data";
import { bornYearsAgo } from "../fixtures/emission";
import { documentationScreenshot } from "../fixtures/screens";

// Issue 21, point 7: the first hour of a client on its portal. An insurer with its contacts filled in,
// a seller of that insurer who sells a policy, paid for its first month; the client signs in and finds
// when the next premium is due and how much (once, beside the payment), how to pay, how to report a death
// and whom to call (the phone grouped as people read it), under its insurer's name, in the header and the
// browser tab, and without the staff's entries. English, Spanish, and a phone.

/** A message with its {placeholders} filled in. */
function t(message: string, values: Record<string, string | number> = {}): string {
  return message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}

/** A rich message as the page reads it: its <tags> dropped, their text kept. */
function plain(message: string): string {
  return message.replace(/<\/?\w+>/g, "");
}

/** How many times `text` occurs in `haystack`. */
function occurrences(haystack: string, text: string): number {
  return haystack.split(text).length - 1;
}

/** The text of a rich message's <link> tag. */
function linkText(message: string): string {
  return /<link>(.*?)<\/link>/.exec(message)![1];
}

type Setup = {
  company: { name: string; phone: string; phoneAsRead: string; email: string; address: string };
  seller: { name: string; email: string };
  client: { email: string; password: string };
  policy: { id: string; policy_number: string; final_price: string; currency: string; start_date: string };
};

/** The insurer, its seller, the client and its policy (paid for one month), through the API. */
async function seed(api: APIRequestContext, seller: APIRequestContext): Promise<Setup> {
  const company = {
    name: unique("Funerales La Paz"),
    phone: "+525512345678",
    // libphonenumber's international grouping of the Mexico City number above.
    phoneAsRead: "+52 55 1234 5678",
    email: `${unique("ayuda")}@lapaz.example`,
    address: "Av. Reforma 100, Ciudad de México",
  };
  const created = await api.post("/api/v1/organizations/companies", { data: { name: company.name } });
  expect(created.status(), await created.text()).toBe(201);
  const companyId = ((await created.json()) as { id: string }).id;
  const profile = await api.patch(`/api/v1/organizations/companies/${companyId}`, {
    data: { contact_phone: company.phone, contact_email: company.email, address: company.address },
  });
  expect(profile.status(), await profile.text()).toBe(200);

  const sellerUser = {
    name: "Sergio Vendedor",
    email: `${unique("vendedor")}@example.test`,
    password: "vende-2026-e2e",
  };
  const user = await api.post("/api/v1/auth/users", {
    data: {
      email: sellerUser.email,
      password: sellerUser.password,
      full_name: sellerUser.name,
      roles: ["VENDEDOR"],
      company_id: companyId,
    },
  });
  expect(user.status(), await user.text()).toBe(201);
  const login = await seller.post("/api/v1/auth/login", {
    data: { email: sellerUser.email, password: sellerUser.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const headers = { Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };

  const lastName = unique("Luna");
  const client = { email: `${lastName.toLowerCase()}@example.test`, password: "familia-portal-2026" };
  const registered = await seller.post("/api/v1/emission/clients", {
    headers,
    data: {
      first_name: "Marta",
      last_name: lastName,
      email: client.email,
      birth_date: bornYearsAgo(40),
      nationality: "MX",
      country_of_residence: "MX",
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const clientId = ((await registered.json()) as { id: string }).id;
  const products = (await (await seller.get("/api/v1/products/", { headers })).json()) as Array<{
    name: string;
    plans: Array<{ versions: Array<{ id: string }> }>;
  }>;
  const demo = products.find((product) => product.name === "Repatriation Cover");
  expect(demo, "the demo product").toBeTruthy();
  const issued = await seller.post("/api/v1/emission/issue", {
    headers,
    data: {
      client_id: clientId,
      plan_version_id: demo!.plans[0].versions[0].id,
      start_date: new Date().toISOString().slice(0, 10),
      beneficiaries: [
        { first_name: "Marta", last_name: lastName, kinship_type: "SELF", date_of_birth: bornYearsAgo(40) },
      ],
    },
  });
  expect(issued.status(), await issued.text()).toBe(201);
  const policy = (await issued.json()) as Setup["policy"];
  const paid = await api.post("/api/v1/payments/manual", {
    data: { policy_id: policy.id, amount: policy.final_price, reference: "first month (e2e)" },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  return { company, seller: { name: sellerUser.name, email: sellerUser.email }, client, policy };
}

/** The client's own account: registered with the policy's e-mail, confirmed, signed in on `page`. */
async function signUpClient(page: Page, client: Setup["client"]) {
  const registered = await page.request.post("/api/v1/auth/register", {
    data: { email: client.email, password: client.password, full_name: "Marta Luna" },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await page.goto(await linkFromOutbox(page.request, client.email, "auth.verify_email"));
  await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
  await expect(page.getByRole("status")).toContainText("is confirmed");
  await signInThroughPage(page, client);
  await expect(page).toHaveURL(/\/portal$/);
}

/** The side menu (or, on a phone, the top bar and its menu) as a client sees it. */
async function expectClientHeader(page: Page, setup: Setup, messages: typeof en) {
  const brand = page.getByRole("link", { name: setup.company.name, exact: true });
  await expect(brand).toBeVisible();
  await expect(brand).toHaveAttribute("href", "/portal");
  await expect(page.getByText(messages.app.name, { exact: true })).toHaveCount(0);
  // The browser tab names the insurer too, not the product.
  await expect(page).toHaveTitle(`${messages.portal.title} · ${setup.company.name}`);
  const menu = page.getByRole("navigation", { name: messages.nav.main });
  await expect(menu.getByRole("link", { name: messages.nav.apiDocs })).toHaveCount(0);
  await expect(menu.getByRole("link")).toHaveText([messages.nav.sections.portal.label]);
}

/** The policy card, the payment instructions and the contacts, in the page's language. */
async function expectFirstHour(page: Page, setup: Setup, messages: typeof en, locale: "en" | "es") {
  const { policy, company, seller } = setup;
  const card = page.getByRole("listitem", { name: policy.policy_number });
  const standing = card.locator(`dl[aria-label="${messages.lifecycle.portal.standing}"]`);
  const due = standing.locator(`dt:text-is("${messages.lifecycle.portal.due}") + dd`);
  // Paid for its first month: the next premium is due a month after the start, at the monthly price.
  const amount = formatMoney(policy.final_price, policy.currency, locale);
  const dueDate = formatDate(addMonths(policy.start_date, 1), locale);
  await expect(due).toHaveText(t(messages.lifecycle.portal.nextPremium, { amount, date: dueDate }));
  // Said once on the card: no second "next premium" among the policy's facts.
  await expect.poll(async () => occurrences(await card.innerText(), dueDate)).toBe(1);
  await expect.poll(async () => occurrences(await card.innerText(), amount)).toBe(1);
  // The test server takes no cards in the browser (no publishable key): the other ways to pay, and whom to ask.
  await expect(card).toContainText(plain(messages.lifecycle.portal.cardsOff));
  await card.getByRole("link", { name: linkText(messages.lifecycle.portal.cardsOff), exact: true }).click();
  const contacts = page.getByRole("region", { name: messages.portal.contacts.title });
  await expect(contacts).toBeInViewport();

  const adviser = contacts.getByRole("listitem", { name: seller.name });
  await expect(adviser).toContainText(messages.portal.contacts.adviser);
  await expect(
    adviser.getByRole("link", { name: t(messages.portal.contacts.write, { email: seller.email }) }),
  ).toHaveAttribute("href", `mailto:${seller.email}`);
  const insurer = contacts.getByRole("listitem", { name: company.name });
  await expect(insurer).toContainText(messages.portal.contacts.insurer);
  // Grouped for the eye; the link dials the stored E.164 number.
  await expect(
    insurer.getByRole("link", { name: t(messages.portal.contacts.call, { phone: company.phoneAsRead }) }),
  ).toHaveAttribute("href", `tel:${company.phone}`);
  await expect(insurer).not.toContainText(company.phone);
  await expect(
    insurer.getByRole("link", { name: t(messages.portal.contacts.write, { email: company.email }) }),
  ).toHaveAttribute("href", `mailto:${company.email}`);
  await expect(insurer).toContainText(company.address);

  // Reporting a death is one tap from the top of the page.
  const shortcuts = page.getByRole("navigation", { name: messages.portal.shortcuts.label });
  await shortcuts.getByRole("link", { name: messages.portal.report.title }).click();
  const report = page.getByRole("region", { name: messages.portal.report.title });
  await expect(report.getByRole("button", { name: messages.portal.report.open })).toBeInViewport();
  await expect(shortcuts.getByRole("link", { name: messages.portal.shortcuts.pay })).toHaveAttribute(
    "href",
    "#policies",
  );
}

test("a client's first hour: next premium, how to pay, reporting a death and whom to call, in English and Spanish, on a laptop and a phone", async ({
  browser,
  playwright,
}, testInfo) => {
  test.slow();
  const api = await adminApi(playwright, testInfo);
  const sellerApi = await playwright.request.newContext({
    baseURL: testInfo.project.use.baseURL,
    storageState: { cookies: [], origins: [] },
  });
  const setup = await seed(api, sellerApi);
  await Promise.all([api.dispose(), sellerApi.dispose()]);
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, locale: "en-US" });
  const page = await context.newPage();

  await test.step("the client signs up with the policy's e-mail and lands on its portal", async () => {
    await signUpClient(page, setup.client);
  });

  await test.step("in English: its insurer's name, no staff entries, the next premium, paying and the contacts", async () => {
    await expectClientHeader(page, setup, en);
    await expectFirstHour(page, setup, en, "en");
    await documentationScreenshot(page, testInfo, "portal-en.png");
  });

  await test.step("in Spanish: the same page in the client's language", async () => {
    await context.addCookies([
      { name: "NEXT_LOCALE", value: "es", url: testInfo.project.use.baseURL ?? "http://localhost:3210" },
    ]);
    await page.goto("/portal");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expectClientHeader(page, setup, es);
    await expectFirstHour(page, setup, es, "es");
    await documentationScreenshot(page, testInfo, "portal-es.png");
  });

  await test.step("on a phone (390 x 844): the top bar names the insurer, the menu has no staff entries, nothing overflows", async () => {
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      storageState: await context.storageState(),
    });
    const mobile = await phone.newPage();
    await mobile.goto("/portal");
    await expect(mobile.locator("html")).toHaveAttribute("lang", "es");
    // The top bar shows the insurer's name; the menu's entries sit behind its button.
    await expect(mobile.getByRole("link", { name: setup.company.name, exact: true })).toBeInViewport();
    await mobile.getByRole("button", { name: es.nav.menu }).click();
    await expectClientHeader(mobile, setup, es);
    await mobile.getByRole("button", { name: es.nav.close, exact: true }).click();
    // The shortcuts are on the first screen.
    const shortcuts = mobile.getByRole("navigation", { name: es.portal.shortcuts.label });
    await expect(shortcuts.getByRole("link", { name: es.portal.report.title })).toBeInViewport();
    await expectFirstHour(mobile, setup, es, "es");
    await expect
      .poll(() => mobile.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
      .toBeLessThanOrEqual(0);
    await documentationScreenshot(mobile, testInfo, "portal-phone-es.png");
    await phone.close();
  });
  await context.close();
});
