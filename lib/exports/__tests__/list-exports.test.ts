import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { clients, transactions } from "@/db/schema";
import { XLSX_STYLES } from "@/lib/exports/xlsx";
import { api, apiResponse } from "@/test/api";
import { createTestClient, createTestCompany, signInAs, type SignedIn } from "@/test/fixtures";
import { listWorld, type ListCase, type ListWorld } from "@/test/lists";
import { readXlsx, sheetRecords } from "@/test/xlsx-read";

// GET <list>?format=csv|xlsx on the eight lists (reports.md section 2): every matching row (paging
// parameters ignored) with the list's filters, scope and permissions, as CSV with a BOM or as XLSX, with
// the attachment's file name of today.

let world: ListWorld;
let cliente: SignedIn;
let otherSeller: SignedIn;
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  world = await listWorld();
  for (const item of world.cases) await item.seed(item.list === "policies" ? 2 : 5);
  cliente = await signInAs("CLIENTE");
  otherSeller = await signInAs("VENDEDOR", { companyId: (await createTestCompany()).id });
});

const item = (name: string) => world.cases.find((each) => each.list === name)!;

/** The ids the list answers as JSON, every page (limit 200 is more than any test's rows). */
async function listedIds(list: ListCase, token = list.reader.token): Promise<string[]> {
  const size = list.bare ? "limit=200" : "page_size=200";
  const response = await api("GET", `${list.path}?${[list.filter, size].filter(Boolean).join("&")}`, { token });
  expect(response.status, response.text).toBe(200);
  return (list.bare ? response.body : response.body.items).map((row: { id: string }) => row.id);
}

async function download(list: ListCase, format: "csv" | "xlsx", extra = "", token = list.reader.token) {
  const query = [list.filter, `format=${format}`, extra].filter(Boolean).join("&");
  const response = await apiResponse("GET", `${list.path}?${query}`, { token });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** RFC 4180 records of a CSV text (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        field += '"';
        at++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\r" && text[at + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      at++;
    } else field += char;
  }
  return records;
}

function csvRecords(bytes: Uint8Array) {
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = parseCsv(Buffer.from(bytes.slice(3)).toString("utf8"));
  return rows.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index]])));
}

describe.each(["clients", "policies", "transactions", "claims", "leads", "audit", "notifications", "users"])(
  "GET %s?format=",
  (name) => {
    it("answers every matching row as CSV, UTF-8 with a BOM, named <list>-<today>.csv, paging ignored", async () => {
      const expected = await listedIds(item(name));
      const paging = item(name).bare ? "limit=1&offset=1&cursor=ignored" : "page=2&page_size=1&cursor=ignored";
      const { response, bytes } = await download(item(name), "csv", paging);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${name}-${today()}.csv"`);
      const records = csvRecords(bytes);
      expect(records.map((record) => record.id).sort()).toEqual([...expected].sort());
      expect(records.length).toBeGreaterThanOrEqual(name === "policies" ? 3 : 5);
      expect(Object.keys(records[0])[0]).toBe("id");
    });

    it("answers the same rows as one XLSX sheet, named <list>-<today>.xlsx", async () => {
      const expected = await listedIds(item(name));
      const { response, bytes } = await download(item(name), "xlsx");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe(
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      );
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${name}-${today()}.xlsx"`);
      const records = sheetRecords(readXlsx(bytes).rows);
      expect(records.map((record) => record.id.value).sort()).toEqual([...expected].sort());
      // Claims show when they were reported; the others when they were created.
      const created = name === "claims" ? records[0].reported_at : records[0].created_at;
      expect(created).toMatchObject({ type: null, style: XLSX_STYLES.dateTime });
      expect(Number(created.value)).toBeGreaterThan(46_000);
    });
  },
);

