import { constants, deflateRawSync } from "node:zlib";
import { count } from "drizzle-orm";
import { strToU8, unzipSync, zipSync } from "fflate";
import readXlsxFile, { readSheet } from "read-excel-file/node";
import writeXlsxFile, { type SheetData } from "write-excel-file/node";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as downloadTemplate } from "@/app/api/v1/emission/bulk-upload/template/route";
import { getDb } from "@/db";
import { beneficiaries, policies } from "@/db/schema";
import { MAX_UPLOAD_BYTES } from "@/lib/emission/bulk-upload/schemas";
import { api } from "@/test/api";
import { createSellableVersion, createTestClient, dateFromToday, signInAs, type SignedIn } from "@/test/fixtures";

// POST /api/v1/emission/bulk-upload and GET .../template (contract section 6, issue 4 point 7): a
// spreadsheet's rows become the beneficiaries of one policy issued through issuePolicy; every bad row is
// listed by the row and column the spreadsheet shows and nothing is stored; files from outside are read
// as data only (no prototype pollution, no formula evaluation, no zip bomb).

const COLUMNS = ["first_name", "last_name", "date_of_birth", "kinship_type", "country_of_residence"];
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

let seller: SignedIn;
/** Sold in MX at 25.00 and US at 40.00, entry up to 70, +50% from 60 to 70. */
let versionId: string;
let clientId: string;
const startDate = dateFromToday(1);
const thisYear = Number(startDate.slice(0, 4));
/** Born on 1 January this many years before the start year: exactly that age at the start. */
const bornYearsAgo = (years: number) => `${thisYear - years}-01-01`;

beforeAll(async () => {
  seller = await signInAs("VENDEDOR");
  versionId = (await createSellableVersion()).version.id;
  clientId = (await createTestClient(seller)).id;
});

type Upload = { name: string; bytes: Uint8Array | string };

function upload(file: Upload | null, fields: Record<string, string> = {}, token = seller.token) {
  const form = new FormData();
  if (file)
    form.set("file", new Blob([typeof file.bytes === "string" ? file.bytes : Buffer.from(file.bytes)]), file.name);
  for (const [name, value] of Object.entries({
    client_id: clientId,
    plan_version_id: versionId,
    start_date: startDate,
    ...fields,
  }))
    form.set(name, value);
  return api("POST", "/api/v1/emission/bulk-upload", { token, rawBody: form });
}

/** An .xlsx as a spreadsheet application writes it; a Date is a date cell. */
async function xlsxOf(rows: Array<Array<string | Date | null>>): Promise<Upload> {
  const sheet: SheetData = rows.map((row) =>
    row.map((value) => (value instanceof Date ? { value, type: Date, format: "yyyy-mm-dd" } : value)),
  );
  return { name: "beneficiaries.xlsx", bytes: new Uint8Array(await writeXlsxFile(sheet).toBuffer()) };
}

const csvOf = (text: string): Upload => ({ name: "beneficiaries.csv", bytes: text });

