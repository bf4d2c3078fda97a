import type { Locale } from "./locales";

// Dates, money, numbers and country names in a page's or document's language (localisation.md
// section 2): Spanish formats as Mexico does, English as the United States; dates are always
// day/month/year digits in the order of the language (25/11/2026, 11/25/2026), and a month of a year
// is the language's short month name and the whole year ("nov 2026", "Nov 2026": never "Nov 26", which
// reads as a day). One format per language: every page, document and notification goes through these.
// Pure, for pages, documents and notifications alike.

const INTL_LOCALE: Record<Locale, string> = { es: "es-MX", en: "en-US" };

export function intlLocale(locale: Locale): string {
  return INTL_LOCALE[locale];
}

const DATE_OPTIONS: Intl.DateTimeFormatOptions = { day: "2-digit", month: "2-digit", year: "numeric" };
const TIME_OPTIONS: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit" };
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

// Building an Intl formatter costs far more than using one (the lifecycle run renders thousands of
// notices): one is kept per language and options.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(intlLocale(locale), options)));
  return format;
}

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(intlLocale(locale), options)));
  return format;
}

/**
 * A date: a calendar date ("2026-11-25") as it is, whatever the time zone; an instant in `timeZone`
 * (the viewer's own when omitted).
 */
export function formatDate(value: string | Date, locale: Locale, timeZone?: string): string {
  if (typeof value === "string" && CALENDAR_DATE.test(value))
    return dateFormat(locale, { ...DATE_OPTIONS, timeZone: "UTC" }).format(new Date(`${value}T00:00:00Z`));
  return dateFormat(locale, { ...DATE_OPTIONS, timeZone }).format(new Date(value));
}

/** An instant with its hour and minute: "25/11/2026, 14:05". */
export function formatDateTime(value: string | Date, locale: Locale, timeZone?: string): string {
  return dateFormat(locale, { ...DATE_OPTIONS, ...TIME_OPTIONS, timeZone }).format(new Date(value));
}

/** A month of a year ("2026-11"): the language's short month name and the whole year, "nov 2026", "Nov 2026". */
export function formatMonth(yearMonth: string, locale: Locale): string {
  const [year, month] = yearMonth.split("-").map(Number);
  return dateFormat(locale, { month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}

/**
 * An amount with its currency's decimals and code after it: "1,250.50 USD", as the product has always
 * written prices (the contract leaves the code's position free). The amount stays a decimal string end
 * to end: Intl formats the string itself, so no cent is lost to a binary float.
 */
export function formatMoney(amount: string | number, currency: string, locale: Locale): string {
  const parts = numberFormat(locale, {
    style: "currency",
    currency,
    currencyDisplay: "code",
  }).formatToParts(amount as Intl.StringNumericLiteral);
  const number = parts
    .filter((part) => part.type !== "currency" && part.type !== "literal")
    .map((part) => part.value)
    .join("");
  return `${number} ${currency}`;
}

/** A number with grouped digits: 1,234.56 in both languages. */
export function formatNumber(value: number | string, locale: Locale, options?: Intl.NumberFormatOptions): string {
  return numberFormat(locale, options).format(value as Intl.StringNumericLiteral);
}

/** A country's name in the language, from its ISO 3166-1 alpha-2 code; the code when Intl has none. */
export function countryName(code: string, locale: Locale): string {
  return new Intl.DisplayNames([intlLocale(locale)], { type: "region", fallback: "code" }).of(code) ?? code;
}

/**
 * An amount as a person types it, as a plain decimal string, or null for text that is not an amount. It
 * reads the same in both languages, so an amount copied from a page in either one is read as shown:
 * with both marks the last one is the decimal mark ("1,250.50", "1.250,50"); a mark used twice groups
 * ("1.250.000"); a lone mark before exactly three digits groups too ("1,250" and "1.250" are 1250: no
 * currency taken here has three decimals, and Spanish pages show amounts as es-MX does, "1,250.50", while
 * Spanish speakers elsewhere write "1.250"); any other lone mark is decimal ("1250.50", "1250,5"). Groups
 * are threes ("1,25,000" is refused); spaces are ignored.
 */
export function parseAmount(text: string): string | null {
  const typed = text.replace(/[\s\u00a0\u202f]/g, "");
  const match = /^(-?)([\d.,]*\d)$/.exec(typed);
  if (!match) return null;
  const [, sign, body] = match;
  const marks = body.replace(/\d/g, "");
  const last = marks.at(-1);
  let decimalMark: string | undefined;
  if (last === undefined) decimalMark = undefined;
  else if (marks.includes(",") && marks.includes(".")) decimalMark = last;
  else if (marks.length > 1 || /^\d{1,3}[.,]\d{3}$/.test(body)) decimalMark = undefined;
  else decimalMark = last;
  const at = decimalMark === undefined ? -1 : body.lastIndexOf(decimalMark);
  const whole = at === -1 ? body : body.slice(0, at);
  const fraction = at === -1 ? "" : body.slice(at + 1);
  if (/[.,]/.test(fraction) || (whole !== "" && !/^\d+$|^\d{1,3}([.,]\d{3})+$/.test(whole))) return null;
  // Grouping uses one mark: "1.250,000" has its decimal mark before a group.
  if (decimalMark !== undefined && whole.includes(decimalMark)) return null;
  const digits = (whole.replace(/[.,]/g, "") || "0").replace(/^0+(?=\d)/, "");
  return `${sign}${digits}${fraction ? `.${fraction}` : ""}`;
}
