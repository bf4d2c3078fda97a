import { expect, type Locator, type Page, type TestInfo } from "@playwright/test";
import { formatDate } from "../../lib/i18n/format";
import { monthEnd } from "../../lib/emission/premium-dates";
import { linkFromOutbox } from "../fixtures/accounts";
import { adminToken, signInThroughPage } from "../fixtures/data";
import { ADMIN_STORAGE_STATE } from "../fixtures/paths";
import { bornYearsAgo, fillBeneficiary, issuePolicyViaApi } from "../fixtures/emission";
import { activePolicyViaApi, test } from "../fixtures/payments";

// lifecycle.md section 10 end to end: on the policy page an administrator adds a life (the new premium
// shown by the dry run before it is confirmed) and cancels a policy inside its cooling-off period (the
// refund shown first); the client's portal shows until when a policy is covered once a premium is paid;
// the administration page runs the lifecycle for a day.

/** A screenshot of one section (a panel, a portal card), to look at in each language. */
async function shot(section: Locator, testInfo: TestInfo, name: string) {
  await section.screenshot({ path: testInfo.outputPath(`${name}.png`) });
}

const statusChip = (page: Page) => page.locator("header.page-header .badge");

test("an administrator adds a life: the new premium first, then the endorsement listed", async ({
  page,
  api,
}, testInfo) => {
  const policy = await activePolicyViaApi(api);
  await page.goto(`/policies/${policy.id}`);
  await expect(statusChip(page)).toHaveText("Active");
  const panel = page.getByRole("region", { name: "Changes of covered lives" });
  await expect(panel.getByRole("table", { name: "Endorsements of the policy" })).toContainText(
    "No change of lives yet.",
  );

  await panel.getByRole("button", { name: "Add or remove lives" }).click();
  const form = panel.getByRole("form", { name: "Change covered lives" });
  await form.getByRole("button", { name: "Add a life" }).click();
  await fillBeneficiary(page, 1, {
    firstName: "Sofía",
    lastName: policy.client.last_name,
    kinship: "Child",
    birth: bornYearsAgo(12),
  });
  await form.getByLabel("Reason for the change").fill("a daughter joins the policy");
  await form.getByRole("button", { name: "See the new premium" }).click();

  const preview = panel.getByRole("region", { name: "New premium" });
  await expect(preview.getByRole("status")).toContainText(
    `Monthly premium: ${policy.final_price} ${policy.currency} →`,
  );
  await expect(preview).toContainText("Adds Sofía");
  const after = (await preview.getByRole("status").locator("strong").textContent()) ?? "";
  expect(after).toMatch(/^\d+\.\d{2} USD$/);
  expect(Number(after.split(" ")[0])).toBeGreaterThan(Number(policy.final_price));
  await shot(panel, testInfo, "endorsement-preview-en");

  await preview.getByRole("button", { name: "Confirm the change" }).click();
  // The success banner, once the form (whose prices are outputs too) has closed.
  await expect(preview).toBeHidden();
  await expect(panel.getByRole("status")).toHaveText(`Change recorded; the monthly premium is now ${after}.`);
  const row = panel.getByRole("table", { name: "Endorsements of the policy" }).getByRole("row").nth(1);
  await expect(row).toContainText("Sofía");
  await expect(row).toContainText(`${policy.final_price} ${policy.currency} → ${after}`);
  await expect(page.getByRole("region", { name: "Summary" })).toContainText(after);
  await expect(page.getByRole("region", { name: "Beneficiaries" })).toContainText("Sofía");
  await shot(panel, testInfo, "endorsement-done-en");
  await shot(page.getByRole("region", { name: "Account" }), testInfo, "account-en");
  await shot(page.getByRole("region", { name: "Terms and renewal" }), testInfo, "terms-renewal-en");
});

