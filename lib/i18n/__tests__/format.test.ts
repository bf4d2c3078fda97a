import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  countryName,
  formatDate,
  formatDateTime,
  formatMoney,
  formatMonth,
  formatNumber,
  parseAmount,
} from "../format";

// localisation.md section 2: dates, money and numbers in the page's language; amounts typed three ways.

describe("formatting for a language", () => {
  it("writes dates day/month/year in Spanish and month/day/year in English, two digits each", () => {
    expect(formatDate("2026-11-25", "es")).toBe("25/11/2026");
    expect(formatDate("2026-11-25", "en")).toBe("11/25/2026");
    expect(formatDate("2026-01-05", "es")).toBe("05/01/2026");
  });

  it("keeps a calendar date's day in every time zone, and shows an instant in the zone asked", () => {
    expect(formatDate("2026-03-01", "es", "America/Mexico_City")).toBe("01/03/2026");
    expect(formatDate("2026-03-01T03:00:00Z", "es", "America/Mexico_City")).toBe("28/02/2026");
    expect(formatDateTime("2026-11-25T14:05:00Z", "en", "UTC")).toBe("11/25/2026, 02:05 PM");
    expect(formatDateTime("2026-11-25T14:05:00Z", "es", "UTC")).toMatch(/^25\/11\/2026, 02:05/);
  });

  it("shows money with its currency and grouped digits, 1,234.56 in both languages", () => {
    expect(formatMoney("1250.5", "USD", "es")).toBe("1,250.50 USD");
    expect(formatMoney("1250.5", "USD", "en")).toBe("1,250.50 USD");
    expect(formatMoney("75", "MXN", "es")).toBe("75.00 MXN");
    expect(formatMoney("1250", "JPY", "en")).toBe("1,250 JPY");
    expect(formatMoney("-3.5", "EUR", "en")).toBe("-3.50 EUR");
    expect(formatNumber(1234567.891, "es")).toBe("1,234,567.891");
  });

  it("keeps every cent of a large amount given as text", () => {
    expect(formatMoney("12345678901234.57", "USD", "en")).toBe("12,345,678,901,234.57 USD");
  });

  it("names countries and months in the language", () => {
    expect(countryName("MX", "es")).toBe("México");
    expect(countryName("US", "es")).toBe("Estados Unidos");
    expect(countryName("US", "en")).toBe("United States");
    expect(formatMonth("2026-11", "es")).toBe("nov 2026");
    expect(formatMonth("2026-11", "en")).toBe("Nov 2026");
  });
});

// Issue 21 point 3: one format per language for every date a person reads (pages, certificate,
// notifications), and months as the short name and the whole year, never "Nov 26".
const SPANISH_MONTHS = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"];
const ENGLISH_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (value: number, width = 2) => String(value).padStart(width, "0");

