import { expect, test } from "@playwright/test";
import { createUserViaApi } from "../fixtures/data";

// localisation.md section 1: the language switch sets the NEXT_LOCALE cookie and, signed in, the saved
// locale, which then wins over the browser's language and the cookie on every device.

test("the switch turns the pages Spanish, and the saved language follows the user to another browser", async ({
  browser,
}) => {
  const api = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const user = await createUserViaApi(api.request, ["VENDEDOR"]);
  await api.close();

  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, locale: "en-US" });
  const page = await context.newPage();
  await page.goto("/sign-in");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  // On the sign-in page the switch only sets the cookie.
  await page.getByLabel("Language").selectOption("es");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("button", { name: "Iniciar sesión" })).toBeVisible();
  expect((await context.cookies()).find((cookie) => cookie.name === "NEXT_LOCALE")?.value).toBe("es");

  await page.getByLabel("Correo electrónico").fill(user.email);
  await page.getByLabel("Contraseña").fill(user.password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Te damos la bienvenida/);

  // Signed in, English is saved to the profile as well as the cookie.
  await page.getByLabel("Idioma").selectOption("en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Welcome/);
  const profile = await page.request.get("/api/v1/auth/me");
  expect(((await profile.json()) as { locale: string | null }).locale).toBe("en");

  // Another browser, in Spanish and without the cookie: the saved English wins once signed in.
  const other = await browser.newContext({ storageState: { cookies: [], origins: [] }, locale: "es-MX" });
  const second = await other.newPage();
  await second.goto("/sign-in");
  await expect(second.locator("html")).toHaveAttribute("lang", "es");
  await second.getByLabel("Correo electrónico").fill(user.email);
  await second.getByLabel("Contraseña").fill(user.password);
  await second.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(second).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await expect(second.locator("html")).toHaveAttribute("lang", "en");
  await expect(second.getByRole("heading", { level: 1 })).toHaveText(/^Welcome/);
  await other.close();
  await context.close();
});