/** A workbook written by hand: the given <sheetData> rows, and nothing a reader does not need. */
function handMadeXlsx(
  sheetRows: string,
  { extraParts = {} }: { extraParts?: Record<string, Uint8Array> } = {},
): Upload {
  const main = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  const parts = {
    "xl/workbook.xml": strToU8(
      `<workbook ${main} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    "xl/_rels/workbook.xml.rels": strToU8(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    "xl/worksheets/sheet1.xml": strToU8(`<worksheet ${main}><sheetData>${sheetRows}</sheetData></worksheet>`),
    ...extraParts,
  };
  return { name: "beneficiaries.xlsx", bytes: zipSync(parts) };
}

const text = (ref: string, value: string) => `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;
const headerRow = `<row r="1">${COLUMNS.map((column, index) => text(`${"ABCDE"[index]}1`, column)).join("")}</row>`;

type ZipPart = { name: string; packed: Uint8Array; declaredSize: number };

/** A zip written field by field, so a test can declare any size it likes for a part. */
function zipWithDeclaredSizes(parts: ZipPart[]): Uint8Array {
  const local: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(8, 8);
    header.writeUInt32LE(part.packed.length, 18);
    header.writeUInt32LE(part.declaredSize, 22);
    header.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(part.packed.length, 20);
    entry.writeUInt32LE(part.declaredSize, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    local.push(header, name, Buffer.from(part.packed));
    directory.push(entry, name);
    offset += 30 + name.length + part.packed.length;
  }
  const directorySize = directory.reduce((sum, chunk) => sum + chunk.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, ...directory, end]);
}

/** A raw deflate stream of `mebibytes` MiB of zeros, built from one compressed MiB repeated (about 1 KB each). */
function deflatedZeros(mebibytes: number): Uint8Array {
  const oneMebibyte = deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: constants.Z_SYNC_FLUSH });
  // 0x03 0x00: a final, empty block with fixed codes, which ends the stream.
  return Buffer.concat([...Array.from({ length: mebibytes }, () => oneMebibyte), Buffer.from([0x03, 0x00])]);
}

/** A workbook whose sheet part is `sheet` (packed bytes and the size it declares), the other parts true. */
function workbookWithSheet(sheet: { packed: Uint8Array; declaredSize: number }): Upload {
  const real = unzipSync(handMadeXlsx(headerRow).bytes as Uint8Array);
  const parts = Object.entries(real).map(([name, data]) =>
    name === "xl/worksheets/sheet1.xml"
      ? { name, ...sheet }
      : { name, packed: deflateRawSync(data), declaredSize: data.length },
  );
  return { name: "bomb.xlsx", bytes: zipWithDeclaredSizes(parts) };
}

async function storedCounts() {
  const db = await getDb();
  const [policyCount] = await db.select({ n: count() }).from(policies);
  const [beneficiaryCount] = await db.select({ n: count() }).from(beneficiaries);
  return { policies: policyCount.n, beneficiaries: beneficiaryCount.n };
}

/** Runs `action` and asserts it stored no policy and no beneficiary. */
async function expectNothingStored<T>(action: () => Promise<T>): Promise<T> {
  const before = await storedCounts();
  const result = await action();
  expect(await storedCounts()).toEqual(before);
  return result;
}

describe("issuing from a spreadsheet", () => {
  it("issues one policy from an .xlsx, each row priced in its order, date cells and text dates alike", async () => {
    const file = await xlsxOf([
      COLUMNS,
      ["Ana", "Pérez", new Date(Date.UTC(1985, 2, 1)), "SELF", null],
      ["Luis", "Pérez", bornYearsAgo(65), "SPOUSE", ""],
      ["Eva", "Pérez", "2010-06-30", "CHILD", "US"],
    ]);
    const before = await storedCounts();
    const response = await upload(file);

    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({
      client_id: clientId,
      plan_version_id: versionId,
      start_date: startDate,
      status: "PENDING_PAYMENT",
      currency: "USD",
    });
    expect(
      response.body.beneficiaries.map((person: Record<string, unknown>) => [
        person.first_name,
        person.date_of_birth,
        person.country_of_residence,
        person.price,
      ]),
    ).toEqual([
      ["Ana", "1985-03-01", null, "25.00"],
      ["Luis", bornYearsAgo(65), null, "37.50"],
      ["Eva", "2010-06-30", "US", "40.00"],
    ]);
    expect(response.body.final_price).toBe("102.50");
    expect(await storedCounts()).toEqual({ policies: before.policies + 1, beneficiaries: before.beneficiaries + 3 });
  });

  it("issues from a .csv with a byte-order mark, CRLF lines, quoted cells and a header in any case", async () => {
    const csv = `\uFEFF First_Name ,LAST_NAME,date_of_birth,kinship_type,country_of_residence\r\n"Ana, María",Pérez,1985-03-01,SELF,\r\nEva,"Pérez ""la chica""",2010-06-30,CHILD,US\r\n`;
    const response = await upload(csvOf(csv));

    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(
      response.body.beneficiaries.map((person: Record<string, unknown>) => [
        person.first_name,
        person.last_name,
        person.price,
      ]),
    ).toEqual([
      ["Ana, María", "Pérez", "25.00"],
      ["Eva", 'Pérez "la chica"', "40.00"],
    ]);
    expect(response.body.final_price).toBe("65.00");
  });

  it("reads a .csv separated by semicolons, as Excel writes it where the decimal separator is a comma", async () => {
    const response = await upload(csvOf(`${COLUMNS.join(";")}\nAna;Pérez;1985-03-01;SELF;MX\n`));
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.beneficiaries[0]).toMatchObject({
      first_name: "Ana",
      country_of_residence: "MX",
      price: "25.00",
    });
  });

  it("issues 1,000 rows, the most one upload takes", async () => {
    const rows = Array.from({ length: 1000 }, (_, index) => [`Child ${index + 1}`, "Pérez", "2015-04-01", "CHILD", ""]);
    const response = await upload(await xlsxOf([COLUMNS, ...rows]));

    expect(response.status, JSON.stringify(response.body).slice(0, 500)).toBe(201);
    expect(response.body.beneficiaries).toHaveLength(1000);
    expect(response.body.beneficiaries[999].first_name).toBe("Child 1000");
    expect(response.body.final_price).toBe("25000.00");
  });
});