test("an administrator cancels a policy in its cooling-off period: the refund first, then Cancelled", async ({
  page,
  api,
}, testInfo) => {
  const policy = await activePolicyViaApi(api);
  await page.goto(`/policies/${policy.id}`);
  const account = page.getByRole("region", { name: "Account" });
  await expect(account.getByRole("table", { name: "Account entries" })).toContainText("Payment received");
  const panel = page.getByRole("region", { name: "Cancellation", exact: true });
  await panel.getByRole("button", { name: "Cancel the policy" }).click();
  const form = panel.getByRole("form", { name: "Cancel the policy" });
  await form.getByLabel("Reason code").selectOption({ label: "Client's request" });
  await form.getByLabel("When").selectOption("NOW");
  await form.getByLabel("Reason", { exact: true }).fill("changed their mind within the month");
  await form.getByRole("button", { name: "See the refund" }).click();

  const preview = panel.getByRole("region", { name: "What the cancellation gives back" });
  await expect(preview.getByRole("status")).toHaveText(
    `Cancelling now refunds ${policy.final_price} ${policy.currency}.`,
  );
  // A dry run stores nothing.
  await expect(statusChip(page)).toHaveText("Active");
  await shot(panel, testInfo, "cancel-preview-en");

  await preview.getByRole("button", { name: "Confirm the cancellation" }).click();
  await expect(panel.getByRole("status")).toHaveText(
    `Policy cancelled; ${policy.final_price} ${policy.currency} is being refunded.`,
  );
  await expect(statusChip(page)).toHaveText("Cancelled");
  await expect(account.getByRole("table", { name: "Account entries" })).toContainText("Refund");
  await shot(panel, testInfo, "cancel-done-en");
});

