import { expect, test, type Locator } from "@playwright/test";
import en from "../../messages/en";
import { registerClientThroughPortal } from "../fixtures/accounts";
import { activePolicyViaApi, adminApi } from "../fixtures/claims";
import { unique } from "../fixtures/data";

// Issue 21, point 2, on more forms: the lead's score, the portal's death report, the knowledge library
// and the geography page. A failed submit shows the summary at the form's top naming the field in the
// catalog's words, and the invalid field takes the focus.

const m = en;

/** A message with its {placeholders} filled in. */
function t(message: string, values: Record<string, string | number> = {}): string {
  return message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}

/** The summary's title for one field: the "one" branch of the catalog's ICU plural. */
const ONE_FIELD = /one \{([^}]*)\}/.exec(m.validation.summary)![1];

/** The summary of `scope` names `field` with `message`, and the field has the focus. */
async function expectSummaryOn(scope: Locator, control: Locator, field: string, message: string) {
  const summary = scope.getByRole("alert", { name: ONE_FIELD });
  await expect(summary).toBeVisible();
  await expect(summary.getByRole("link", { name: t(m.validation.summaryLink, { field, message }) })).toBeVisible();
  await expect(control).toBeFocused();
  await expect(control).toHaveAttribute("aria-invalid", "true");
}

function uniquePhone(): string {
  // A Mexico City number (+52 55 and eight digits): every such number is valid (libphonenumber).
  return `+5255${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
}

test("a lead's score that is not whole: the summary names the score, which takes the focus", async ({
  page,
  playwright,
}, testInfo) => {
  const visitor = await playwright.request.newContext({
    baseURL: testInfo.project.use.baseURL,
    storageState: { cookies: [], origins: [] },
  });
  const created = await visitor.post("/api/v1/leads/", {
    data: { phone_e164: uniquePhone(), first_name: unique("Score"), last_name: "Ramírez" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await visitor.dispose();

  await page.goto(`/leads/${id}`);
  const score = page.getByLabel(m.leads.score.label, { exact: true });
  await score.fill("1.5");
  await page.getByRole("button", { name: m.leads.score.submit }).click();
  const form = page.locator("form", { has: score });
  await expectSummaryOn(form, score, m.leads.score.label, m.validation.not_an_integer);
  await expect(page.getByRole("main")).not.toContainText("expected int");
});

test("a death report without the country where it happened: the summary names it, which takes the focus", async ({
  browser,
  playwright,
}, testInfo) => {
  test.slow();
  const api = await adminApi(playwright, testInfo);
  const policy = await activePolicyViaApi(api);
  await api.dispose();
  const parent = policy.beneficiaries.find((person) => person.first_name === "Ramón")!;
  const password = "familia-portal-2026";
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, locale: "en-US" });
  const page = await context.newPage();

  await test.step("the client registers with the policy's e-mail, confirms it and signs in", async () => {
    await registerClientThroughPortal(context, page, policy.client, password);
  });

  const report = page.getByRole("region", { name: m.portal.report.title });
  await report.getByRole("button", { name: m.portal.report.open }).click();
  const form = page.getByRole("form", { name: m.portal.report.formLabel });
  await form.getByLabel(m.portal.report.person).selectOption(parent.id);
  await form.getByLabel(m.portal.report.what).fill("He died visiting Houston; he is at the hospital.");
  // The country list has loaded (the select is disabled until then); no country is chosen.
  const place = form.getByLabel(m.portal.report.place, { exact: true });
  await expect(place).toBeEnabled();
  await form.getByRole("button", { name: m.portal.report.submit }).click();
  await expectSummaryOn(form, place, m.portal.report.place, m.validation.required);
  await context.close();
});

test("a text whose metadata is not JSON: the summary says so in the library's words, and the field takes the focus", async ({
  page,
}) => {
  await page.goto("/knowledge");
  const form = page.getByRole("form", { name: m.knowledge.form.text.formLabel });
  await form.getByLabel(m.knowledge.form.title, { exact: true }).fill(unique("Wording"));
  await form.getByLabel(m.knowledge.form.text.content, { exact: true }).fill("The repatriation procedure.");
  const metadata = form.getByLabel(m.knowledge.form.metadata, { exact: true });
  await metadata.fill("not json");
  await form.getByLabel(m.knowledge.form.company, { exact: true }).selectOption({ label: "Default company" });
  await form.getByRole("button", { name: m.knowledge.form.text.submit }).click();

  const summary = form.getByRole("alert", { name: ONE_FIELD });
  await expect(summary).toBeVisible();
  // The message quotes an example in ICU's '{…}', which the page shows without the quotes: its start will do.
  const link = summary.getByRole("link", { name: `${m.knowledge.form.metadata}: ` });
  await expect(link).toContainText(m.knowledge.form.errors.metadataNotJson.split(",")[0]);
  await expect(metadata).toBeFocused();
  await expect(metadata).toHaveAttribute("aria-invalid", "true");
});

test("a zone without a name, then a country not chosen: each form's summary names its field, which takes the focus", async ({
  page,
}) => {
  await page.goto("/geography");
  const zoneForm = page.getByRole("form", { name: m.geography.createZone.title });
  const name = zoneForm.getByLabel(m.geography.createZone.name, { exact: true });
  await zoneForm.getByRole("button", { name: m.geography.createZone.submit }).click();
  await expectSummaryOn(zoneForm, name, m.geography.createZone.name, m.validation.required);

  const zoneName = unique("E2E Zone");
  await name.fill(zoneName);
  await zoneForm.getByRole("button", { name: m.geography.createZone.submit }).click();
  await expect(zoneForm.getByRole("status")).toHaveText(t(m.geography.createZone.created, { name: zoneName }));
  await expect(zoneForm.getByRole("alert", { name: ONE_FIELD })).toHaveCount(0);

  const card = page.getByRole("listitem", { name: zoneName });
  const label = t(m.geography.link.label, { zone: zoneName });
  await card.getByRole("button", { name: m.geography.link.submit }).click();
  await expectSummaryOn(card, card.getByLabel(label, { exact: true }), label, m.validation.required);
});