describe("bad rows", () => {
  it("lists every bad cell of every row by the spreadsheet's row number and column, skipping blank rows, and stores nothing", async () => {
    const file = await xlsxOf([
      COLUMNS,
      ["Ana", "Pérez", "1985-03-01", "SELF", ""],
      ["Luis", "Pérez", "1985-02-30", "CHILD", ""],
      ["", "Pérez", "2001-01-01", "COUSIN", ""],
      [null, null, null, null, null],
      ["Eva", "Pérez", "2010-06-30", "CHILD", "mx"],
    ]);
    const response = await expectNothingStored(() => upload(file));

    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([
      { row: 3, column: "date_of_birth", message: "is not a calendar date", code: "invalid_date" },
      { row: 4, column: "first_name", message: "is required", code: "required" },
      {
        row: 4,
        column: "kinship_type",
        message: "must be one of SELF, SPOUSE, CHILD, PARENT, OTHER",
        code: "invalid_choice",
      },
      {
        row: 6,
        column: "country_of_residence",
        message: "must be a two-letter upper-case ISO country code",
        code: "invalid_format",
      },
    ]);
    expect(response.body.detail).toBe(
      "3 rows have problems (nothing was stored); row 3, date_of_birth: is not a calendar date",
    );
  });

  it("numbers .csv rows by record, so a quoted cell over two lines is one row, and lists rows with the wrong number of cells", async () => {
    const csv = [
      COLUMNS.join(","),
      '"Ana\nMaría",Pérez,1985-03-01,SELF,',
      "Luis,Pérez,01/02/1990,CHILD,",
      "Eva,Pérez,2010-06-30,CHILD",
      "",
    ].join("\n");
    const response = await expectNothingStored(() => upload(csvOf(csv)));

    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([
      { row: 3, column: "date_of_birth", message: "must be a date written YYYY-MM-DD", code: "invalid_format" },
      { row: 4, column: null, message: "has 4 cells where the header has 5", code: "wrong_cell_count" },
    ]);
  });

  it("reports the issue's own rules (entry age, country, one SELF) on the rows that break them", async () => {
    const tooOld = await expectNothingStored(() =>
      upload(
        csvOf(
          [
            COLUMNS.join(","),
            "Ana,Pérez,1985-03-01,SELF,",
            `Abuelo,Pérez,${bornYearsAgo(80)},PARENT,`,
            "Eva,Pérez,2010-06-30,CHILD,",
            `Abuela,Pérez,${bornYearsAgo(75)},PARENT,`,
          ].join("\n"),
        ),
      ),
    );
    expect(tooOld.status).toBe(422);
    expect(tooOld.body.errors).toEqual([
      {
        row: 3,
        column: "date_of_birth",
        message: `age 80 at ${startDate} exceeds the maximum entry age of 70`,
        code: "above_max_entry_age",
      },
      {
        row: 5,
        column: "date_of_birth",
        message: `age 75 at ${startDate} exceeds the maximum entry age of 70`,
        code: "above_max_entry_age",
      },
    ]);

    const abroad = await expectNothingStored(() =>
      upload(csvOf([COLUMNS.join(","), "Ana,Pérez,1985-03-01,SELF,", "Eva,Pérez,2010-06-30,CHILD,FR"].join("\n"))),
    );
    expect(abroad.status).toBe(422);
    expect(abroad.body.errors).toEqual([
      {
        row: 3,
        column: "country_of_residence",
        message: "the plan is not available in FR",
        code: "not_available_in_country",
      },
    ]);

    const twoSelves = await expectNothingStored(() =>
      upload(csvOf([COLUMNS.join(","), "Ana,Pérez,1985-03-01,SELF,", "Ana,López,1986-03-01,SELF,"].join("\n"))),
    );
    expect(twoSelves.status).toBe(422);
    expect(twoSelves.body.errors).toEqual([
      { row: 3, column: "kinship_type", message: "only one SELF beneficiary per policy", code: "duplicate_kinship" },
    ]);
  });

  it("lists rows that do not read and rows that break the issue's rules in one answer, by row, storing nothing", async () => {
    const response = await expectNothingStored(() =>
      upload(
        csvOf(
          [
            COLUMNS.join(","),
            `Abuelo,Pérez,${bornYearsAgo(90)},PARENT,`,
            "Ana,Pérez,1985-13-01,SELF,",
            "Eva,Pérez,2010-06-30,CHILD,FR",
            "Luis,Pérez,1984-02-02,COUSIN,",
          ].join("\n"),
        ),
      ),
    );
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([
      {
        row: 2,
        column: "date_of_birth",
        message: `age 90 at ${startDate} exceeds the maximum entry age of 70`,
        code: "above_max_entry_age",
      },
      { row: 3, column: "date_of_birth", message: expect.any(String), code: expect.any(String) },
      {
        row: 4,
        column: "country_of_residence",
        message: "the plan is not available in FR",
        code: "not_available_in_country",
      },
      { row: 5, column: "kinship_type", message: expect.any(String), code: expect.any(String) },
    ]);
    expect(response.body.detail).toMatch(/^4 rows have problems \(nothing was stored\); row 2, date_of_birth: /);
  });

  it("refuses a file with no rows under the header, and one with 1,001 rows under it (413) before validating any", async () => {
    const empty = await upload(csvOf(`${COLUMNS.join(",")}\n\n,,,,\n`));
    expect(empty.status).toBe(422);
    expect(empty.body.detail).toBe("the file has no beneficiary rows under the header");

    // Every row is invalid too: the count is refused first, not 1,001 row errors. Since trust.md (section
    // 6) rows beyond the limit are a 413, counted before the file is parsed.
    const rows = Array.from({ length: 1001 }, () => ["", "", "", "", ""].join(",") + "x");
    const tooMany = await expectNothingStored(() => upload(csvOf([COLUMNS.join(","), ...rows].join("\n"))));
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.detail).toBe(
      "the file has more rows than an upload takes: the file reaches row 1002, past the header and the 1,000 rows under it (blank rows count)",
    );
    expect(tooMany.body.errors).toBeUndefined();
  });
});

