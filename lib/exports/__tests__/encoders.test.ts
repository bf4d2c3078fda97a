import { describe, expect, it } from "vitest";
import { z } from "zod";
import { exportColumns, type Column } from "@/lib/exports/columns";
import { csvEncoder } from "@/lib/exports/csv";
import { guardFormula, looksLikeFormula } from "@/lib/exports/formula";
import { exportFileName, exportStream, type ExportSource } from "@/lib/exports/stream";
import { excelSerial, XLSX_STYLES, xlsxEncoder } from "@/lib/exports/xlsx";
import { MoneyString } from "@/lib/schemas";
import { readXlsx, sheetRecords } from "@/test/xlsx-read";

// The file formats of exports (reports.md section 2), on their own: CSV by RFC 4180 with a BOM, XLSX read
// back from its XML, the formula guard, the columns taken from a list's item schema, and a stream that
// reads one batch ahead of the socket and no more.

const Item = z.object({
  id: z.string(),
  name: z.string(),
  phone_e164: z.string().nullable(),
  amount: MoneyString.describe("money"),
  birth_date: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  count: z.number().int(),
  active: z.boolean(),
  beneficiaries: z.array(z.object({ id: z.string() })),
  details: z.record(z.string(), z.unknown()),
  eligibility: z.object({ met: z.boolean() }).nullable(),
});
const columns = exportColumns(Item);

const row = (overrides: Record<string, unknown> = {}) => ({
  id: "r1",
  name: "José Núñez",
  phone_e164: "+5215512345678",
  amount: "-12.50",
  birth_date: "1980-05-17",
  created_at: "2026-11-27T12:00:00.000Z",
  paid_at: null,
  count: 3,
  active: true,
  beneficiaries: [{ id: "a" }, { id: "b" }],
  details: { from: "PENDING", to: "ACTIVE" },
  eligibility: null,
  ...overrides,
});

function csvOf(items: Array<Record<string, unknown>>, cols: Column[] = columns): Uint8Array {
  const encoder = csvEncoder(cols);
  const parts = [encoder.start(), encoder.rows(items), encoder.finish()];
  return Buffer.concat(parts);
}

function xlsxOf(items: Array<Record<string, unknown>>, cols: Column[] = columns): Uint8Array {
  const encoder = xlsxEncoder(cols, "test");
  // Two batches, as a stream writes them.
  return Buffer.concat([
    encoder.start(),
    encoder.rows(items.slice(0, 1)),
    encoder.rows(items.slice(1)),
    encoder.finish(),
  ]);
}

describe("export columns", () => {
  it("takes the item's fields in order, with kinds from their schemas and names", () => {
    expect(columns).toEqual([
      { name: "id", kind: "text" },
      { name: "name", kind: "text" },
      { name: "phone_e164", kind: "text" },
      { name: "amount", kind: "money" },
      { name: "birth_date", kind: "date" },
      { name: "created_at", kind: "date" },
      { name: "paid_at", kind: "date" },
      { name: "count", kind: "number" },
      { name: "active", kind: "boolean" },
      { name: "beneficiaries", kind: "count" },
      { name: "details", kind: "json" },
      { name: "eligibility", kind: "json" },
    ]);
  });
});

describe("the formula guard", () => {
  it("prefixes =, +, -, @, tab and CR, and leaves numbers, E.164 phones and other texts alone", () => {
    for (const text of ["=1+2", "+SUM(A1)", "-2+3", "@cmd", "\tx", "\rx", '=HYPERLINK("http://x")', "+52 55", "-"])
      expect(guardFormula(text), JSON.stringify(text)).toBe(`'${text}`);
    for (const text of ["-12.50", "-3", "+5215512345678", "+14155550123", "José", "a=b", "", "12.5"])
      expect(looksLikeFormula(text), JSON.stringify(text)).toBe(false);
  });
});

describe("CSV", () => {
  it("starts with a UTF-8 BOM and the header of field names, CRLF line ends, accents intact", () => {
    const bytes = csvOf([row()]);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = Buffer.from(bytes.slice(3)).toString("utf8");
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(
      "id,name,phone_e164,amount,birth_date,created_at,paid_at,count,active,beneficiaries,details,eligibility",
    );
    expect(lines[1]).toBe(
      'r1,José Núñez,+5215512345678,-12.50,1980-05-17,2026-11-27T12:00:00.000Z,,3,true,2,"{""from"":""PENDING"",""to"":""ACTIVE""}",',
    );
    expect(lines[2]).toBe("");
  });

  it("quotes commas, quotes and line breaks by RFC 4180", () => {
    const text = Buffer.from(csvOf([row({ name: 'Pérez, "Ana"\nline two\r\nthree' })]).slice(3)).toString("utf8");
    expect(text).toContain(`\r\nr1,"Pérez, ""Ana""\nline two\r\nthree",+5215512345678,`);
  });

  it("guards formula texts and leaves a negative amount and an E.164 phone as they are", () => {
    const names = ["=SUM(A1:A9)", "+1", "-1+1", "@SUM(1)", "\tTab", "\rCR"];
    const text = Buffer.from(
      csvOf(
        names.map((name, index) => row({ id: `r${index}`, name, amount: "-99.10", phone_e164: "+14155550123" })),
      ).slice(3),
    ).toString("utf8");
    const cells = text
      .split(/\r\n(?=r\d)/)
      .slice(1)
      .map((line) => line.split(","));
    expect(cells.map((line) => line[1])).toEqual(["'=SUM(A1:A9)", "'+1", "'-1+1", "'@SUM(1)", "'\tTab", `"'\rCR"`]);
    expect(cells.map((line) => line[3])).toEqual(Array(6).fill("-99.10"));
    expect(cells.map((line) => line[2])).toEqual(Array(6).fill("+14155550123"));
  });
});

