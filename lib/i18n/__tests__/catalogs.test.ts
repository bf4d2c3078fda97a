import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { catalogs as catalogFiles } from "@/messages";
import { LOCALES } from "../locales";

// The message catalogs (localisation.md section 2): every language has every key, with the same
// placeholders, so that no page shows a key or a hole in one language only.

const folder = path.join(process.cwd(), "messages");
type Catalog = { [key: string]: string | Catalog };

/** Every namespace file of a locale's folder, each also listed in the folder's index.ts. */
function namespaceFiles(locale: string): string[] {
  return readdirSync(path.join(folder, locale))
    .filter((file) => file.endsWith(".json"))
    .map((file) => file.replace(/\.json$/, ""))
    .sort();
}

/** Every leaf of a catalog as "a.b.c" -> text. */
function flatten(catalog: Catalog, prefix = ""): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  for (const [key, value] of Object.entries(catalog)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === "object" && !Array.isArray(value))
      for (const [leaf, text] of flatten(value, name)) entries.set(leaf, text);
    else entries.set(name, value);
  }
  return entries;
}

/** The ICU arguments and tags a message uses: {name}, {count, plural, ...}, <strong>. */
function argumentsOf(message: string): string[] {
  const names = [...message.matchAll(/\{\s*([A-Za-z_][\w]*)\s*[,}]/g)].map((match) => match[1]);
  const tags = [...message.matchAll(/<([A-Za-z][\w]*)>/g)].map((match) => `<${match[1]}>`);
  return [...new Set([...names, ...tags])].sort();
}

const catalogs = Object.fromEntries(
  LOCALES.map((locale) => [locale, flatten(catalogFiles[locale] as unknown as Catalog)]),
);

/** Keys whose text is the same word in both languages (a brand, or a word both languages share). */
const SAME_IN_EVERY_LANGUAGE = new Set([
  "app.name",
  "portal.policy.plan",
  "users.list.roles",
  "users.roles.title",
  "geography.continents.asia",
  "codes.language.es",
  "codes.language.en",
  "codes.notificationChannel.MESSAGING",
  "common.none",
  "common.no",
  "codes.payoutMethod.CHEQUE",
  "reports.filters.plan",
  "reports.filters.planOption",
  "validation.summaryLink",
]);

describe("message catalogs", () => {
  it("exist for exactly the listed locales", () => {
    const folders = readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(folders).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES)("%s: every namespace file is in the catalog, and no other", (locale) => {
    expect(Object.keys(catalogFiles[locale]).sort()).toEqual(namespaceFiles(locale));
  });

  it.each(LOCALES.flatMap((a) => LOCALES.filter((b) => b !== a).map((b) => [a, b] as const)))(
    "every key of %s is in %s",
    (a, b) => {
      const missing = [...catalogs[a].keys()].filter((key) => !catalogs[b].has(key));
      expect(missing, `keys of ${a} missing from ${b}`).toEqual([]);
    },
  );

  it.each(LOCALES)("%s: every message is a non-empty text", (locale) => {
    const bad = [...catalogs[locale]]
      .filter(([, text]) => typeof text !== "string" || text.trim() === "")
      .map(([key]) => key);
    expect(bad).toEqual([]);
  });

  it("every message has the same placeholders in every language", () => {
    const [first, ...others] = LOCALES;
    const differing: string[] = [];
    for (const [key, text] of catalogs[first]) {
      for (const locale of others) {
        const other = catalogs[locale].get(key);
        if (
          typeof text === "string" &&
          typeof other === "string" &&
          argumentsOf(text).join() !== argumentsOf(other).join()
        )
          differing.push(`${key} (${first}: ${argumentsOf(text)}; ${locale}: ${argumentsOf(other)})`);
      }
    }
    expect(differing).toEqual([]);
  });

  it("the Spanish catalog is translated: no message is left as its English text", () => {
    const untranslated = [...catalogs.es]
      .filter(([key, text]) => catalogs.en.get(key) === text && !SAME_IN_EVERY_LANGUAGE.has(key))
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });

  it("the checks themselves find a missing key and a changed placeholder", () => {
    const en = flatten({ a: { b: "Hello {name}", c: "x" } });
    const es = flatten({ a: { b: "Hola {nombre}" } });
    expect([...en.keys()].filter((key) => !es.has(key))).toEqual(["a.c"]);
    expect(argumentsOf(String(en.get("a.b")))).not.toEqual(argumentsOf(String(es.get("a.b"))));
    expect(argumentsOf("<strong>{email}</strong> {count, plural, one {# day} other {# days}}")).toEqual([
      "<strong>",
      "count",
      "email",
    ]);
  });
});