describe("headers", () => {
  it("refuses unknown and missing columns, naming each", async () => {
    const response = await upload(csvOf("first_name,surname,kinship_type,country_of_residence\nAna,Pérez,SELF,MX\n"));
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([
      {
        row: 1,
        column: "surname",
        message: `is not a column of the upload (expected ${COLUMNS.join(", ")})`,
        code: "unknown_column",
      },
      { row: 1, column: "last_name", message: "is missing from the header row", code: "missing_column" },
      { row: 1, column: "date_of_birth", message: "is missing from the header row", code: "missing_column" },
    ]);
  });

  it("treats a __proto__ or constructor header as an unknown column and pollutes nothing", async () => {
    // Within the template's five columns: a sixth is refused as outside the template (hostile-uploads.test.ts).
    const csv = `first_name,last_name,date_of_birth,__proto__,constructor\nAna,Pérez,1985-03-01,"{""polluted"":true}",polluted\n`;
    const fromCsv = await expectNothingStored(() => upload(csvOf(csv)));
    expect(fromCsv.status).toBe(422);
    expect(fromCsv.body.errors.map((error: { column: string }) => error.column)).toEqual([
      "__proto__",
      "constructor",
      "kinship_type",
    ]);

    const sheet = `<row r="1">${text("A1", "__proto__")}${COLUMNS.slice(0, 4)
      .map((column, index) => text(`${"BCDE"[index]}1`, column))
      .join("")}</row><row r="2">${text("A2", "polluted")}${text("B2", "Ana")}</row>`;
    const fromXlsx = await expectNothingStored(() => upload(handMadeXlsx(sheet)));
    expect(fromXlsx.status).toBe(422);
    expect(fromXlsx.body.errors).toEqual([
      {
        row: 1,
        column: "__proto__",
        message: expect.stringContaining("is not a column of the upload"),
        code: "unknown_column",
      },
    ]);

    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  });
});

