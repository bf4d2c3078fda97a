import { beforeAll, describe, expect, it } from "vitest";
import { api } from "@/test/api";
import { listWorld, type ListCase, type ListWorld } from "@/test/lists";

// Cursor paging of the eight lists (reports.md section 3): a walk returns every row that existed when it
// began exactly once while rows are added between pages, in the stable order newest first; the last page
// has no next cursor (null, or no Next-Cursor header on a bare list); a cursor the service did not make,
// or one of another list, is 422; limit/offset and page/page_size keep working.

let world: ListWorld;

beforeAll(async () => {
  world = await listWorld();
  for (const item of world.cases) await item.seed(item.list === "policies" ? 3 : 7);
});

type Read = { ids: string[]; next: string | null; total?: number };

async function read(item: ListCase, query: string): Promise<Read> {
  const joined = [item.filter, query].filter(Boolean).join("&");
  const response = await api("GET", `${item.path}?${joined}`, { token: item.reader.token });
  expect(response.status, response.text).toBe(200);
  if (item.bare) {
    expect(Array.isArray(response.body)).toBe(true);
    return { ids: response.body.map((row: { id: string }) => row.id), next: response.headers.get("next-cursor") };
  }
  expect(response.body).toHaveProperty("next_cursor");
  return {
    ids: response.body.items.map((row: { id: string }) => row.id),
    next: response.body.next_cursor,
    total: response.body.total,
  };
}

const size = (item: ListCase, count: number) => (item.bare ? `limit=${count}` : `page_size=${count}`);

describe.each(["clients", "policies", "transactions", "claims", "leads", "audit", "notifications", "users"])(
  "GET %s by cursor",
  (name) => {
    const item = () => world.cases.find((each) => each.list === name)!;

    it("walks every row that existed when it began exactly once, newest first, while rows are added", async () => {
      const all = await read(item(), size(item(), 200));
      expect(all.next).toBeNull();
      expect(all.ids.length).toBeGreaterThanOrEqual(3);
      // Claims list overdue first without a cursor: their first page's cursor starts the walk over.
      const first = await read(item(), size(item(), 2));
      expect(first.next).toEqual(expect.any(String));
      const walked = name === "claims" ? [] : [...first.ids];
      let next = first.next;
      let pages = 0;
      while (next) {
        await item().seed(1);
        const page = await read(item(), `${size(item(), 2)}&cursor=${encodeURIComponent(next)}`);
        expect(page.ids.length).toBeLessThanOrEqual(2);
        walked.push(...page.ids);
        next = page.next;
        pages++;
      }
      expect(pages).toBeGreaterThan(0);
      expect(new Set(walked).size).toBe(walked.length);
      if (name === "claims") expect([...walked].sort()).toEqual([...all.ids].sort());
      else expect(walked).toEqual(all.ids);
    });

    it("answers no next cursor on the last page, also when it is exactly full", async () => {
      const all = await read(item(), size(item(), 200));
      const exact = await read(item(), size(item(), all.ids.length));
      expect(exact.ids).toHaveLength(all.ids.length);
      expect(exact.next).toBeNull();
      const first = await read(item(), size(item(), 1));
      expect(first.next).toEqual(expect.any(String));
    });

    it("keeps limit/offset or page/page_size", async () => {
      const all = await read(item(), size(item(), 200));
      const second = await read(item(), item().bare ? "limit=2&offset=2" : "page=2&page_size=2");
      if (name !== "claims") expect(second.ids).toEqual(all.ids.slice(2, 4));
      else expect(second.ids).toHaveLength(2);
      if (!item().bare) expect(second.total).toBe(all.ids.length);
    });

    it("refuses (422) a forged or tampered cursor, or another list's", async () => {
      const first = await read(item(), size(item(), 1));
      const [body, signature] = first.next!.split(".");
      const payload = Buffer.from(body, "base64url").toString();
      const other = world.cases.find((each) => each.list !== name)!;
      const otherCursor = (await read(other, size(other, 1))).next!;
      for (const cursor of [
        "not-a-cursor",
        `${Buffer.from(payload.replace(/\d(?=[^\d]*$)/, (digit) => String((Number(digit) + 1) % 10))).toString("base64url")}.${signature}`,
        `${Buffer.from(`${name}|start`).toString("base64url")}.${"A".repeat(22)}`,
        otherCursor,
      ]) {
        const response = await api("GET", `${item().path}?cursor=${encodeURIComponent(cursor)}`, {
          token: item().reader.token,
        });
        expect(response.status, cursor).toBe(422);
        expect(response.body).toMatchObject({ code: "validation_error" });
        expect(response.body.errors).toEqual([expect.objectContaining({ path: "cursor", code: "invalid_cursor" })]);
      }
    });
  },
);
