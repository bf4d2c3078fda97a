import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { clients } from "@/db/schema";
import { api } from "@/test/api";
import {
  createTestClient,
  createTestCompany,
  issueTestPolicy,
  signInAs,
  uniqueEmail,
  type SignedIn,
} from "@/test/fixtures";

// Cursor paging of GET /emission/clients and /emission/policies (reports.md section 3): a walk returns every
// row that existed when it began exactly once while rows are inserted between pages, next_cursor is null on
// the last page, a cursor the service did not make is 422, and page/page_size keep working.

let seller: SignedIn;
let companyId: string;
const before: string[] = [];

type Page = {
  items: Array<{ id: string }>;
  total: number;
  page: number;
  page_size: number;
  next_cursor: string | null;
};

async function page(path: string, query: string): Promise<Page> {
  const response = await api("GET", `${path}?${query}`, { token: seller.token });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

/** Walks a list by cursor, calling `between` after every page; the ids in the order they came. */
async function walk(path: string, pageSize: number, between: () => Promise<void>): Promise<string[]> {
  const ids: string[] = [];
  let next: Page = await page(path, `page_size=${pageSize}`);
  for (;;) {
    expect(next.items.length).toBeLessThanOrEqual(pageSize);
    ids.push(...next.items.map((item) => item.id));
    if (next.next_cursor === null) return ids;
    await between();
    next = await page(path, `page_size=${pageSize}&cursor=${encodeURIComponent(next.next_cursor)}`);
  }
}

beforeAll(async () => {
  const company = await createTestCompany();
  companyId = company.id;
  seller = await signInAs("VENDEDOR", { companyId });
  for (let index = 0; index < 5; index++) before.push((await createTestClient(seller)).id);
  // Three clients created in the same microsecond: only the id tells them apart in the walk.
  const db = await getDb();
  const same = await db
    .insert(clients)
    .values(
      [1, 2, 3].map((n) => ({
        firstName: "Tie",
        lastName: `Break ${n}`,
        email: uniqueEmail(`tie${n}`),
        birthDate: "1980-01-01",
        nationality: "MX",
        countryOfResidence: "MX",
        companyId,
        // now() is the statement's transaction time, to the microsecond: the same for the three rows.
        createdAt: sql`now() - interval '1 hour' + interval '1 microsecond'`,
      })),
    )
    .returning({ id: clients.id });
  before.push(...same.map((row) => row.id));
});

describe("GET /api/v1/emission/clients by cursor", () => {
  it("walks every client that existed when the walk began exactly once, while clients are added between pages", async () => {
    const added: string[] = [];
    const ids = await walk("/api/v1/emission/clients", 3, async () => {
      added.push((await createTestClient(seller)).id);
    });
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => before.includes(id)).sort()).toEqual([...before].sort());
    expect(added).toHaveLength(Math.ceil(before.length / 3) - 1);
    // The order of the walk is the list's own: newest first, then id.
    const whole = await page("/api/v1/emission/clients", "page_size=200");
    expect(ids).toEqual(whole.items.map((item) => item.id).filter((id) => ids.includes(id)));
  });

  it("answers next_cursor null on the last page, also when it is exactly full", async () => {
    const { total } = await page("/api/v1/emission/clients", "page_size=1");
    const whole = await page("/api/v1/emission/clients", `page_size=${total}`);
    expect(whole.items).toHaveLength(total);
    expect(whole.next_cursor).toBeNull();
    const first = await page("/api/v1/emission/clients", `page_size=${total - 2}`);
    expect(first.next_cursor).toEqual(expect.any(String));
    const last = await page("/api/v1/emission/clients", `page_size=2&cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect(last.items.map((item) => item.id)).toEqual(whole.items.slice(total - 2).map((item) => item.id));
    expect(last.next_cursor).toBeNull();
    expect(last.total).toBe(total);
  });

  it("keeps page/page_size working, each page with the cursor of what follows it", async () => {
    const whole = await page("/api/v1/emission/clients", "page_size=200");
    const second = await page("/api/v1/emission/clients", "page=2&page_size=2");
    expect(second).toMatchObject({ page: 2, page_size: 2, total: whole.total });
    expect(second.items.map((item) => item.id)).toEqual(whole.items.slice(2, 4).map((item) => item.id));
    const third = await page(
      "/api/v1/emission/clients",
      `page_size=2&cursor=${encodeURIComponent(second.next_cursor!)}`,
    );
    expect(third.items.map((item) => item.id)).toEqual(whole.items.slice(4, 6).map((item) => item.id));
  });

  it("refuses (422) a cursor it did not make: forged, tampered with, or another list's", async () => {
    const first = await page("/api/v1/emission/clients", "page_size=1");
    const [body, signature] = first.next_cursor!.split(".");
    const payload = Buffer.from(body, "base64url").toString();
    const tampered = Buffer.from(payload.replace(/\|(\d{4})-/, (_, year) => `|${Number(year) + 1}-`)).toString(
      "base64url",
    );
    const forged = Buffer.from(`clients|2099-01-01T00:00:00.000000Z|${before[0]}`).toString("base64url");
    const policiesCursor = (await page("/api/v1/emission/policies", "page_size=1")).next_cursor;
    for (const cursor of [
      "abc",
      `${forged}.${signature}`,
      `${tampered}.${signature}`,
      `${body}.${signature.slice(0, -2)}AA`,
      `${body}`,
      policiesCursor ?? `${Buffer.from("policies|start").toString("base64url")}.${signature}`,
    ]) {
      const response = await api("GET", `/api/v1/emission/clients?cursor=${encodeURIComponent(cursor)}`, {
        token: seller.token,
      });
      expect(response.status, cursor).toBe(422);
      expect(response.body.errors).toEqual([expect.objectContaining({ path: "cursor", code: "invalid_cursor" })]);
    }
  });
});

describe("GET /api/v1/emission/policies by cursor", () => {
  it("walks every policy exactly once while policies are issued between pages, next_cursor null at the end", async () => {
    const versionId = (await issueTestPolicy(seller)).versionId;
    for (let index = 0; index < 3; index++) await issueTestPolicy(seller, { versionId });
    const existing = (await page("/api/v1/emission/policies", "page_size=200")).items.map((item) => item.id);
    expect(existing).toHaveLength(4);
    const ids = await walk("/api/v1/emission/policies", 1, async () => {
      await issueTestPolicy(seller, { versionId });
    });
    expect(ids).toEqual(existing);
    const first = await page("/api/v1/emission/policies", "page_size=3");
    expect(first.next_cursor).toEqual(expect.any(String));
    expect(first.total).toBe(7);
  });
});
