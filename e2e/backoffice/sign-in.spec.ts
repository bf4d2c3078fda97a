import { expect, test } from "@playwright/test";
import { createUserViaApi, SELLER, signInThroughPage, unique } from "../fixtures/data";

// These tests start signed out.
test.use({ storageState: { cookies: [], origins: [] } });

test("a signed-out visitor is sent to the sign-in page", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto("/");
  await expect(page).toHaveURL(/\/sign-in/);
});

test("wrong credentials show the service's message", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(`${unique("nobody")}@example.test`);
  await page.getByLabel("Password").fill("not-a-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("form", { name: "Sign in" }).getByRole("alert")).toHaveText(
    "incorrect e-mail or password",
  );
  await expect(page).toHaveURL(/\/sign-in$/);
});

test("an empty form is refused before it is sent", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("enter your e-mail")).toBeVisible();
  await expect(page.getByText("enter your password")).toBeVisible();
});

test("after five failures the page shows the throttling message", async ({ page, request }) => {
  const user = await createUserViaApi(request);
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(user.email);
  for (let attempt = 1; attempt <= 5; attempt++) {
    await page.getByLabel("Password").fill(`wrong-password-${attempt}`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("form", { name: "Sign in" }).getByRole("alert")).toHaveText(
      "incorrect e-mail or password",
    );
  }
  // Even the right password is refused while the e-mail is throttled.
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("form", { name: "Sign in" }).getByRole("alert")).toContainText(
    "too many failed sign-in attempts",
  );
});

test("the menu follows the user's permissions", async ({ page }) => {
  await signInThroughPage(page, SELLER);
  const menu = page.getByRole("navigation", { name: "Main" });
  await expect(menu.getByRole("link", { name: "Dashboard", exact: true })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Geography" })).toBeVisible();
  for (const hidden of ["Users & roles", "Audit log", "Companies"])
    await expect(menu.getByRole("link", { name: hidden })).toHaveCount(0);
  await expect(page.getByText("VENDEDOR", { exact: true })).toBeVisible();

  // A page the roles do not cover explains itself instead of failing.
  await page.goto("/audit");
  await expect(page.getByRole("heading", { name: "Not available" })).toBeVisible();
  // Geography is readable, but a seller cannot create zones.
  await page.goto("/geography");
  await expect(page.getByRole("table", { name: "Countries" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Create zone" })).toHaveCount(0);
});

test("a callbackUrl brings the person back to where they were going", async ({ page }) => {
  await page.goto("/sign-in?callbackUrl=%2Fgeography");
  await page.getByLabel("E-mail").fill(SELLER.email);
  await page.getByLabel("Password").fill(SELLER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/geography$/);
});

// The open redirect: a tab or line break after the first slash, which browsers drop, made
// "/\t/evil.test" a way to "//evil.test"; a line break made the page fail (500).
const OFF_SITE_CALLBACKS = [
  "/%09/evil.test",
  "/%0a/evil.test",
  "/%0d/evil.test",
  "//evil.test",
  "/%5Cevil.test",
  "/.//evil.test",
  "https://evil.test/",
];

test("a callbackUrl off the site is ignored: signing in lands on the dashboard", async ({ page, baseURL }) => {
  // Were the browser sent there, the test would see it rather than a DNS failure.
  await page.context().route(
    (url) => url.hostname === "evil.test",
    (route) => route.fulfill({ status: 200, body: "evil" }),
  );
  for (const callback of OFF_SITE_CALLBACKS) {
    await page.context().clearCookies();
    const response = await page.goto(`/sign-in?callbackUrl=${callback}`);
    expect(response?.status(), callback).toBe(200);
    await page.getByLabel("E-mail").fill(SELLER.email);
    await page.getByLabel("Password").fill(SELLER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page, callback).toHaveURL(`${baseURL}/dashboard`);
  }
  // Signed in already, the page sends the person on at once, to the same safe place.
  for (const callback of OFF_SITE_CALLBACKS) {
    const response = await page.goto(`/sign-in?callbackUrl=${callback}`);
    expect(response?.status(), callback).toBe(200);
    await expect(page, callback).toHaveURL(`${baseURL}/dashboard`);
  }
});
