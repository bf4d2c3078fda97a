import { expect, test, type Browser, type Page } from "@playwright/test";
import es from "../../messages/es";
import { NOT_IN_KNOWLEDGE } from "../../lib/knowledge/answer-language";
import { adminToken, createUserViaApi, signInThroughPage, unique } from "../fixtures/data";

// Issue 21, point 11: the assistant's page as a new seller finds it. Opened afresh, it hydrates without
// an error (its conversation id was made twice, on the server and in the browser); a quoted answer keeps
// its line breaks; a source shows the passage of the document the question matched, not the document's
// opening; a question in Spanish is answered in Spanish, on an English page and on a Spanish one, also
// when the documents do not cover it. The test server runs without a model: answers quote the documents.

// No administrator's cookie: the API calls below sign in with tokens (a cookie would make them cross-site).
test.use({ storageState: { cookies: [], origins: [] } });

const PHONE = { width: 390, height: 844 };
const FOOTBALL_ES = "¿Qué equipo de fútbol ganó la liga en 1987?";
/** What React and Next.js say of a page whose server HTML and first browser render differ. */
const HYDRATION_ERROR = /hydrat|Minified React error #(418|423|425)|did(n't| not) match/i;

/** The hydration errors (console errors and uncaught ones) the page reports from now on. */
function hydrationErrorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && HYDRATION_ERROR.test(message.text())) errors.push(message.text());
  });
  page.on("pageerror", (error) => {
    if (HYDRATION_ERROR.test(`${error.name} ${error.message}`)) errors.push(error.message);
  });
  return errors;
}

/**
 * Types the question and sends it. Before the page has hydrated, typing does not enable the button
 * (React resets the box to its state), so typing is retried until it does: the page then runs.
 */