describe("cells are data", () => {
  it("reads a formula cell as the value cached in the file and never evaluates it", async () => {
    const sheet =
      headerRow +
      // UPPER("x") would give "X" and NOW() a timestamp: the cached <v> is what counts.
      `<row r="2"><c r="A2" t="str"><f>UPPER("x")</f><v>Ana</v></c>${text("B2", "Pérez")}<c r="C2" t="str"><f>TEXT(NOW(),"yyyy-mm-dd")</f><v>1985-03-01</v></c>${text("D2", "SELF")}</row>` +
      // A formula saved without a cached value is an empty cell, not a computed one.
      `<row r="3"><c r="A3" t="str"><f>CONCATENATE("Lu","is")</f></c>${text("B3", "Pérez")}${text("C3", "2010-06-30")}${text("D3", "CHILD")}</row>`;
    const withoutCache = await expectNothingStored(() => upload(handMadeXlsx(sheet)));
    expect(withoutCache.status).toBe(422);
    expect(withoutCache.body.errors).toEqual([
      { row: 3, column: "first_name", message: "is required", code: "required" },
    ]);

    const cached = await upload(
      handMadeXlsx(sheet.replace('<f>CONCATENATE("Lu","is")</f>', '<f>CONCATENATE("Lu","is")</f><v>Luis</v>')),
    );
    expect(cached.status, JSON.stringify(cached.body)).toBe(201);
    expect(
      cached.body.beneficiaries.map((person: Record<string, unknown>) => [person.first_name, person.date_of_birth]),
    ).toEqual([
      ["Ana", "1985-03-01"],
      ["Luis", "2010-06-30"],
    ]);
  });

  it("refuses text that starts like a formula (CSV injection), naming each cell, and stores nothing", async () => {
    const csv = `${COLUMNS.join(",")}\n"=HYPERLINK(""http://evil.example"",""click"")","=cmd|' /C calc'!A0",1985-03-01,SELF,\n@SUM(1+1),+Pérez,1985-03-01,SPOUSE, -2+3\n`;
    const response = await expectNothingStored(() => upload(csvOf(csv)));
    expect(response.status).toBe(422);
    const formula = "must not start with =, +, - or @ (a spreadsheet formula)";
    expect(response.body.errors).toEqual([
      { row: 2, column: "first_name", message: formula, code: "formula_not_allowed" },
      { row: 2, column: "last_name", message: formula, code: "formula_not_allowed" },
      { row: 3, column: "first_name", message: formula, code: "formula_not_allowed" },
      { row: 3, column: "last_name", message: formula, code: "formula_not_allowed" },
      { row: 3, column: "country_of_residence", message: formula, code: "formula_not_allowed" },
    ]);
  });

  it("refuses a NUL character hidden in a cell as _x0000_, which PostgreSQL could not store", async () => {
    const sheet = `${headerRow}<row r="2">${text("A2", "A_x0000_na")}${text("B2", "Pérez")}${text("C2", "1985-03-01")}${text("D2", "SELF")}</row>`;
    const response = await expectNothingStored(() => upload(handMadeXlsx(sheet)));
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([
      { row: 2, column: "first_name", message: "must not contain NUL characters", code: "invalid_format" },
    ]);
  });
});

