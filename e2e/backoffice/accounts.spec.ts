import { expect, test, type Browser, type Page } from "@playwright/test";
import { linkFromOutbox } from "../fixtures/accounts";
import { adminToken, createUserViaApi, signInThroughPage, unique } from "../fixtures/data";

// trust.md sections 1 and 2 through the pages: invitations, a forgotten password, an unverified client,
// and the pages in Spanish and English. The test server has no e-mail provider: every message is
// SKIPPED, and the administrator passes the link on (the users page shows it; GET /notifications too).

// These tests start signed out; each person gets a browser of their own.
test.use({ storageState: { cookies: [], origins: [] } });

async function signedOutPage(browser: Browser, options: Parameters<Browser["newContext"]>[0] = {}): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, ...options });
  return context.newPage();
}

/** Fills the set-password page that a reset or invitation link opens, and expects it saved. */
async function choosePassword(page: Page, url: string, password: string) {
  await page.goto(url);
  await expect(page.getByRole("heading", { level: 1, name: "Choose your password" })).toBeVisible();
  await page.getByLabel("New password").fill(password);
  await page.getByLabel("Repeat the password").fill(password);
  await page.getByRole("button", { name: "Save the password" }).click();
  await expect(page.getByRole("status")).toHaveText("Your password is saved. Sign in with it now.");
}

test("a new administrator invites a seller, who sets a password from the link and signs in", async ({
  browser,
  request,
}, testInfo) => {
  const admin = { email: `${unique("e2e-admin")}@example.test`, password: "e2e-admin-passphrase-2026" };
  const seller = { email: `${unique("e2e-invited")}@example.test`, password: "e2e-invited-passphrase-2026" };
  const created = await request.post("/api/v1/auth/users", {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: { ...admin, full_name: "Nueva Administradora", roles: ["ADMIN"] },
  });
  expect(created.status()).toBe(201);

  const adminPage = await signedOutPage(browser);
  let link = "";
  await test.step("the new administrator creates the seller without a password", async () => {
    await signInThroughPage(adminPage, admin);
    await adminPage.goto("/users");
    const form = adminPage.getByRole("form", { name: "Create a user" });
    await form.getByLabel("E-mail", { exact: true }).fill(seller.email);
    await form.getByLabel("Full name (optional)").fill("Sofía Vendedora");
    await form.getByLabel("Role", { exact: true }).selectOption("VENDEDOR");
    await form.getByRole("button", { name: "Create user" }).click();
    await expect(
      form.getByText(`Created ${seller.email}. An invitation to choose a password is on its way.`),
    ).toBeVisible();
    // No e-mail provider here: the page says so and shows the link to pass on.
    await expect(form.getByText(`The e-mail to ${seller.email} could not be sent`)).toBeVisible({ timeout: 15_000 });
    link = await form.getByLabel(`Link for ${seller.email}`).inputValue();
    expect(link).toMatch(/\/set-password\?token=[A-Za-z0-9_-]{43,}$/);
    await form.screenshot({ path: testInfo.outputPath("users-invitation-link-en.png") });
  });

  await test.step("the seller cannot sign in before choosing a password", async () => {
    const login = await request.post("/api/v1/auth/login", {
      data: { email: seller.email, password: seller.password },
    });
    expect(login.status()).toBe(401);
  });

  await test.step("the seller opens the link, chooses a password and signs in", async () => {
    const sellerPage = await signedOutPage(browser);
    await choosePassword(sellerPage, link, seller.password);
    await sellerPage.getByRole("link", { name: "Sign in" }).click();
    await signInThroughPage(sellerPage, seller);
    await expect(sellerPage).toHaveURL(/\/dashboard$/);
    await expect(
      sellerPage.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Policies", exact: true }),
    ).toBeVisible();
    // The link worked once.
    await sellerPage.goto(link);
    await sellerPage.getByLabel("New password").fill("another-passphrase-2027");
    await sellerPage.getByLabel("Repeat the password").fill("another-passphrase-2027");
    await sellerPage.getByRole("button", { name: "Save the password" }).click();
    await expect(sellerPage.getByRole("alert").filter({ hasText: "This link no longer works" })).toBeVisible();
  });

  await test.step("the users page sends a reset link from the seller's row, and shows it to pass on", async () => {
    const users = adminPage.getByRole("region", { name: "Users" });
    await users.getByLabel("Name or e-mail contains").fill(seller.email);
    const row = users.getByRole("row").filter({ hasText: seller.email });
    await expect(row).toHaveCount(1);
    await row.getByRole("button", { name: `Send a reset link to ${seller.email}` }).click();
    const resetLink = await users.getByLabel(`Link for ${seller.email}`).inputValue({ timeout: 15_000 });
    expect(resetLink).toMatch(/\/set-password\?token=/);
    expect(resetLink).not.toBe(link);
  });

  await test.step("the administrator takes the seller's role away from its row, after confirming", async () => {
    const users = adminPage.getByRole("region", { name: "Users" });
    const row = users.getByRole("row").filter({ hasText: seller.email });
    await row.getByRole("button", { name: `Remove the role VENDEDOR from ${seller.email}` }).click();
    await row.getByRole("button", { name: `Confirm: remove VENDEDOR from ${seller.email}` }).click();
    await expect(row.getByText("none", { exact: true })).toBeVisible();
    const profile = await request.get("/api/v1/auth/users", {
      headers: { Authorization: `Bearer ${await adminToken(request)}` },
      params: { email: seller.email },
    });
    expect((await profile.json()).items[0].roles).toEqual([]);
  });
});

