import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import en from "../../messages/en";
import es from "../../messages/es";
import { adminApi } from "../fixtures/claims";
import { unique } from "../fixtures/data";
import { bornYearsAgo } from "../fixtures/emission";

// Issue 21, point 4: a search finds people whatever the accents and letter case (docs/reports.md
// section 3). A client, a user and a lead named "Ramírez" are each found by typing "RAMIREZ" and "ramirez"
// on their list page, in English and in Spanish. Each name also carries a word of this run's own, typed
// after "ramirez", so that other runs' Ramírez never crowd the answer.

type Messages = typeof en;

const PHONE_WIDTH = { width: 390, height: 844 };

/** People named Ramírez, seeded through the API as the administrator; `word` sets them apart. */
async function seedRamirez(api: APIRequestContext) {
  const word = unique("x").replace(/-/g, "");
  const lastName = `Ramírez ${word}`;
  const client = await api.post("/api/v1/emission/clients", {
    data: {
      first_name: "Zoé",
      last_name: lastName,
      email: `${word}@example.test`,
      birth_date: bornYearsAgo(40),
      nationality: "MX",
      country_of_residence: "MX",
    },
  });
  expect(client.status(), await client.text()).toBe(201);
  const userEmail = `user-${word}@example.test`;
  const user = await api.post("/api/v1/auth/users", {
    data: { email: userEmail, password: "e2e-password-2026", full_name: `Ana ${lastName}`, roles: ["VENDEDOR"] },
  });
  expect(user.status(), await user.text()).toBe(201);
  const lead = await api.post("/api/v1/leads/", {
    data: {
      phone_e164: `+5255${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
      first_name: "Lucía",
      last_name: lastName,
    },
  });
  expect(lead.status(), await lead.text()).toBe(201);
  return { word, lastName, userEmail };
}

/** The search, typed as a person without accents would: in capitals, then in lower case. */
const typings = (word: string) => [`RAMIREZ ${word.toUpperCase()}`, `ramirez ${word}`];

/**
 * Types `text` in the search box and waits for the list's API to answer that very text as `q` (the page
 * passes it unchanged), so that what is checked next is this search's answer, not the previous one's.
 */
async function search(page: Page, box: string, apiPath: string, text: string) {
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === apiPath && url.searchParams.get("q") === text && response.status() === 200;
  });
  await page.getByRole("searchbox", { name: box, exact: true }).fill(text);
  await answered;
}

async function expectOnlyRow(page: Page, table: string, text: string) {
  const rows = page.getByRole("table", { name: table, exact: true }).getByRole("row");
  // The header row and the one match.
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(text);
}

for (const [locale, t] of [
  ["en-US", en],
  ["es-MX", es],
] as Array<[string, Messages]>) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale, timezoneId: locale === "es-MX" ? "America/Mexico_City" : "UTC" });

    test('"ramirez" finds a client, a user and a lead named Ramírez', async ({ page, playwright }, testInfo) => {
      test.slow();
      const api = await adminApi(playwright, testInfo);
      const { word, lastName, userEmail } = await seedRamirez(api);
      await api.dispose();

      await test.step("the clients page", async () => {
        await page.goto("/clients");
        await expect(page.locator("html")).toHaveAttribute("lang", locale.slice(0, 2));
        for (const typed of typings(word)) {
          await search(page, t.clients.list.search, "/api/v1/emission/clients", typed);
          await expectOnlyRow(page, t.clients.list.label, `Zoé ${lastName}`);
        }
      });

      await test.step("the users page", async () => {
        await page.goto("/users");
        for (const typed of typings(word)) {
          await search(page, t.users.list.search, "/api/v1/auth/users", typed);
          await expectOnlyRow(page, t.users.list.table, userEmail);
        }
        await expect(page.getByRole("table", { name: t.users.list.table, exact: true })).toContainText(
          `Ana ${lastName}`,
        );
      });

      await test.step("the leads board", async () => {
        await page.goto("/leads");
        const fresh = page.getByRole("region", { name: `${t.codes.leadStage.NEW} 1`, exact: true });
        for (const typed of typings(word)) {
          await search(page, t.leads.board.search, "/api/v1/leads/", typed);
          // The column's count says the one card; the card's link is the lead's name.
          await expect(fresh).toBeVisible();
          await expect(fresh.getByRole("link", { name: `Lucía ${lastName}`, exact: true })).toBeVisible();
        }
      });

      await test.step("the leads board's search at a phone's width", async () => {
        await page.setViewportSize(PHONE_WIDTH);
        await page.goto("/leads");
        await expect(page.getByRole("searchbox", { name: t.leads.board.search, exact: true })).toBeVisible();
        await search(page, t.leads.board.search, "/api/v1/leads/", `ramirez ${word}`);
        await expect(page.getByRole("region", { name: `${t.codes.leadStage.NEW} 1`, exact: true })).toBeVisible();
        const widths = await page.evaluate(() => ({
          page: document.documentElement.scrollWidth,
          window: window.innerWidth,
        }));
        expect(widths.page).toBeLessThanOrEqual(widths.window);
      });
    });
  });
}
