import { readFile } from "node:fs/promises";
import { expect, test, type Download, type Page } from "@playwright/test";
import en from "../../messages/en";

// reports.md section 2 on the pages: each list page of the back office has "Download CSV" and
// "Download Excel", links to the list's endpoint with the page's filters and `format`, which the
// session cookie authorises. The file is named <list>-<today in UTC>.<ext>; the CSV starts with the
// UTF-8 byte-order mark and the header row of the JSON field names; the Excel file is a workbook (a
// zip archive, "PK").

const t = en.nav.ui.download;

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

async function bytesOf(download: Download): Promise<Buffer> {
  return readFile((await download.path())!);
}

async function download(page: Page, name: string): Promise<Download> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).click()]);
  return file;
}

async function expectCsv(page: Page, list: string, fields: string[]) {
  const csv = await download(page, t.csv);
  expect(csv.suggestedFilename()).toBe(`${list}-${today()}.csv`);
  const bytes = await bytesOf(csv);
  // The byte-order mark, so Excel reads the accents.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const header = bytes.toString("utf8").slice(1).split(/\r?\n/)[0].split(",");
  for (const field of fields) expect(header).toContain(field);
}

async function expectXlsx(page: Page, list: string) {
  const xlsx = await download(page, t.xlsx);
  expect(xlsx.suggestedFilename()).toBe(`${list}-${today()}.xlsx`);
  expect((await bytesOf(xlsx)).subarray(0, 2).toString("latin1")).toBe("PK");
}

test("the policies and clients pages download their lists as CSV and Excel", async ({ page }) => {
  await test.step("policies, filtered by status: the filter goes with the file", async () => {
    await page.goto("/policies");
    await page.getByLabel("Status").selectOption("ACTIVE");
    const href = await page.getByRole("link", { name: t.csv }).getAttribute("href");
    expect(href).toMatch(/^\/api\/v1\/emission\/policies\?/);
    const query = new URLSearchParams(href!.split("?")[1]);
    expect(query.get("status")).toBe("ACTIVE");
    expect(query.get("format")).toBe("csv");
    // Every matching row, not the page on show.
    expect(query.has("page")).toBe(false);
    expect(query.has("page_size")).toBe(false);
    await expectCsv(page, "policies", ["policy_number", "status"]);
    await expectXlsx(page, "policies");
  });

  await test.step("clients", async () => {
    await page.goto("/clients");
    await expectCsv(page, "clients", ["first_name", "last_name", "email"]);
    await expectXlsx(page, "clients");
  });
});

test("every other list page offers both files of its own list", async ({ page }) => {
  const pages: Array<{ path: string; api: string }> = [
    { path: "/payments", api: "/api/v1/payments/transactions?" },
    { path: "/claims", api: "/api/v1/claims/?" },
    { path: "/leads", api: "/api/v1/leads/?" },
    { path: "/audit", api: "/api/v1/audit/?" },
    { path: "/users", api: "/api/v1/auth/users?" },
  ];
  for (const { path, api } of pages) {
    await page.goto(path);
    for (const [name, format] of [
      [t.csv, "csv"],
      [t.xlsx, "xlsx"],
    ] as const) {
      const href = await page.getByRole("link", { name }).first().getAttribute("href");
      expect(href, path).toContain(api);
      expect(new URLSearchParams(href!.split("?")[1]).get("format"), path).toBe(format);
    }
  }
  // A policy's page lists the notices sent to its client: their file is that client's notices.
  const policies = await page.request.get("/api/v1/emission/policies?page_size=1");
  const [policy] = ((await policies.json()) as { items: Array<{ id: string }> }).items;
  await page.goto(`/policies/${policy.id}`);
  const notices = page.getByRole("region", { name: en.payments.notifications.title });
  const href = await notices.getByRole("link", { name: t.csv }).getAttribute("href");
  expect(href).toMatch(/^\/api\/v1\/notifications\?recipient=[^&]+&format=csv$/);
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    notices.getByRole("link", { name: t.xlsx }).click(),
  ]);
  expect(file.suggestedFilename()).toBe(`notifications-${today()}.xlsx`);
  // The claims queue opens on PENDING: the file holds the pending claims, as the table does.
  await page.goto("/claims");
  const claims = await download(page, t.csv);
  expect(claims.suggestedFilename()).toBe(`claims-${today()}.csv`);
  expect((await bytesOf(claims)).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
});
