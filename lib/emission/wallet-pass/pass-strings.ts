import { LOCALES, type Locale } from "@/lib/i18n/locales";
import { catalogs } from "@/messages";

// Wallet shows a pass in the phone's language: every label of pass.json, and every value that is a
// fixed text or a status code, is a key of the `<locale>.lproj/pass.strings` files in the pass, which
// Wallet looks up in the phone's language (Apple's pass localization). The values that are data (names,
// numbers, dates given as ISO dates that Wallet formats itself) stay as they are. One file per language
// of the product, made from the `pass` catalog (labels, fixed texts) and the `codes` catalog (statuses).

/** The keys of pass.json's labels: the field keys themselves. */
export type PassLabel = keyof (typeof catalogs)["en"]["pass"]["labels"];
/** Fixed texts given as values, by key. */
export type PassText = keyof (typeof catalogs)["en"]["pass"]["texts"];

/** One .strings entry: "key" = "text"; with quotes, backslashes and line breaks escaped. */
function entry(key: string, text: string): string {
  const quote = (value: string) =>
    `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n").replace(/\r/g, "\\r")}"`;
  return `${quote(key)} = ${quote(text)};`;
}

/** The pass.strings text of a language: labels, fixed texts and the policy statuses. */
export function passStrings(locale: Locale): string {
  const { pass, codes } = catalogs[locale];
  const lines = [
    "/* Field labels */",
    ...Object.entries(pass.labels).map(([key, text]) => entry(key, text)),
    "/* Fixed texts */",
    ...Object.entries(pass.texts).map(([key, text]) => entry(key, text)),
    "/* Policy statuses (the status field's value is the API's code) */",
    ...Object.entries(codes.policyStatus).map(([code, text]) => entry(code, text)),
  ];
  return `${lines.join("\n")}\n`;
}

/** Every language's strings file, by its path in the pass (UTF-8 text, as pass generators commonly write it). */
export function passLocalizations(): Record<string, Uint8Array> {
  return Object.fromEntries(
    LOCALES.map((locale) => [`${locale}.lproj/pass.strings`, new TextEncoder().encode(passStrings(locale))]),
  );
}
