import Negotiator from "negotiator";
import { LANGUAGES, type Language } from "@/db/enums";

// The languages of the back office, portal, documents and notifications (localisation.md section 1).
// Adding one is listing it in db/enums.ts LANGUAGES and adding its catalog (messages/<locale>/, with
// every key of the others, registered in messages/index.ts).
export const LOCALES = LANGUAGES;
export type Locale = Language;

/** The cookie that keeps a visitor's chosen language (next-intl's own name for it). */
export const LOCALE_COOKIE = "NEXT_LOCALE";

/** The request header in which proxy.ts passes a page's path on to the language choice. */
export const PATHNAME_HEADER = "x-page-path";

/** The pages that need no sign-in: their language is the visitor's, never a saved one. */
const PUBLIC_PAGES = ["/sign-in", "/verify/", "/forgot-password", "/set-password", "/verify-email"];

export function isPublicPage(path: string): boolean {
  return PUBLIC_PAGES.some((page) => path === page || path.startsWith(page.endsWith("/") ? page : `${page}/`));
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** DEFAULT_LOCALE when it names a listed locale, else Spanish. */
export function defaultLocale(env: Partial<NodeJS.ProcessEnv> = process.env): Locale {
  const configured = env.DEFAULT_LOCALE?.trim().toLowerCase();
  return isLocale(configured) ? configured : "es";
}

/**
 * The page's language: the NEXT_LOCALE cookie when it names a listed locale (another value is ignored),
 * else the best match of Accept-Language by its order and q-values ("fr-FR, en;q=0.8" gives en, a
 * regional tag matching its language), else the default.
 */
export function negotiateLocale(input: {
  cookie?: string | null;
  acceptLanguage?: string | null;
  fallback?: Locale;
}): Locale {
  const fallback = input.fallback ?? defaultLocale();
  if (isLocale(input.cookie)) return input.cookie;
  const header = input.acceptLanguage?.trim();
  if (!header) return fallback;
  // The default first, so that a wildcard (*) or a tie prefers it.
  const available = [fallback, ...LOCALES.filter((locale) => locale !== fallback)];
  const best = new Negotiator({ headers: { "accept-language": header } }).language(available);
  return isLocale(best) ? best : fallback;
}
