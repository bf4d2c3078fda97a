import { expect, test, type Page } from "@playwright/test";
import { tomorrowIn } from "../../lib/i18n/local-day";
import { ADMIN_STORAGE_STATE } from "../fixtures/paths";
import { unique } from "../fixtures/data";

// Issue 21 point 3, dates that are true: a birth date after today is a field error in the page's
// language (the API answers 422 date_in_future, lib/emission/__tests__/birth-dates.test.ts), and the
// issue form's default start, "tomorrow", is the browser's tomorrow, not UTC's.

/** The same calendar date a year from now: a birth date that cannot be true. */
function nextYear(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear() + 1, now.getUTCMonth(), 1)).toISOString().slice(0, 10);
}

type Words = {
  form: string;
  firstName: string;
  lastName: string;
  email: string;
  birthDate: string;
  nationality: string;
  country: string;
  submit: string;
  error: string;
};

const ENGLISH: Words = {
  form: "New client",
  firstName: "First name",
  lastName: "Last name",
  email: "E-mail",
  birthDate: "Birth date",
  nationality: "Nationality",
  country: "Country of residence",
  submit: "Register client",
  error: "Enter a date that is not after today.",
};

const SPANISH: Words = {
  form: "Cliente nuevo",
  firstName: "Nombre",
  lastName: "Apellido",
  email: "Correo electrónico",
  birthDate: "Fecha de nacimiento",
  nationality: "Nacionalidad",
  country: "País de residencia",
  submit: "Registrar cliente",
  error: "Escribe una fecha que no sea posterior a hoy.",
};

async function registerBornNextYear(page: Page, words: Words) {
  await page.goto("/clients");
  const form = page.getByRole("form", { name: words.form });
  const lastName = unique("Future");
  await form.getByLabel(words.firstName).fill("Nadie");
  await form.getByLabel(words.lastName).fill(lastName);
  await form.getByLabel(words.email).fill(`${lastName.toLowerCase()}@example.test`);
  await form.getByLabel(words.birthDate).fill(nextYear());
  await form.getByLabel(words.nationality).selectOption("MX");
  await form.getByLabel(words.country).selectOption("MX");
  await form.getByRole("button", { name: words.submit }).click();
  const birthDate = form.getByLabel(words.birthDate);
  await expect(birthDate).toHaveAttribute("aria-invalid", "true");
  // An inner locator of `has` is matched inside each .field, so it starts from the page.
  await expect(form.locator(".field", { has: page.getByLabel(words.birthDate) }).getByRole("alert")).toHaveText(
    words.error,
  );
  // The other fields were right: only the birth date is marked, and the form kept what was typed.
  await expect(form.locator('[aria-invalid="true"]')).toHaveCount(1);
  await expect(form.getByLabel(words.lastName)).toHaveValue(lastName);
}

test("a birth date after today is a field error, in English", async ({ page }) => {
  await registerBornNextYear(page, ENGLISH);
});

test("a birth date after today is a field error, in Spanish", async ({ browser }) => {
  const context = await browser.newContext({
    locale: "es-MX",
    timezoneId: "America/Mexico_City",
    storageState: ADMIN_STORAGE_STATE,
  });
  const page = await context.newPage();
  await registerBornNextYear(page, SPANISH);
  await context.close();
});

// Instants of today (UTC) when the zone's calendar is not UTC's: 03:00 UTC is still yesterday evening in
// Lima, 20:00 UTC already tomorrow morning in Tokyo. UTC's tomorrow would be a day off in both.
for (const { timeZone, utcHour } of [
  { timeZone: "America/Lima", utcHour: 3 },
  { timeZone: "Asia/Tokyo", utcHour: 20 },
]) {
  test(`the issue form starts tomorrow in the browser's time zone (${timeZone})`, async ({ browser }) => {
    const now = new Date();
    const instant = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), utcHour));
    const expected = tomorrowIn(timeZone, instant);
    expect(expected, "the zone's tomorrow differs from UTC's").not.toBe(tomorrowIn("UTC", instant));
    const context = await browser.newContext({
      locale: "en-US",
      timezoneId: timeZone,
      storageState: ADMIN_STORAGE_STATE,
    });
    const page = await context.newPage();
    await page.clock.setFixedTime(instant);
    await page.goto("/policies/new");
    await expect(page.getByLabel("Start date")).toHaveValue(expected);
    await context.close();
  });
}