async function ask(page: Page, labels: { question: string; ask: string }, question: string) {
  const box = page.getByLabel(labels.question);
  const button = page.getByRole("button", { name: labels.ask, exact: true });
  await expect(async () => {
    await box.fill(question);
    await expect(button).toBeEnabled({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await button.click();
}

/** The page does not scroll sideways: nothing is wider than the window. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.window);
}

async function newSellerPage(browser: Browser, locale: string): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, locale });
  return context.newPage();
}

test("the assistant hydrates cleanly, keeps line breaks, cites the matched passage and answers Spanish in Spanish", async ({
  browser,
  request,
}, testInfo) => {
  // A seller of its own (no saved language, so each browser's language decides the page's), made in the
  // administrator's company, and a document of that company whose answer is far from its opening.
  const seller = await createUserViaApi(request, ["VENDEDOR"]);
  const admin = { Authorization: `Bearer ${await adminToken(request)}` };
  const me = await request.get("/api/v1/auth/me", { headers: admin });
  expect(me.status()).toBe(200);
  const { company_id: companyId } = (await me.json()) as { company_id: string };

  const plan = unique("plan").replace(/[^a-z0-9]/gi, "");
  const title = `Cremation rider ${plan}`;
  const opening =
    "General conditions. This plan is offered by the insurer to families in every country where it operates.";
  const answerSentence = `The ${plan} plan covers cremation after a waiting period of 90 days, urn included.`;
  const spanishSentence = `El plan ${plan} cubre la cremación tras un periodo de espera de 90 días, con la urna.`;
  // More than a passage's 400 characters before the answer, so a passage that shows it cannot start at the opening.
  const content = [
    opening,
    "The policyholder signs the application and answers the health questions truthfully.",
    "Premiums are paid monthly by card or bank transfer, and a receipt is sent by e-mail after each payment.",
    "Disputes are settled by the courts of the policyholder's place of residence.",
    "A change of address is notified to the insurer in writing within fifteen days.",
    "",
    answerSentence,
    spanishSentence,
  ].join("\n");
  const created = await request.post("/api/v1/ai/knowledge", {
    headers: admin,
    data: { title, content, company_id: companyId },
  });
  expect(created.status(), await created.text()).toBe(201);

  await test.step("in English: no hydration error, the answer's lines kept, the matched passage cited", async () => {
    const page = await newSellerPage(browser, "en-US");
    await signInThroughPage(page, seller);
    const hydrationErrors = hydrationErrorsOf(page);
    // A full load of the page, so that it is rendered on the server and hydrated in the browser.
    await page.goto("/chat");
    await expect(page.getByRole("heading", { level: 1, name: "Assistant" })).toBeVisible();
    await ask(
      page,
      { question: "Your question", ask: "Ask" },
      `What is the waiting period of the ${plan} plan for cremation?`,
    );

    const answer = page.getByLabel("Answer", { exact: true }).first();
    await expect(answer).toContainText(answerSentence);
    await expect(answer).not.toHaveAttribute("aria-busy", "true");
    // The quoted answer is its lead ("From <title>:") and one quoted sentence a line, shown as lines.
    const lines = (await answer.evaluate((element) => (element as HTMLElement).innerText)).split("\n");
    expect(lines[0]).toMatch(/^From .*:$/);
    expect(lines).toContain(answerSentence);

    const source = page.getByRole("list", { name: "Sources" }).first().getByRole("listitem").filter({ hasText: title });
    await expect(source).toContainText(answerSentence);
    await expect(source).not.toContainText(opening);

    await test.step("a Spanish question on the English page is answered in Spanish", async () => {
      await ask(page, { question: "Your question", ask: "Ask" }, FOOTBALL_ES);
      const spanish = page.getByLabel("Answer", { exact: true }).nth(1);
      await expect(spanish).toHaveText(NOT_IN_KNOWLEDGE.es);
      await expect(spanish).toHaveAttribute("lang", "es");
    });
    expect(hydrationErrors).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath("chat-first-hour-en.png"), fullPage: true });
    await page.context().close();
  });

  await test.step("in Spanish, on a phone: no hydration error, and a Spanish no-answer", async () => {
    const page = await newSellerPage(browser, "es-MX");
    await page.setViewportSize(PHONE);
    await page.goto("/sign-in");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await page.getByLabel(es.signIn.email).fill(seller.email);
    await page.getByLabel(es.signIn.password).fill(seller.password);
    await page.getByRole("button", { name: es.signIn.submit }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });

    const hydrationErrors = hydrationErrorsOf(page);
    await page.goto("/chat");
    await expect(page.getByRole("heading", { level: 1, name: es.knowledge.chat.pageTitle })).toBeVisible();
    await ask(page, { question: es.knowledge.chat.question, ask: es.knowledge.chat.ask }, FOOTBALL_ES);
    const answer = page.getByLabel(es.knowledge.chat.answer, { exact: true }).first();
    await expect(answer).toHaveText(NOT_IN_KNOWLEDGE.es);
    await expect(answer).not.toHaveAttribute("aria-busy", "true");
    // The answer is in the page's language: nothing to mark.
    await expect(answer).not.toHaveAttribute("lang", /./);

    // Line breaks and the passage in Spanish: the quoted answer leads with "Según <title>:".
    await ask(
      page,
      { question: es.knowledge.chat.question, ask: es.knowledge.chat.ask },
      `¿Cuál es el periodo de espera del plan ${plan} para la cremación?`,
    );
    const quoted = page.getByLabel(es.knowledge.chat.answer, { exact: true }).nth(1);
    await expect(quoted).toContainText(spanishSentence);
    await expect(quoted).not.toHaveAttribute("aria-busy", "true");
    const lines = (await quoted.evaluate((element) => (element as HTMLElement).innerText)).split("\n");
    expect(lines[0]).toMatch(/^Según .*:$/);
    expect(lines).toContain(spanishSentence);
    const source = page
      .getByRole("list", { name: es.knowledge.chat.sources })
      .first()
      .getByRole("listitem")
      .filter({ hasText: title });
    await expect(source).toContainText(spanishSentence);
    await expect(source).not.toContainText(opening);

    expect(hydrationErrors).toEqual([]);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath("chat-first-hour-es-phone.png"), fullPage: true });
    await page.context().close();
  });
});
