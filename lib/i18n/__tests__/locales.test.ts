import { describe, expect, it } from "vitest";
import { defaultLocale, isLocale, LOCALES, negotiateLocale } from "../locales";

// localisation.md section 1: the NEXT_LOCALE cookie, else Accept-Language by order and q-values, else
// DEFAULT_LOCALE (Spanish unless told otherwise).

describe("the page's language", () => {
  it("lists Spanish and English, Spanish first", () => {
    expect(LOCALES).toEqual(["es", "en"]);
    expect(isLocale("es")).toBe(true);
    expect(isLocale("fr")).toBe(false);
  });

  it("follows a NEXT_LOCALE cookie naming a listed locale, whatever Accept-Language says", () => {
    expect(negotiateLocale({ cookie: "en", acceptLanguage: "es-MX,es;q=0.9", fallback: "es" })).toBe("en");
    expect(negotiateLocale({ cookie: "es", acceptLanguage: "en-US", fallback: "en" })).toBe("es");
  });

  it("ignores an unknown cookie value", () => {
    expect(negotiateLocale({ cookie: "fr", acceptLanguage: "en", fallback: "es" })).toBe("en");
    expect(negotiateLocale({ cookie: "EN-us", acceptLanguage: null, fallback: "es" })).toBe("es");
    expect(negotiateLocale({ cookie: "", acceptLanguage: null, fallback: "es" })).toBe("es");
  });

  it("negotiates Accept-Language by order and q-values", () => {
    expect(negotiateLocale({ acceptLanguage: "fr-FR, en;q=0.8", fallback: "es" })).toBe("en");
    expect(negotiateLocale({ acceptLanguage: "en;q=0.5, es;q=0.9", fallback: "en" })).toBe("es");
    expect(negotiateLocale({ acceptLanguage: "es;q=0.5, en;q=0.9", fallback: "es" })).toBe("en");
    expect(negotiateLocale({ acceptLanguage: "en-US,en;q=0.9,es;q=0.8", fallback: "es" })).toBe("en");
    expect(negotiateLocale({ acceptLanguage: "es-MX", fallback: "en" })).toBe("es");
    expect(negotiateLocale({ acceptLanguage: "en, es", fallback: "es" })).toBe("en");
  });

  it("falls back to the default for no header, a language not offered, a refusal (q=0) or a wildcard", () => {
    expect(negotiateLocale({ acceptLanguage: null, fallback: "es" })).toBe("es");
    expect(negotiateLocale({ acceptLanguage: "  ", fallback: "en" })).toBe("en");
    expect(negotiateLocale({ acceptLanguage: "de-DE, fr;q=0.7", fallback: "es" })).toBe("es");
    expect(negotiateLocale({ acceptLanguage: "en;q=0", fallback: "es" })).toBe("es");
    expect(negotiateLocale({ acceptLanguage: "*", fallback: "en" })).toBe("en");
    expect(negotiateLocale({ acceptLanguage: "garbage;;;q=x", fallback: "es" })).toBe("es");
  });

  it("DEFAULT_LOCALE chooses the default: es unless it names another listed locale", () => {
    expect(defaultLocale({})).toBe("es");
    expect(defaultLocale({ DEFAULT_LOCALE: "en" })).toBe("en");
    expect(defaultLocale({ DEFAULT_LOCALE: " EN " })).toBe("en");
    expect(defaultLocale({ DEFAULT_LOCALE: "fr" })).toBe("es");
  });
});