describe("files that are not what they claim", () => {
  const png = new Uint8Array([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00,
    0x01,
  ]);

  it("refuses PNG bytes, whatever the file is called", async () => {
    const named = await upload({ name: "photo.png", bytes: png });
    expect(named.status).toBe(422);
    expect(named.body.detail).toBe("the file is not a spreadsheet: a .png file (expected .xlsx or .csv)");

    const disguised = await upload({ name: "beneficiaries.csv", bytes: png });
    expect(disguised.status).toBe(422);
    expect(disguised.body.detail).toBe(
      "the file is not a spreadsheet: neither a zip archive nor UTF-8 text (expected .xlsx or .csv)",
    );

    const asXlsx = await upload({ name: "beneficiaries.xlsx", bytes: png });
    expect(asXlsx.status).toBe(422);
    expect(asXlsx.body.detail).toBe(
      "the file is not a spreadsheet: a file named .xlsx that is not a zip archive (expected .xlsx or .csv)",
    );
  });

  it("refuses a zip that is not a workbook, and a truncated workbook", async () => {
    const document = await upload({
      name: "letter.xlsx",
      bytes: zipSync({ "word/document.xml": strToU8("<document/>") }),
    });
    expect(document.status).toBe(422);
    expect(document.body.detail).toMatch(/^the file is not a spreadsheet: a zip archive without xl\/workbook.xml/);

    const whole = (await xlsxOf([COLUMNS, ["Ana", "Pérez", "1985-03-01", "SELF", ""]])).bytes as Uint8Array;
    for (const cut of [whole.length - 10, Math.floor(whole.length / 2), 40]) {
      const truncated = await upload({ name: "beneficiaries.xlsx", bytes: whole.subarray(0, cut) });
      expect(truncated.status, `cut at ${cut}`).toBe(422);
      expect(truncated.body.detail).toBe("the .xlsx file is damaged or incomplete (its zip structure cannot be read)");
    }
  });

  it("refuses a zip bomb from its declared sizes before inflating anything", async () => {
    const rssBefore = process.memoryUsage.rss();
    // A real stream of 1 GiB of zeros in about 1 MB, declaring its true size.
    const gibibyte = deflatedZeros(1024);
    const declared = await upload(workbookWithSheet({ packed: gibibyte, declaredSize: 1024 * 1024 * 1024 }));
    expect(declared.status).toBe(422);
    expect(declared.body.detail).toBe("the .xlsx file is refused: it unpacks to 1024 MB, more than the 50 MB allowed");

    // Within the total, but a part packed a thousand to one.
    const dense = await upload(workbookWithSheet({ packed: deflatedZeros(2), declaredSize: 2 * 1024 * 1024 }));
    expect(dense.status).toBe(422);
    expect(dense.body.detail).toBe(
      "the .xlsx file is refused: its part xl/worksheets/sheet1.xml is compressed more than 100 to 1",
    );

    // A part that declares 4 KB and would unpack to 1 GiB: inflation stops at the declared size.
    const lying = await upload(workbookWithSheet({ packed: gibibyte, declaredSize: 4096 }));
    expect(lying.status).toBe(422);
    expect(lying.body.detail).toBe(
      "the .xlsx file is refused: its part xl/worksheets/sheet1.xml unpacks to more than it declares",
    );

    // Had any of them been inflated, a gibibyte would have been allocated.
    expect(process.memoryUsage.rss() - rssBefore).toBeLessThan(256 * 1024 * 1024);
  });
});

