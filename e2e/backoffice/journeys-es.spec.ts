import { expect, test, type Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import es from "../../messages/es";
import { linkFromOutbox } from "../fixtures/accounts";
import { activePolicyViaApi, adminApi, markDeceasedViaApi } from "../fixtures/claims";
import { SELLER, unique } from "../fixtures/data";
import { bornYearsAgo, chooseDemoVersion } from "../fixtures/emission";

// localisation.md, the main journeys as a person in Mexico sees them (a browser in es-MX, Mexico City's
// time zone): a seller signs in, quotes and issues; the client confirms its e-mail, signs in and
// downloads a certificate written in Spanish; the claims desk moves a claim. Every text is the Spanish
// catalog's. The rest of the suite is the same journeys in English.

test.use({ locale: "es-MX", timezoneId: "America/Mexico_City" });

/** A Spanish message with its {placeholders} filled in. */
function t(message: string, values: Record<string, string | number> = {}): string {
  return message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}

async function signInInSpanish(page: Page, credentials: { email: string; password: string }) {
  await page.goto("/sign-in");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await page.getByLabel(es.signIn.email).fill(credentials.email);
  await page.getByLabel(es.signIn.password).fill(credentials.password);
  await page.getByRole("button", { name: es.signIn.submit }).click();
  await expect(page).toHaveURL(/\/(dashboard|portal)$/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 1, name: /^Te damos la bienvenida/ })).toBeVisible();
}

