import type { z } from "zod";
import { ISSUE_CODES, issueCode, type IssueParams } from "./issue-code";
import { formatNumber } from "./format";
import type { Locale } from "./locales";

// The page's words for a validation problem (issue 21 point 2): one text per code in the `validation`
// catalog, for the form's own checks (useZodResolver) and the API's 422 items (useFieldErrorMessage)
// alike, in every language. zod's and the API's English messages never reach a page.

/** The `validation` namespace's translator, as next-intl's `useTranslations("validation")` gives it. */
export type ValidationTranslator = {
  (key: never, values?: never): string;
  has(key: never): boolean;
};

/** The codes whose text names a limit, and which limit. */
const LIMIT_OF: Partial<Record<string, keyof IssueParams>> = {
  too_short: "min",
  too_small: "min",
  too_few: "min",
  too_long: "max",
  too_large: "max",
  too_many: "max",
};

/**
 * The catalog's text for a problem's code, its limit written as the page writes numbers (formatNumber:
 * es-MX's "9,999,999,999.99" on Spanish pages, not next-intl's "es"). A code the catalog does not have,
 * or one whose text names a limit the problem does not carry (an API item has no limit), reads as the
 * general `invalid`.
 */
export function validationMessage(
  t: ValidationTranslator,
  locale: Locale,
  code: string,
  params: IssueParams = {},
): string {
  const limit = LIMIT_OF[code];
  if (!t.has(code as never) || (limit && params[limit] === undefined)) return t("invalid" as never);
  const written = Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, formatNumber(value, locale)]),
  );
  return t(code as never, written as never);
}

/**
 * A form's code and words for a zod issue (parsed with `reportInput`): an empty text is `required`
 * whatever check refused it (a date's pattern, an enum), since filling it in is what the person has to
 * do; otherwise the issue's own code.
 */
export function formIssue(
  t: ValidationTranslator,
  locale: Locale,
  issue: z.core.$ZodIssue,
): { code: string; message: string } {
  const isEmptyText =
    issue.code !== "custom" && "input" in issue && typeof issue.input === "string" && issue.input.trim() === "";
  const { code, params } = isEmptyText ? { code: "required", params: {} } : issueCode(issue);
  return { code, message: validationMessage(t, locale, code, params) };
}

/**
 * The page's words for an item of an API 422 (`{path, message, code}`). A schema's code (ISSUE_CODES)
 * is always the catalog's text: its message is zod's or a terse one. A rule's own code (`date_in_past`,
 * `above_max_entry_age`, ...) keeps the API's message on English pages, since it names the values
 * concerned ("at 2026-11-28 exceeds the maximum entry age of 70"), and is the catalog's text in any other
 * language. An item without a code keeps its message.
 */
export function apiItemMessage(
  t: ValidationTranslator,
  locale: Locale,
  { message, code }: { message: string; code?: string },
): string {
  if (!code) return message;
  const isRule = !(ISSUE_CODES as readonly string[]).includes(code);
  return isRule && locale === "en" ? message : validationMessage(t, locale, code);
}