describe("the form", () => {
  const oneRow = `${COLUMNS.join(",")}\nAna,Pérez,1985-03-01,SELF,\n`;
  const file = csvOf(oneRow);

  it("refuses missing or invalid fields with an error per field, and a form without a file", async () => {
    const response = await upload(file, { client_id: "nope", start_date: "2026-13-01" });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([
      { path: "client_id", message: "must be a UUID", code: "invalid_id" },
      { path: "start_date", message: "is not a calendar date", code: "invalid_date" },
    ]);

    const form = new FormData();
    form.set("file", new Blob([oneRow]), file.name);
    const missing = await api("POST", "/api/v1/emission/bulk-upload", { token: seller.token, rawBody: form });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.map((error: { path: string }) => error.path)).toEqual([
      "client_id",
      "plan_version_id",
      "start_date",
    ]);

    const withoutFile = await upload(null);
    expect(withoutFile.status).toBe(422);
    expect(withoutFile.body.errors).toEqual([
      { path: "file", message: "a .xlsx or .csv file is required", code: "required" },
    ]);

    const json = await api("POST", "/api/v1/emission/bulk-upload", {
      token: seller.token,
      body: { client_id: clientId },
    });
    expect(json.status).toBe(422);
    expect(json.body.detail).toMatch(/multipart\/form-data/);
  });

  it("answers 404 for an unknown client and 422 for a start in the past, as the issue does", async () => {
    const unknown = await expectNothingStored(() =>
      upload(file, { client_id: "00000000-0000-4000-8000-000000000000" }),
    );
    expect(unknown.status).toBe(404);
    const past = await expectNothingStored(() => upload(file, { start_date: dateFromToday(-1) }));
    expect(past.status).toBe(422);
    expect(past.body.errors).toEqual([
      { path: "start_date", message: "must not be in the past", code: "date_in_past" },
    ]);
  });

  it("refuses a file over 5 MB with 413, by its size, by the body read so far, and by a declared Content-Length", async () => {
    const justOver = await upload({ name: "big.csv", bytes: "a".repeat(MAX_UPLOAD_BYTES + 1) });
    expect(justOver.status).toBe(413);
    expect(justOver.body.detail).toBe("the file is larger than 5 MB");

    const wellOver = await upload({ name: "big.csv", bytes: "a".repeat(MAX_UPLOAD_BYTES + 1024 * 1024) });
    expect(wellOver.status).toBe(413);

    const declared = await api("POST", "/api/v1/emission/bulk-upload", {
      token: seller.token,
      rawBody: "--x--",
      headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(50 * 1024 * 1024) },
    });
    expect(declared.status).toBe(413);
  });

  it("answers 401 without credentials and 403 to a client", async () => {
    const client = await signInAs("CLIENTE");
    expect((await upload(file, {}, "")).status).toBe(401);
    expect((await upload(file, {}, client.token)).status).toBe(403);
    expect((await api("GET", "/api/v1/emission/bulk-upload/template")).status).toBe(401);
    expect((await api("GET", "/api/v1/emission/bulk-upload/template", { token: client.token })).status).toBe(403);
  });
});