test("the client's portal shows until when the policy is covered once a premium is paid", async ({
  browser,
  api,
}, testInfo) => {
  const policy = await issuePolicyViaApi(api);
  const password = "client-password-2026";
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const registered = await context.request.post("/api/v1/auth/register", {
    data: { email: policy.client.email, password, full_name: `Eva ${policy.client.last_name}` },
  });
  expect(registered.status()).toBe(201);
  const client = await context.newPage();
  await client.goto(await linkFromOutbox(context.request, policy.client.email, "auth.verify_email"));
  await client.getByRole("button", { name: "Confirm my e-mail address" }).click();
  await expect(client.getByRole("status")).toContainText("is confirmed");
  await signInThroughPage(client, { email: policy.client.email, password });

  const card = client.getByRole("listitem", { name: policy.policy_number });
  const facts = card.locator("dl[aria-label='Cover and payments']");
  const fact = (term: string) => facts.locator(`dt:text-is("${term}") + dd`);
  await expect(fact("Covered until")).toHaveText("Not paid yet");
  await expect(fact("Due")).toContainText(`${policy.final_price} ${policy.currency} due since`);
  // The test server takes no cards in the browser (no publishable key): the portal says so.
  await expect(card).toContainText("Card payments are not available here");
  await shot(card, testInfo, "portal-unpaid-en");

  const paid = await api.post("/api/v1/payments/manual", {
    headers: { Authorization: `Bearer ${await adminToken(api)}` },
    data: { policy_id: policy.id, amount: policy.final_price, reference: "e2e portal premium" },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  await client.reload();
  const today = new Date().toISOString().slice(0, 10);
  await expect(fact("Covered until")).toHaveText(formatDate(monthEnd(today, 1), "en"));
  await expect(fact("Due")).toContainText("Nothing due now");
  await shot(card, testInfo, "portal-paid-en");
  // The same card in Spanish, with the client's session.
  const spanish = await browser.newContext({
    locale: "es-MX",
    timezoneId: "America/Mexico_City",
    storageState: await context.storageState(),
  });
  const cliente = await spanish.newPage();
  await cliente.goto("/portal");
  const tarjeta = cliente.getByRole("listitem", { name: policy.policy_number });
  await expect(tarjeta).toContainText("Cubierta hasta");
  await shot(tarjeta, testInfo, "portal-paid-es");
  await spanish.close();

  await test.step("the client sees its refund before cancelling", async () => {
    await card.getByRole("button", { name: `Cancel policy ${policy.policy_number}` }).click();
    await card.getByLabel("Reason").fill("I found another insurer");
    await card.getByRole("button", { name: "See the refund" }).click();
    await expect(card.getByRole("region", { name: "What the cancellation gives back" })).toContainText(
      `Cancelling now refunds ${policy.final_price} ${policy.currency}.`,
    );
    await shot(card, testInfo, "portal-cancel-preview-en");
    await card.getByRole("button", { name: "Confirm the cancellation" }).click();
    await expect(card.getByRole("status")).toContainText("Policy cancelled");
    await expect(card).toContainText("Cancelled");
  });
  await context.close();
});

test("the administration page runs the lifecycle for today and shows what moved", async ({ page }, testInfo) => {
  await page.goto("/dashboard");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Policy lifecycle" }).click();
  await expect(page).toHaveURL(/\/lifecycle$/);
  const panel = page.getByRole("region", { name: "Run the lifecycle" });
  await expect(panel.getByLabel("Day")).toHaveValue(new Date().toISOString().slice(0, 10));
  await panel.getByRole("button", { name: "Run", exact: true }).click();
  const outcome = panel.getByRole("region", { name: "What moved" });
  await expect(outcome.getByRole("status")).toHaveText(
    `Lifecycle run for ${formatDate(new Date().toISOString().slice(0, 10), "en")}.`,
  );
  await expect(outcome).toContainText("Notices queued");
  await shot(panel, testInfo, "lifecycle-run-en");

  const importPanel = page.getByRole("region", { name: "Import a book of policies" });
  // One policy whose client and version are no ids, and a life born in the future: every bad cell listed.
  const header =
    "policy_number,client_id,plan_version_id,start_date,paid_to_date,premium,auto_renew,first_name,last_name,kinship_type,date_of_birth,country_of_residence,cover_start_date";
  const row = "BOOK-E2E-1,not-a-client,not-a-version,2025-01-01,,,,Ana,Book,SELF,2099-01-01,,";
  await importPanel.getByLabel("Spreadsheet").setInputFiles({
    name: "book.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`${header}\n${row}\n`),
  });
  await importPanel.getByRole("button", { name: "Import", exact: true }).click();
  const rowErrors = importPanel.getByRole("table", { name: "Rows to fix" });
  await expect(rowErrors.getByRole("row").filter({ hasText: "client_id" })).toContainText("2");
  await shot(importPanel, testInfo, "lifecycle-import-errors-en");
});

test("the lifecycle sections in Spanish", async ({ browser, api }, testInfo) => {
  const policy = await activePolicyViaApi(api);
  const context = await browser.newContext({
    locale: "es-MX",
    timezoneId: "America/Mexico_City",
    storageState: ADMIN_STORAGE_STATE,
  });
  const page = await context.newPage();
  await page.goto(`/policies/${policy.id}`);
  await expect(page.getByRole("region", { name: "Cuenta" })).toContainText("Pagada hasta");
  await shot(page.getByRole("region", { name: "Cuenta" }), testInfo, "account-es");
  await expect(page.getByRole("region", { name: "Vigencias y renovación" })).toContainText("Vista previa");
  await shot(page.getByRole("region", { name: "Vigencias y renovación" }), testInfo, "terms-renewal-es");
  const endorsements = page.getByRole("region", { name: "Cambios de asegurados" });
  await endorsements.getByRole("button", { name: "Agregar o quitar asegurados" }).click();
  await endorsements.getByRole("button", { name: "Agregar un asegurado" }).click();
  await shot(endorsements, testInfo, "endorsement-form-es");
  const cancellation = page.getByRole("region", { name: "Cancelación", exact: true });
  await cancellation.getByRole("button", { name: "Cancelar la póliza" }).click();
  await cancellation.getByLabel("Motivo", { exact: true }).fill("prueba");
  await cancellation.getByRole("button", { name: "Ver el reembolso" }).click();
  await expect(cancellation.getByRole("status")).toContainText("Cancelar ahora reembolsa");
  await shot(cancellation, testInfo, "cancel-preview-es");
  await page.goto("/lifecycle");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ciclo de vida de las pólizas");
  const run = page.getByRole("region", { name: "Ejecutar el ciclo de vida" });
  await run.getByRole("button", { name: "Ejecutar", exact: true }).click();
  await expect(run.getByRole("status")).toContainText("Ciclo de vida ejecutado");
  await shot(page.getByRole("main"), testInfo, "lifecycle-page-es");
  await context.close();
});
