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

/**
 * A date: a calendar date ("2026-11-25") as it is, whatever the time zone; an instant in `timeZone`
 * (the viewer's own when omitted).
 */
export function formatDate(value: string | Date, locale: Locale, timeZone?: string): string {
  if (typeof value === "string" && CALENDAR_DATE.test(value))
    return new Intl.DateTimeFormat(intlLocale(locale), { ...DATE_OPTIONS, timeZone: "UTC" }).format(
      new Date(`${value}T00:00:00Z`),
    );
  return new Intl.DateTimeFormat(intlLocale(locale), { ...DATE_OPTIONS, timeZone }).format(new Date(value));
}

/** An instant with its hour and minute: "25/11/2026, 14:05". */
export function formatDateTime(value: string | Date, locale: Locale, timeZone?: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { ...DATE_OPTIONS, ...TIME_OPTIONS, timeZone }).format(
    new Date(value),
  );
}

/** A month of a year ("2026-11"): the language's short month name and the whole year, "nov 2026", "Nov 2026". */
export function formatMonth(yearMonth: string, locale: Locale): string {
  const [year, month] = yearMonth.split("-").map(Number);
  return new Intl.DateTimeFormat(intlLocale(locale), { month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}

/**
 * An amount with its currency's decimals and code after it: "1,250.50 USD", as the product has always
 * written prices (the contract leaves the code's position free). The amount stays a decimal string end
 * to end: Intl formats the string itself, so no cent is lost to a binary float.
 */
export function formatMoney(amount: string | number, currency: string, locale: Locale): string {
  const parts = new Intl.NumberFormat(intlLocale(locale), {
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
  return new Intl.NumberFormat(intlLocale(locale), options).format(value as Intl.StringNumericLiteral);
}

/** A country's name in the language, from its ISO 3166-1 alpha-2 code; the code when Intl has none. */
export function countryName(code: string, locale: Locale): string {
  return new Intl.DisplayNames([intlLocale(locale)], { type: "region", fallback: "code" }).of(code) ?? code;
}

/**
 * An amount as a person types it, as a plain decimal string: "1250.50", "1,250.50" and "1.250,50" all
 * give "1250.50" (a comma or point followed by exactly two digits at the end is the decimal mark, and
 * so is one followed by a single digit, "12.5"; any other comma or point groups digits by threes). Null
 * for text that is not an amount.
 */
export function parseAmount(text: string): string | null {
  const trimmed = text.trim().replace(/[\s\u00a0]/g, "");
  if (!/^-?[\d.,]*\d$/.test(trimmed) || !/\d/.test(trimmed)) return null;
  const decimal = /[.,](\d{1,2})$/.exec(trimmed);
  const whole = decimal ? trimmed.slice(0, decimal.index) : trimmed;
  const digits = whole.replace(/[.,]/g, "").replace(/^(-?)$/, "$10");
  if (!/^-?\d+$/.test(digits)) return null;
  // A grouping mark must group by threes: "1,25" or "12,3456" is not an amount.
  if (/[.,]/.test(whole) && !/^-?\d{1,3}([.,]\d{3})+$/.test(whole)) return null;
  return decimal ? `${digits}.${decimal[1]}` : digits;
}
