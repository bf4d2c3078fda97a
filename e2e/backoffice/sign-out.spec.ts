import { expect, test } from "@playwright/test";
import { createUserViaApi, signInThroughPage } from "../fixtures/data";

// Each test signs in its own fresh user: signing out everywhere as the shared administrator would end
// the session that every other back-office test uses.
test.use({ storageState: { cookies: [], origins: [] } });

test("sign out everywhere returns to the sign-in page and the old cookie stops working", async ({
  page,
  browser,
  request,
}) => {
  const user = await createUserViaApi(request, ["ADMIN"]);
  await signInThroughPage(page, user);
  const oldCookies = await page.context().cookies();
  expect(oldCookies.some((cookie) => cookie.name.includes("next-auth.session-token"))).toBe(true);

  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  // A browser that still holds the old cookie (another device, a copied cookie) is signed out too.
  const other = await browser.newContext();
  await other.addCookies(oldCookies);
  const otherPage = await other.newPage();
  await otherPage.goto("/dashboard");
  await expect(otherPage).toHaveURL(/\/sign-in/);
  const api = await otherPage.request.get("/api/v1/auth/me");
  expect(api.status()).toBe(401);
  await other.close();
});

test("sign out ends this browser's session", async ({ page, browser, request }) => {
  const user = await createUserViaApi(request);
  await signInThroughPage(page, user);
  const oldCookies = await page.context().cookies();
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/sign-in/);

  // The session behind the cookie was revoked, not just the cookie deleted.
  const other = await browser.newContext();
  await other.addCookies(oldCookies);
  const otherPage = await other.newPage();
  await otherPage.goto("/dashboard");
  await expect(otherPage).toHaveURL(/\/sign-in/);
  await other.close();
});