describe("the template", () => {
  async function template(
    query = "",
    headers: Record<string, string> = {},
  ): Promise<{ response: Response; bytes: Uint8Array }> {
    const response = await downloadTemplate(
      new Request(`http://localhost:3000/api/v1/emission/bulk-upload/template${query}`, {
        headers: { authorization: `Bearer ${seller.token}`, ...headers },
      }),
    );
    return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
  }

  it("is an .xlsx download whose first sheet (the one read) holds the header alone", async () => {
    const { response, bytes } = await template();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(XLSX_TYPE);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="beneficiaries-template.xlsx"');
    expect(await readSheet(Buffer.from(bytes))).toEqual([COLUMNS]);
  });

  it("has an Instructions sheet with every column explained and an example row under the column names", async () => {
    const { response, bytes } = await template();
    expect(response.headers.get("content-language")).toBe("en");
    const sheets = (await readXlsxFile(Buffer.from(bytes))).map((sheet) => sheet.sheet);
    expect(sheets).toEqual(["Beneficiaries", "Instructions"]);
    const rows = (await readSheet(Buffer.from(bytes), "Instructions")).map((row) =>
      row.filter((cell) => cell !== null),
    );
    expect(rows[0]).toEqual(["How to fill in the beneficiaries template"]);
    for (const column of COLUMNS) expect(rows.some((row) => row[0] === column && row.length === 3)).toBe(true);
    // The example: the column names, then a row of values under them.
    const header = rows.findIndex((row) => JSON.stringify(row) === JSON.stringify(COLUMNS));
    expect(header).toBeGreaterThan(0);
    expect(rows[header + 1]).toEqual(["Ana", "Pérez", "1985-03-01", "SELF", "MX"]);
  });

  it("speaks the requester's language: lang, else the NEXT_LOCALE cookie, else Accept-Language", async () => {
    const sheetsOf = async (bytes: Uint8Array) => (await readXlsxFile(Buffer.from(bytes))).map((sheet) => sheet.sheet);
    const byLang = await template("?lang=es", { "accept-language": "en" });
    expect(byLang.response.headers.get("content-language")).toBe("es");
    expect(await sheetsOf(byLang.bytes)).toEqual(["Beneficiarios", "Instrucciones"]);
    const instructions = await readSheet(Buffer.from(byLang.bytes), "Instrucciones");
    expect(instructions[0][0]).toBe("Cómo llenar la plantilla de beneficiarios");
    // The header stays the machine names in every language.
    expect(await readSheet(Buffer.from(byLang.bytes))).toEqual([COLUMNS]);

    const byCookie = await template("", { cookie: "other=1; NEXT_LOCALE=es", "accept-language": "en" });
    expect(byCookie.response.headers.get("content-language")).toBe("es");
    const byHeader = await template("", { "accept-language": "es-MX, en;q=0.5" });
    expect(byHeader.response.headers.get("content-language")).toBe("es");
    expect((await template("?lang=fr")).response.status).toBe(422);
  });

  it("imports nothing when uploaded untouched: 422, no rows, no policy", async () => {
    const db = await getDb();
    const [before] = await db.select({ n: count() }).from(policies);
    const response = await upload({ name: "beneficiaries-template.xlsx", bytes: (await template()).bytes });
    expect(response.status).toBe(422);
    expect(response.body.detail).toBe("the file has no beneficiary rows under the header");
    const [after] = await db.select({ n: count() }).from(policies);
    expect(after.n).toBe(before.n);
  });

  it("uploads once filled in", async () => {
    const parts = unzipSync((await template()).bytes);
    // The first sheet, the one the upload reads (the second holds the instructions).
    const sheetName = "xl/worksheets/sheet1.xml";
    expect(Object.keys(parts)).toContain(sheetName);
    // What a person typing into the template adds: rows under the header.
    const rows = `<row r="2">${text("A2", "Ana")}${text("B2", "Pérez")}${text("C2", "1985-03-01")}${text("D2", "SELF")}</row><row r="3">${text("A3", "Eva")}${text("B3", "Pérez")}${text("C3", "2010-06-30")}${text("D3", "CHILD")}${text("E3", "US")}</row>`;
    const sheet = new TextDecoder().decode(parts[sheetName]).replace("</sheetData>", `${rows}</sheetData>`);
    expect(sheet).toContain(rows);
    const response = await upload({
      name: "beneficiaries-template.xlsx",
      bytes: zipSync({ ...parts, [sheetName]: strToU8(sheet) }),
    });

    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.final_price).toBe("65.00");
  });
});