test("a seller quotes and issues in Spanish, and the client downloads a Spanish certificate", async ({ browser }) => {
  test.slow();
  const lastName = unique("Ramírez");
  const email = `${lastName.toLowerCase().replace("í", "i")}@example.test`;
  const seller = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage();
  let policyNumber = "";
  let policyId = "";

  await test.step("the seller signs in and quotes a person of 40 in Mexico", async () => {
    await signInInSpanish(seller, SELLER);
    await seller
      .getByRole("navigation", { name: es.nav.main })
      .getByRole("link", { name: es.nav.sections.quote.label })
      .click();
    await seller.getByLabel(es.quote.choice.product, { exact: true }).selectOption({ label: "Repatriation Cover" });
    await expect(seller.getByLabel(es.quote.choice.version, { exact: true }).locator("option:checked")).toContainText(
      "2026.1",
    );
    const country = seller.getByLabel(es.quote.choice.country, { exact: true });
    await expect(country.locator('option[value="MX"]')).toHaveText(/México/);
    await country.selectOption("MX");
    await seller.getByLabel(t(es.quote.people.age, { number: 1 })).fill("40");
    await expect(seller.getByRole("status", { name: t(es.quote.people.price, { number: 1 }) })).toHaveText("25.00 USD");
    await expect(seller.getByRole("main")).toContainText("al mes");
  });

  await test.step("registers the client and issues the policy, priced as it is typed", async () => {
    await seller.goto("/clients");
    const form = seller.getByRole("form", { name: es.clients.form.label });
    await form.getByLabel(es.clients.form.firstName).fill("Lucía");
    await form.getByLabel(es.clients.form.lastName).fill(lastName);
    await form.getByLabel(es.clients.form.email).fill(email);
    await form.getByLabel(es.clients.form.birthDate).fill(bornYearsAgo(40));
    await form.getByLabel(es.clients.form.nationality).selectOption("MX");
    await form.getByLabel(es.clients.form.country).selectOption("MX");
    await form.getByRole("button", { name: es.clients.form.submit }).click();
    await expect(form.getByRole("status")).toHaveText(t(es.clients.form.registered, { name: `Lucía ${lastName}` }));

    await seller.goto("/policies/new");
    await seller.getByLabel(es.clients.picker.find).fill(lastName.slice(0, 12));
    await seller
      .getByRole("button", { name: t(es.clients.picker.choose, { name: `Lucía ${lastName}`, email }) })
      .click();
    await chooseDemoVersion(seller, {
      product: es.policies.versionPicker.product,
      plan: es.policies.versionPicker.plan,
      version: es.policies.versionPicker.version,
    });
    const row = seller.getByRole("group", { name: t(es.policies.beneficiary.legend, { number: 1 }) });
    await row.getByLabel(es.policies.beneficiary.firstName).fill("Lucía");
    await row.getByLabel(es.policies.beneficiary.lastName).fill(lastName);
    await row.getByLabel(es.policies.beneficiary.kinship).selectOption({ label: es.codes.kinship.SELF });
    await row.getByLabel(es.policies.beneficiary.birth).fill(bornYearsAgo(40));
    await expect(row.getByRole("status", { name: t(es.policies.beneficiary.priceLabel, { number: 1 }) })).toHaveText(
      "25.00 USD",
    );
    await seller.getByRole("button", { name: es.policies.issue.submit }).click();
    await expect(seller).toHaveURL(/\/policies\/[0-9a-f-]{36}$/);
    policyId = new URL(seller.url()).pathname.split("/").pop() ?? "";
    await expect(seller.getByRole("heading", { level: 1 })).toHaveText(/^POL-\d{4}-\d{6}$/);
    policyNumber = (await seller.getByRole("heading", { level: 1 }).textContent()) ?? "";
    await expect(seller.getByText(es.codes.policyStatus.PENDING_PAYMENT).first()).toBeVisible();
    await seller.context().close();
  });

  await test.step("the client confirms its e-mail, signs in and downloads its certificate in Spanish", async () => {
    const clientContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const admin = await clientContext.request.post("/api/v1/auth/login", {
      data: { email: "admin@demo.local", password: "demo-admin-2026" },
    });
    const { access_token: token } = (await admin.json()) as { access_token: string };
    // The first premium, paid in cash at the branch, makes the policy ACTIVE.
    const activated = await clientContext.request.post("/api/v1/payments/manual", {
      headers: { Authorization: `Bearer ${token}` },
      data: { policy_id: policyId, amount: "25.00", reference: "pagado en efectivo" },
    });
    expect(activated.status(), await activated.text()).toBe(201);
    const password = "client-password-2026";
    const registered = await clientContext.request.post("/api/v1/auth/register", {
      data: { email, password, full_name: `Lucía ${lastName}` },
    });
    expect(registered.status()).toBe(201);

    const client = await clientContext.newPage();
    await client.goto(await linkFromOutbox(clientContext.request, email, "auth.verify_email"));
    await client.getByRole("button", { name: es.verifyEmail.submit }).click();
    await expect(client.getByRole("status")).toContainText(email);
    await signInInSpanish(client, { email, password });
    const card = client.getByRole("listitem", { name: policyNumber });
    await expect(card).toContainText(es.codes.policyStatus.ACTIVE);
    const [download] = await Promise.all([
      client.waitForEvent("download"),
      card.getByRole("link", { name: t(es.policies.certificate.downloadLabel, { number: policyNumber }) }).click(),
    ]);
    const { readFile } = await import("node:fs/promises");
    const pdf = await getDocumentProxy(new Uint8Array(await readFile(await download.path())));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain(policyNumber);
    expect(text).toContain("Vigente");
    expect(text).toContain("Titular");
    expect(text).toMatch(/\b\d{2}\/\d{2}\/\d{4}\b/);
    expect(text).not.toContain("Active");
    await expect(client.getByRole("region", { name: es.portal.claims.title })).toContainText(es.portal.claims.empty);
    await clientContext.close();
  });
});

test("the claims desk in Spanish: the queue, the claim and a move", async ({ page, playwright }, testInfo) => {
  const api = await adminApi(playwright, testInfo);
  const policy = await activePolicyViaApi(api);
  const person = policy.beneficiaries[1];
  await markDeceasedViaApi(api, person.id);
  await api.dispose();

  await page.goto("/claims");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  const row = page
    .getByRole("table", { name: es.claims.queue.table })
    .getByRole("row")
    .filter({ hasText: `${person.first_name} ${person.last_name}` });
  await expect(row).toContainText(es.codes.claimStatus.PENDING);
  await row
    .getByRole("link", { name: t(es.claims.queue.openClaimOf, { name: `${person.first_name} ${person.last_name}` }) })
    .click();
  const form = page.getByRole("form", { name: es.claims.move.label });
  await form.getByLabel(es.nav.ui.move.newStatus).selectOption("IN_REVIEW");
  await form.getByLabel(es.nav.ui.move.reason).fill("se recibió el acta de defunción");
  await form.getByRole("button", { name: es.nav.ui.move.submit }).click();
  await expect(form.getByRole("status")).toHaveText(
    t(es.nav.ui.move.moved, { status: es.codes.claimStatus.IN_REVIEW.toLowerCase() }),
  );
});
