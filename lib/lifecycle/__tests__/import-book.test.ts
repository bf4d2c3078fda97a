import { count, eq, inArray } from "drizzle-orm";
import { readSheet } from "read-excel-file/node";
import writeXlsxFile from "write-excel-file/node";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as downloadTemplate } from "@/app/api/v1/emission/policies/import/template/route";
import { getDb } from "@/db";
import { beneficiaries, policies, policyStatusHistory } from "@/db/schema";
import { todayUtc } from "@/lib/emission/dates";
import { IMPORT_COLUMNS, MAX_IMPORT_BYTES } from "@/lib/lifecycle/import/book-rows";
import { api } from "@/test/api";
import { createSellableVersion, createTestClient, dateFromToday, signInAs, type SignedIn } from "@/test/fixtures";

// POST /api/v1/emission/policies/import/bulk and GET .../template (lifecycle.md section 9): a book from a
// spreadsheet, one row per life grouped by policy_number, imported whole or not at all.

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const today = todayUtc();

let admin: SignedIn;
let versionId: string;
let clientId: string;
let otherClientId: string;

beforeAll(async () => {
  admin = await signInAs("ADMIN");
  versionId = (await createSellableVersion()).version.id;
  clientId = (await createTestClient(admin)).id;
  otherClientId = (await createTestClient(admin)).id;
});

type Row = Partial<Record<(typeof IMPORT_COLUMNS)[number], string>>;

/** A row of one life: the policy's columns, then the life's (a SELF born in 1985 by default). */
function row(overrides: Row = {}): Row {
  return {
    client_id: clientId,
    plan_version_id: versionId,
    start_date: dateFromToday(-100),
    first_name: "Ana",
    last_name: "Pérez",
    kinship_type: "SELF",
    date_of_birth: "1985-03-01",
    ...overrides,
  };
}

const csvOf = (rows: Row[]) =>
  [
    IMPORT_COLUMNS.join(","),
    ...rows.map((cells) => IMPORT_COLUMNS.map((column) => cells[column] ?? "").join(",")),
  ].join("\n");

function upload(file: { name: string; bytes: Uint8Array | string }, token = admin.token) {
  const form = new FormData();
  form.set("file", new Blob([typeof file.bytes === "string" ? file.bytes : Buffer.from(file.bytes)]), file.name);
  return api("POST", "/api/v1/emission/policies/import/bulk", { token, rawBody: form });
}

async function policiesNumbered(numbers: string[]) {
  const db = await getDb();
  return db.select().from(policies).where(inArray(policies.policyNumber, numbers));
}

async function tableCounts() {
  const db = await getDb();
  const [p] = await db.select({ n: count() }).from(policies);
  const [b] = await db.select({ n: count() }).from(beneficiaries);
  const [h] = await db.select({ n: count() }).from(policyStatusHistory);
  return [p.n, b.n, h.n];
}