describe("XLSX", () => {
  it("opens back: one sheet, the header, dates as styled serial numbers, money as numbers, accents intact", () => {
    const bytes = xlsxOf([row(), row({ id: "r2", paid_at: "2026-01-02T06:00:00.000Z", amount: "1250.00" })]);
    const { files, rows, xfs, formats } = readXlsx(bytes);
    expect(Object.keys(files).sort()).toEqual([
      "[Content_Types].xml",
      "_rels/.rels",
      "xl/_rels/workbook.xml.rels",
      "xl/styles.xml",
      "xl/workbook.xml",
      "xl/worksheets/sheet1.xml",
    ]);
    expect(rows[0].map((cell) => cell.value)).toEqual(columns.map((column) => column.name));
    const [first, second] = sheetRecords(rows);
    expect(first.name).toMatchObject({ type: "inlineStr", value: "José Núñez" });
    expect(first.amount).toMatchObject({ type: null, value: "-12.50", style: XLSX_STYLES.money });
    expect(second.amount).toMatchObject({ type: null, value: "1250.00", style: XLSX_STYLES.money });
    expect(first.birth_date).toMatchObject({
      type: null,
      value: String(excelSerial("1980-05-17")),
      style: XLSX_STYLES.date,
    });
    expect(Number(first.birth_date.value)).toBe(29358); // 1980-05-17 in Excel's 1900 date system
    expect(first.created_at).toMatchObject({ type: null, style: XLSX_STYLES.dateTime });
    expect(Number(first.created_at.value)).toBeCloseTo(46353.5, 6); // 2026-11-27 12:00 UTC
    expect(first.paid_at).toBeUndefined();
    expect(Number(second.paid_at.value)).toBeCloseTo(46024.25, 6);
    expect(xfs[XLSX_STYLES.date]).toContain('numFmtId="164"');
    expect(formats["164"]).toBe("yyyy-mm-dd");
    expect(formats["165"]).toBe("yyyy-mm-dd hh:mm:ss");
    expect(xfs[XLSX_STYLES.money]).toContain('numFmtId="4"');
    expect(first.count).toMatchObject({ type: null, value: "3" });
    expect(first.active).toMatchObject({ type: "b", value: "1" });
    expect(first.beneficiaries).toMatchObject({ value: "2" });
    expect(JSON.parse(first.details.value)).toEqual({ from: "PENDING", to: "ACTIVE" });
    expect(first.phone_e164).toMatchObject({ type: "inlineStr", value: "+5215512345678", style: 0 });
  });

  it("marks formula texts with the quotePrefix style, keeping their value; phones and numbers stay plain", () => {
    const names = ["=SUM(A1:A9)", "+1", "-1+1", "@SUM(1)", "\tTab", "\rCR", "<b>&amp;</b>"];
    const { rows, xfs } = readXlsx(xlsxOf(names.map((name, index) => row({ id: `r${index}`, name }))));
    const records = sheetRecords(rows);
    expect(records.map((record) => record.name.value)).toEqual(names);
    expect(records.map((record) => record.name.style)).toEqual([...Array(6).fill(XLSX_STYLES.quotePrefix), 0]);
    expect(xfs[XLSX_STYLES.quotePrefix]).toContain('quotePrefix="1"');
    expect(records.every((record) => record.phone_e164.style === 0 && record.amount.type === null)).toBe(true);
  });
});

describe("exportStream", () => {
  function source(batches: number, taken: { count: number }): ExportSource {
    return {
      list: "clients",
      columns,
      batches: (async function* () {
        for (let index = 0; index < batches; index++) {
          taken.count++;
          yield Array.from({ length: 100 }, (_, at) => row({ id: `b${index}-${at}` }));
        }
      })(),
    };
  }

  it("reads one batch ahead of the socket, no more, and stops when cancelled", async () => {
    const taken = { count: 0 };
    const reader = exportStream(source(1000, taken), "csv").getReader();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(taken.count).toBe(0);
    const first = await reader.read();
    expect(Buffer.from(first.value!.slice(3)).toString("utf8")).toMatch(/^id,name,.*\r\nb0-0,/s);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The first batch was encoded while the second was read.
    expect(taken.count).toBe(2);
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(taken.count).toBe(3);
    await reader.cancel();
    expect(taken.count).toBe(3);
  });

  it("writes every batch and closes, as CSV and as XLSX", async () => {
    const csv = Buffer.from(await new Response(exportStream(source(3, { count: 0 }), "csv")).arrayBuffer());
    expect(csv.toString("utf8").split("\r\n")).toHaveLength(1 + 300 + 1);
    const xlsx = new Uint8Array(await new Response(exportStream(source(3, { count: 0 }), "xlsx")).arrayBuffer());
    expect(readXlsx(xlsx).rows).toHaveLength(301);
  });

  it("names the file <list>-<YYYY-MM-DD>.<ext>, today in UTC", () => {
    expect(exportFileName("audit", "xlsx", new Date("2026-11-27T23:59:59-05:00"))).toBe("audit-2026-11-28.xlsx");
  });
});