describe("one date format per language", () => {
  const days = fc.date({
    min: new Date("1900-01-01T00:00:00Z"),
    max: new Date("2099-12-31T00:00:00Z"),
    noInvalidDate: true,
  });

  it("writes every calendar date dd/mm/yyyy in Spanish and mm/dd/yyyy in English", () => {
    fc.assert(
      fc.property(days, (date) => {
        const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
        const day = `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
        expect(formatDate(day, "es")).toBe(`${pad(d)}/${pad(m)}/${y}`);
        expect(formatDate(day, "en")).toBe(`${pad(m)}/${pad(d)}/${y}`);
      }),
    );
  });

  it("writes an instant in the same format as a calendar date, the day of the zone asked", () => {
    expect(formatDate("2026-11-25T12:00:00Z", "es", "UTC")).toBe(formatDate("2026-11-25", "es"));
    expect(formatDate(new Date("2026-11-25T12:00:00Z"), "en", "UTC")).toBe(formatDate("2026-11-25", "en"));
  });

  it("names a month by its short name and the whole year, never two digits that read as a day", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2099 }), fc.integer({ min: 1, max: 12 }), (year, month) => {
        const yearMonth = `${year}-${pad(month)}`;
        expect(formatMonth(yearMonth, "en")).toBe(`${ENGLISH_MONTHS[month - 1]} ${year}`);
        const spanish = formatMonth(yearMonth, "es");
        expect(spanish.startsWith(SPANISH_MONTHS[month - 1])).toBe(true);
        expect(spanish).toMatch(new RegExp(`^\\p{L}+\\.? ${year}$`, "u"));
      }),
    );
  });
});

// Issue 21 point 2: amounts typed as a person writes them. The plain reference writes an amount in
// one of the two conventions of the book's languages: the whole part, grouped by threes with the
// convention's mark (or not at all), and the cents after its decimal mark.
const CONVENTIONS = [
  { group: ",", decimal: "." },
  { group: ".", decimal: "," },
] as const;

function typed(whole: number, cents: number | null, group: string, decimal: string): string {
  const digits = String(whole);
  const grouped = group ? digits.replace(/\B(?=(\d{3})+(?!\d))/g, group) : digits;
  return cents === null ? grouped : `${grouped}${decimal}${String(cents).padStart(2, "0")}`;
}

describe("reading a typed amount", () => {
  it("reads both ways of writing 1250.50", () => {
    expect(parseAmount("1,250.50")).toBe("1250.50");
    expect(parseAmount("1.250,50")).toBe("1250.50");
    expect(parseAmount("1,234,567.89")).toBe("1234567.89");
    expect(parseAmount("1.234.567,89")).toBe("1234567.89");
  });

  it("reads a lone mark before other than three digits as the decimal mark", () => {
    expect(parseAmount("1250.50")).toBe("1250.50");
    expect(parseAmount("1250,50")).toBe("1250.50");
    expect(parseAmount("12.5")).toBe("12.5");
    expect(parseAmount("0,5")).toBe("0.5");
    expect(parseAmount(".75")).toBe("0.75");
    expect(parseAmount("1234.567")).toBe("1234.567");
  });

  it("reads a lone mark before exactly three digits as grouping, whichever mark", () => {
    // Spanish pages show "1,250.50" (es-MX) and no currency taken has three decimals: "1,250" is 1250.
    expect(parseAmount("1,250")).toBe("1250");
    expect(parseAmount("1.250")).toBe("1250");
    expect(parseAmount("-12,500")).toBe("-12500");
  });

  it("reads a mark used more than once as grouping", () => {
    expect(parseAmount("1,250,000")).toBe("1250000");
    expect(parseAmount("1.250.000")).toBe("1250000");
  });

  it("ignores spaces, keeps a sign and drops leading zeros", () => {
    expect(parseAmount(" 1 250,50 ")).toBe("1250.50");
    expect(parseAmount("1\u00a0250.50")).toBe("1250.50");
    expect(parseAmount("-3,5")).toBe("-3.5");
    expect(parseAmount("007")).toBe("7");
  });

  it("refuses text that is not an amount", () => {
    const refused = ["", " ", "abc", "1.2.3", "1,25,000", "1.250,5,0", "1,250.000,50", "1.250,000.50", "--1"];
    for (const text of [...refused, "1e5", "$10", "10.", ",", "1,2.5", "12 USD"])
      expect(parseAmount(text), text).toBeNull();
  });

  it("gives back any amount written in either convention, grouped or not", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.option(fc.integer({ min: 0, max: 99 })),
        fc.constantFrom(...CONVENTIONS),
        fc.boolean(),
        (whole, cents, { group, decimal }, isGrouped) => {
          const text = typed(whole, cents, isGrouped ? group : "", decimal);
          const expected = cents === null ? String(whole) : `${whole}.${String(cents).padStart(2, "0")}`;
          expect(parseAmount(text)).toBe(expected);
        },
      ),
    );
  });
});