describe("a good file", () => {
  it("imports every policy: lives grouped by policy_number, each in its status", async () => {
    const tag = Date.now();
    const [a, b] = [`BK-${tag}-A`, `BK-${tag}-B`];
    const response = await upload({
      name: "book.csv",
      bytes: csvOf([
        row({ policy_number: a, paid_to_date: dateFromToday(10), premium: "40.00", auto_renew: "FALSE" }),
        row({ policy_number: b, client_id: otherClientId, paid_to_date: dateFromToday(-40) }),
        row({
          policy_number: a,
          paid_to_date: dateFromToday(10),
          premium: "40.00",
          auto_renew: "FALSE",
          first_name: "Luis",
          kinship_type: "SPOUSE",
          date_of_birth: "1983-07-02",
          cover_start_date: dateFromToday(-50),
        }),
        // A row without a number is a policy of its own, with a new number.
        row({ client_id: otherClientId }),
      ]),
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toEqual({ imported: 3 });

    const stored = await policiesNumbered([a, b]);
    const first = stored.find((policy) => policy.policyNumber === a)!;
    const second = stored.find((policy) => policy.policyNumber === b)!;
    expect(first).toMatchObject({ status: "ACTIVE", finalPrice: "40.00", autoRenew: false, clientId });
    expect(second).toMatchObject({ status: "LAPSED", lapsedOn: dateFromToday(-9), clientId: otherClientId });
    const db = await getDb();
    const lives = await db.select().from(beneficiaries).where(eq(beneficiaries.policyId, first.id));
    expect(lives.map((life) => [life.firstName, life.price, life.coverStartDate]).sort()).toEqual([
      ["Ana", "20.00", dateFromToday(-100)],
      ["Luis", "20.00", dateFromToday(-50)],
    ]);
    const history = await db.select().from(policyStatusHistory).where(eq(policyStatusHistory.policyId, second.id));
    expect(history.map((move) => move.toStatus).sort()).toEqual(["ACTIVE", "IN_ARREARS", "LAPSED"]);
    const unnumbered = await db.select().from(policies).where(eq(policies.clientId, otherClientId));
    expect(unnumbered.map((policy) => policy.policyNumber)).toContainEqual(
      expect.stringMatching(new RegExp(`^POL-${today.slice(0, 4)}-\\d{6}$`)),
    );
  });

  it("reads an .xlsx as the .csv", async () => {
    const number = `BK-${Date.now()}-X`;
    const cells = row({ policy_number: number, paid_to_date: today });
    const sheet = [[...IMPORT_COLUMNS], IMPORT_COLUMNS.map((column) => cells[column] ?? null)];
    const bytes = new Uint8Array(await writeXlsxFile(sheet).toBuffer());
    const response = await upload({ name: "book.xlsx", bytes });
    expect(response.status, response.text).toBe(201);
    expect((await policiesNumbered([number]))[0].status).toBe("ACTIVE");
  });
});

describe("a file with bad rows", () => {
  it("stores nothing and lists every bad row", async () => {
    const tag = Date.now();
    const taken = `BK-${tag}-T`;
    expect((await upload({ name: "book.csv", bytes: csvOf([row({ policy_number: taken })]) })).status).toBe(201);
    const before = await tableCounts();
    const good = `BK-${tag}-G`;
    const response = await upload({
      name: "book.csv",
      bytes: csvOf([
        row({ policy_number: good }),
        row({ policy_number: `BK-${tag}-1`, start_date: dateFromToday(1) }),
        row({ policy_number: `BK-${tag}-2`, date_of_birth: "not a date" }),
        row({ policy_number: taken }),
        row({ policy_number: good, first_name: "Eva", start_date: dateFromToday(-99) }),
        row({ policy_number: `BK-${tag}-3`, client_id: "00000000-0000-4000-8000-000000000000" }),
        row({ policy_number: `BK-${tag}-4`, premium: "0" }),
      ]),
    });
    expect(response.status, response.text).toBe(422);
    expect(
      response.body.errors.map((error: { row: number; column: string; code: string }) => [
        error.row,
        error.column,
        error.code,
      ]),
    ).toEqual([
      [3, "start_date", "date_in_future"],
      [4, "date_of_birth", "invalid_format"],
      [5, "policy_number", "policy_number_taken"],
      [6, "start_date", "inconsistent_policy"],
      [7, "client_id", "not_found"],
      [8, "premium", "out_of_range"],
    ]);
    expect(response.body.detail).toMatch(/^6 rows have problems \(nothing was stored\); row 3, start_date: /);
    expect(await tableCounts()).toEqual(before);
    expect(await policiesNumbered([good])).toEqual([]);
  });
});

describe("limits", () => {
  it("refuses a file with more than 10,000 rows under the header with 413, before reading them", async () => {
    const rows = Array.from({ length: 10_001 }, () => "x");
    const response = await upload({ name: "book.csv", bytes: [IMPORT_COLUMNS.join(","), ...rows].join("\n") });
    expect(response.status).toBe(413);
    expect(response.body.detail).toBe(
      "the file has more rows than an upload takes: the file reaches row 10002, past the header and the 10,000 rows under it (blank rows count)",
    );
  });

  it("refuses a file over 20 MB with 413", async () => {
    const response = await upload({ name: "book.csv", bytes: "a".repeat(MAX_IMPORT_BYTES + 1) });
    expect(response.status).toBe(413);
    expect(response.body.detail).toBe("the file is larger than 20 MB");
  });

  it("refuses a seller (403)", async () => {
    const seller = await signInAs("VENDEDOR");
    const response = await upload({ name: "book.csv", bytes: csvOf([row()]) }, seller.token);
    expect(response.status).toBe(403);
  });
});

describe("the template", () => {
  it("is an .xlsx whose only row is the header, and a .csv with format=csv", async () => {
    const xlsx = await api("GET", "/api/v1/emission/policies/import/template", { token: admin.token });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get("content-type")).toBe(XLSX_TYPE);
    expect(xlsx.headers.get("content-disposition")).toBe('attachment; filename="policies-import-template.xlsx"');
    const raw = await fetchBytes("/api/v1/emission/policies/import/template");
    expect(await readSheet(Buffer.from(raw))).toEqual([[...IMPORT_COLUMNS]]);

    const csv = await api("GET", "/api/v1/emission/policies/import/template?format=csv", { token: admin.token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.text).toBe(`${IMPORT_COLUMNS.join(",")}\r\n`);
  });

  it("refuses a seller (403)", async () => {
    const seller = await signInAs("VENDEDOR");
    expect((await api("GET", "/api/v1/emission/policies/import/template", { token: seller.token })).status).toBe(403);
  });
});

async function fetchBytes(path: string): Promise<Uint8Array> {
  const response = await downloadTemplate(
    new Request(`http://localhost:3000${path}`, { headers: { authorization: `Bearer ${admin.token}` } }),
  );
  return new Uint8Array(await response.arrayBuffer());
}