test("a client who forgot the password resets it and signs in with the new one", async ({ browser, request }) => {
  const client = await createUserViaApi(request, ["CLIENTE"]);
  const page = await signedOutPage(browser);
  await page.goto("/sign-in");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("E-mail").fill(client.email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("status")).toContainText(
    `If an account uses ${client.email}, a link to choose a new password is on its way.`,
  );

  // The administrator reads the link that could not be e-mailed and passes it on.
  const link = await linkFromOutbox(request, client.email, "auth.password_reset");
  const newPassword = "a-new-client-passphrase-2026";
  await choosePassword(page, link, newPassword);

  const oldLogin = await request.post("/api/v1/auth/login", {
    data: { email: client.email, password: client.password },
  });
  expect(oldLogin.status()).toBe(401);
  await page.getByRole("link", { name: "Sign in" }).click();
  await signInThroughPage(page, { email: client.email, password: newPassword });
  await expect(page).toHaveURL(/\/portal$/);
});

test("an unverified self-registered client is asked to confirm the e-mail, and sees the portal once it has", async ({
  browser,
  request,
}) => {
  const email = `${unique("e2e-self")}@example.test`;
  const password = "self-registered-passphrase-2026";
  const page = await signedOutPage(browser);
  const registered = await page.request.post("/api/v1/auth/register", {
    data: { email, password, full_name: "Lucía Cliente" },
  });
  expect(registered.status()).toBe(201);
  await signInThroughPage(page, { email, password });
  await expect(page).toHaveURL(/\/portal$/);

  const notice = page.getByRole("region", { name: "Confirm your e-mail address" });
  await expect(notice).toContainText(`We sent a link to ${email}.`);
  await expect(page.getByRole("region", { name: "My policies" })).toHaveCount(0);
  await notice.getByRole("button", { name: "Send the link again" }).click();
  await expect(notice.getByRole("status")).toHaveText(
    `A new link is on its way to ${email}. Earlier links no longer work.`,
  );

  const link = await linkFromOutbox(request, email, "auth.verify_email");
  await page.goto(link);
  await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
  await expect(page.getByRole("status")).toHaveText(`Your e-mail address ${email} is confirmed.`);
  await page.getByRole("link", { name: "Go to my cover" }).click();
  await expect(page).toHaveURL(/\/portal$/);
  // Verified: the portal looks the client record up (none has this e-mail yet).
  await expect(page.getByRole("region", { name: "No policy found yet" })).toBeVisible();
});

test("the pages follow the visitor's language: Spanish, English, the cookie first", async ({ browser }, testInfo) => {
  const spanish = await signedOutPage(browser, { locale: "es-MX" });
  await spanish.goto("/forgot-password");
  await expect(spanish.locator("html")).toHaveAttribute("lang", "es");
  await expect(spanish.getByRole("heading", { level: 1 })).toHaveText("¿Olvidaste tu contraseña?");
  await spanish.getByRole("button", { name: "Enviar el enlace" }).click();
  await expect(spanish.getByText("escribe tu correo electrónico")).toBeVisible();
  await spanish.screenshot({ path: testInfo.outputPath("forgot-password-es.png"), fullPage: true });
  await spanish.goto("/sign-in");
  await expect(spanish.getByRole("link", { name: "¿Olvidaste tu contraseña?" })).toBeVisible();
  await spanish.screenshot({ path: testInfo.outputPath("sign-in-es.png"), fullPage: true });

  const english = await signedOutPage(browser, { locale: "en-US" });
  await english.goto("/forgot-password");
  await expect(english.locator("html")).toHaveAttribute("lang", "en");
  await expect(english.getByRole("heading", { level: 1 })).toHaveText("Forgot your password?");
  await english.screenshot({ path: testInfo.outputPath("forgot-password-en.png"), fullPage: true });

  // Accept-Language by q-values: French is not offered, English is next.
  const french = await signedOutPage(browser, { extraHTTPHeaders: { "Accept-Language": "fr-FR, en;q=0.8" } });
  await french.goto("/set-password");
  await expect(french.locator("html")).toHaveAttribute("lang", "en");
  await expect(
    french.getByRole("alert").filter({ hasText: "This page needs the link from your e-mail." }),
  ).toBeVisible();

  // The NEXT_LOCALE cookie wins over the browser's language.
  const chosen = await signedOutPage(browser, { locale: "en-US" });
  await chosen
    .context()
    .addCookies([{ name: "NEXT_LOCALE", value: "es", url: testInfo.project.use.baseURL ?? "http://localhost:3210" }]);
  await chosen.goto("/verify-email");
  await expect(chosen.locator("html")).toHaveAttribute("lang", "es");
  await expect(chosen.getByRole("heading", { level: 1 })).toHaveText("Confirma tu correo electrónico");
  await chosen.screenshot({ path: testInfo.outputPath("verify-email-es.png"), fullPage: true });
});

test("an unverified client's portal in Spanish", async ({ browser }, testInfo) => {
  const email = `${unique("e2e-es")}@example.test`;
  const password = "cliente-sin-verificar-2026";
  const page = await signedOutPage(browser, { locale: "es-MX" });
  expect((await page.request.post("/api/v1/auth/register", { data: { email, password } })).status()).toBe(201);
  await page.goto("/sign-in");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page).toHaveURL(/\/portal$/, { timeout: 30_000 });
  const notice = page.getByRole("region", { name: "Confirma tu correo electrónico" });
  await expect(notice).toContainText(`Enviamos un enlace a ${email}.`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Te damos la bienvenida, ${email}`);
  await page.screenshot({ path: testInfo.outputPath("portal-unverified-es.png"), fullPage: true });
});