describe("exports keep the list's scope and permissions", () => {
  it("gives a seller only its own company's rows", async () => {
    for (const name of ["clients", "policies", "transactions", "claims", "leads"]) {
      const { response, bytes } = await download(item(name), "csv", "", otherSeller.token);
      expect(response.status, name).toBe(200);
      const ids = csvRecords(bytes).map((record) => record.id);
      const ours = await listedIds(item(name));
      expect(
        ids.filter((id) => ours.includes(id)),
        name,
      ).toEqual([]);
    }
  });

  it("answers a seller or a CLIENTE the list's own 403 where the list refuses them", async () => {
    const refusals: Array<[string, SignedIn]> = [
      ["clients", cliente],
      ["transactions", cliente],
      ["leads", cliente],
      ["audit", world.seller],
      ["notifications", world.seller],
      ["users", world.seller],
    ];
    for (const [name, caller] of refusals) {
      const list = item(name);
      const page = await api("GET", list.path, { token: caller.token });
      expect(page.status, name).toBe(403);
      const { response, bytes } = await download(list, "csv", "", caller.token);
      expect(response.status, name).toBe(403);
      expect(JSON.parse(Buffer.from(bytes).toString("utf8"))).toEqual(page.body);
    }
  });

  it("gives a CLIENTE its own policies and claims only (none for a client with nothing)", async () => {
    for (const name of ["policies", "claims"]) {
      const { response, bytes } = await download(item(name), "csv", "", cliente.token);
      expect(response.status, name).toBe(200);
      expect(csvRecords(bytes)).toEqual([]);
    }
  });
});

describe("cell values", () => {
  it("writes a client's formula-like names guarded, accents intact, and an E.164 phone as it is", async () => {
    const made = await createTestClient(world.seller, { first_name: '=HYPERLINK("x")', last_name: 'Núñez, "Peña"' });
    const db = await getDb();
    await db
      .update(clients)
      .set({ phoneE164: "+5215512345678", acquisitionChannel: "@agency" })
      .where(eq(clients.id, made.id));
    const csv = csvRecords((await download(item("clients"), "csv")).bytes).find((record) => record.id === made.id)!;
    expect(csv).toMatchObject({
      first_name: `'=HYPERLINK("x")`,
      last_name: 'Núñez, "Peña"',
      phone_e164: "+5215512345678",
      acquisition_channel: "'@agency",
      birth_date: "1980-05-17",
    });
    const xlsx = sheetRecords(readXlsx((await download(item("clients"), "xlsx")).bytes).rows).find(
      (record) => record.id.value === made.id,
    )!;
    expect(xlsx.first_name).toMatchObject({ value: '=HYPERLINK("x")', style: XLSX_STYLES.quotePrefix });
    expect(xlsx.last_name).toMatchObject({ value: 'Núñez, "Peña"', style: 0 });
    expect(xlsx.phone_e164).toMatchObject({ type: "inlineStr", value: "+5215512345678", style: 0 });
    expect(xlsx.birth_date).toMatchObject({ type: null, value: "29358", style: XLSX_STYLES.date });
  });

  it("writes money as numbers (a refund's negative amount unguarded), and a policy's counts and dates", async () => {
    const db = await getDb();
    const [refund] = await db
      .insert(transactions)
      .values({ policyId: world.policy.id, kind: "REFUND", status: "PAID", amount: "-12.50", currency: "USD" })
      .returning({ id: transactions.id });
    const csv = csvRecords((await download(item("transactions"), "csv")).bytes).find((row) => row.id === refund.id)!;
    expect(csv).toMatchObject({ amount: "-12.50", kind: "REFUND", paid_at: "" });
    const xlsx = sheetRecords(readXlsx((await download(item("transactions"), "xlsx")).bytes).rows).find(
      (row) => row.id.value === refund.id,
    )!;
    expect(xlsx.amount).toMatchObject({ type: null, value: "-12.50", style: XLSX_STYLES.money });
    expect(xlsx.attempt_count).toMatchObject({ type: null });

    const policies = sheetRecords(readXlsx((await download(item("policies"), "xlsx")).bytes).rows);
    const policy = policies.find((row) => row.id.value === world.policy.id)!;
    expect(policy.final_price).toMatchObject({ type: null, value: "25.00", style: XLSX_STYLES.money });
    expect(policy.start_date).toMatchObject({ type: null, style: XLSX_STYLES.date });
    expect(policy.beneficiary_count).toMatchObject({ type: null, value: "1" });
    const csvPolicy = csvRecords((await download(item("policies"), "csv")).bytes).find(
      (row) => row.id === world.policy.id,
    )!;
    expect(csvPolicy).toMatchObject({ final_price: "25.00", beneficiary_count: "1" });
  });

  it("writes an audit entry's details as JSON text and a user's roles as their count", async () => {
    const audit = csvRecords((await download(item("audit"), "csv")).bytes);
    expect(JSON.parse(audit[0].details)).toEqual({ index: expect.any(Number) });
    const users = csvRecords((await download(item("users"), "csv")).bytes);
    const seller = users.find((row) => row.id === world.seller.user.id)!;
    expect(seller.roles).toBe("1");
    expect(Number(seller.permissions)).toBeGreaterThan(1);
  });
});
