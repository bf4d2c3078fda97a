import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { catalogs } from "@/messages";
import { PhoneInput } from "@/lib/schemas";
import { issueCode } from "../issue-code";
import type { Locale } from "../locales";
import { typedAmount } from "../typed-amount";
import { apiItemMessage, formIssue, validationMessage } from "../validation-message";

// Issue 21 point 2: every rule a form checks reads as the `validation` catalog's sentence in the page's
// language, never as zod's English ("Too big: expected string to have <=120 characters").

const translators = {
  en: createTranslator({ locale: "en", messages: catalogs.en, namespace: "validation" }),
  es: createTranslator({ locale: "es", messages: catalogs.es, namespace: "validation" }),
};

/** The page's message for the first problem of `value` under `schema`, as useZodResolver words it. */
function messageFor(schema: z.ZodType, value: unknown, locale: Locale): string {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) throw new Error(`${JSON.stringify(value)} was accepted`);
  return formIssue(translators[locale], locale, result.error.issues[0]).message;
}

const Form = z.object({
  name: z.string().trim().min(1).max(120),
  password: z.string().min(12),
  email: z.email(),
  age: z.number().int().min(18).max(75),
  birth_date: z.iso.date(),
  kinship: z.enum(["SELF", "SPOUSE", "CHILD"]),
});
const field = <K extends keyof typeof Form.shape>(key: K) => Form.shape[key];

describe("each rule's message, in English and Spanish", () => {
  it.each([
    [
      "too long, naming the maximum",
      field("name"),
      "x".repeat(121),
      "Use at most 120 characters.",
      "Usa como máximo 120 caracteres.",
    ],
    [
      "too short, naming the minimum",
      field("password"),
      "short",
      "Use at least 12 characters.",
      "Usa al menos 12 caracteres.",
    ],
    ["an empty text", field("name"), "   ", "This field is required.", "Este campo es obligatorio."],
    ["a missing value", field("email"), undefined, "This field is required.", "Este campo es obligatorio."],
    [
      "not an e-mail",
      field("email"),
      "name@",
      "Enter a valid e-mail address, like name@example.com.",
      "Escribe un correo electrónico válido, como nombre@ejemplo.com.",
    ],
    ["not a number", field("age"), "forty", "Enter a number.", "Escribe un número."],
    ["not a whole number", field("age"), 40.5, "Enter a whole number.", "Escribe un número entero."],
    ["too small, naming the bound", field("age"), 17, "Enter 18 or more.", "Escribe 18 o más."],
    ["too big, naming the bound", field("age"), 76, "Enter 75 or less.", "Escribe 75 o menos."],
    ["an invalid date", field("birth_date"), "2026-13-45", "Enter a valid date.", "Escribe una fecha válida."],
    ["a date left empty", field("birth_date"), "", "This field is required.", "Este campo es obligatorio."],
    ["a choice left empty", field("kinship"), "", "This field is required.", "Este campo es obligatorio."],
    ["a choice not offered", field("kinship"), "COUSIN", "Choose one of the options.", "Elige una de las opciones."],
    [
      "a text that is no phone number",
      PhoneInput,
      "call me",
      "This value does not have the expected format.",
      "Este valor no tiene el formato esperado.",
    ],
  ])("words %s", (_, schema, value, english, spanish) => {
    expect(messageFor(schema as z.ZodType, value, "en")).toBe(english);
    expect(messageFor(schema as z.ZodType, value, "es")).toBe(spanish);
  });

  it("words an amount's problems, with the bound written as the language writes numbers", () => {
    expect(messageFor(typedAmount(), "12 USD", "en")).toBe("Enter an amount, like 1,250.50.");
    expect(messageFor(typedAmount(), "12 USD", "es")).toBe("Escribe un importe, como 1,250.50.");
    expect(messageFor(typedAmount(), "0", "en")).toBe("Enter 0.01 or more.");
    expect(messageFor(typedAmount(), "0", "es")).toBe("Escribe 0.01 o más.");
    expect(messageFor(typedAmount(), "10,000,000,000", "en")).toBe("Enter 9,999,999,999.99 or less.");
    expect(messageFor(typedAmount(), "10.000.000.000", "es")).toBe("Escribe 9,999,999,999.99 o menos.");
    expect(messageFor(typedAmount(), "", "es")).toBe("Este campo es obligatorio.");
  });

  it("words the codes of the API's rules, such as a phone number its country does not have", () => {
    expect(validationMessage(translators.en, "en", "invalid_phone")).toBe(
      "Enter a phone number of the country chosen, like 55 1234 5678, or one starting with + and its country code.",
    );
    expect(validationMessage(translators.es, "es", "invalid_phone")).toBe(
      "Escribe un teléfono del país elegido, como 55 1234 5678, o uno que empiece con + y el código del país.",
    );
    expect(validationMessage(translators.es, "es", "date_in_past")).toBe("Escribe la fecha de hoy o una posterior.");
  });

  it("falls back to the general text for an unknown code, or a limit the problem does not name", () => {
    expect(validationMessage(translators.en, "en", "no_such_code")).toBe("Check this value.");
    expect(validationMessage(translators.es, "es", "no_such_code")).toBe("Revisa este valor.");
    // An item of the API's 422 carries its code but not the limit.
    expect(validationMessage(translators.en, "en", "too_long")).toBe("Check this value.");
    expect(validationMessage(translators.es, "es", "too_large")).toBe("Revisa este valor.");
  });
});

describe("an amount field", () => {
  it("takes 1.250,50, 1,250.50 and 1250.5 as 1250.50", () => {
    expect(typedAmount().parse("1.250,50")).toBe("1250.50");
    expect(typedAmount().parse("1,250.50")).toBe("1250.50");
    expect(typedAmount().parse("1250.5")).toBe("1250.50");
  });

  it("reads a lone mark before three digits as grouping", () => {
    expect(typedAmount().parse("1.250")).toBe("1250.00");
    expect(typedAmount().parse("1,250")).toBe("1250.00");
  });

  it("reports each problem with its catalog code", () => {
    const codeOf = (text: string, bounds?: { min?: number; max?: number }) => {
      const result = typedAmount(bounds).safeParse(text);
      return result.success ? null : issueCode(result.error.issues[0]).code;
    };
    expect(codeOf(" ")).toBe("required");
    expect(codeOf("1,25,000")).toBe("invalid_amount");
    expect(codeOf("0.00")).toBe("too_small");
    expect(codeOf("5", { min: 10 })).toBe("too_small");
    expect(codeOf("10,000,000,000.00")).toBe("too_large");
    expect(codeOf("101", { max: 100 })).toBe("too_large");
  });
});

describe("an item of the API's 422 in the page's words", () => {
  const zodTooLong = { message: "Too big: expected string to have <=120 characters", code: "too_long" };
  const rule = { message: "at 2026-11-28 exceeds the maximum entry age of 70", code: "above_max_entry_age" };

  it("words a schema's code from the catalog in every language, never zod's English", () => {
    expect(apiItemMessage(translators.en, "en", zodTooLong)).toBe("Check this value.");
    expect(apiItemMessage(translators.es, "es", zodTooLong)).toBe("Revisa este valor.");
    expect(apiItemMessage(translators.en, "en", { message: "is required", code: "required" })).toBe(
      "This field is required.",
    );
  });

  it("keeps a rule's own English message, which names the values, on English pages only", () => {
    expect(apiItemMessage(translators.en, "en", rule)).toBe(rule.message);
    expect(apiItemMessage(translators.es, "es", rule)).toBe("Esta persona supera la edad máxima de ingreso del plan.");
  });

  it("keeps the message of an item without a code", () => {
    expect(apiItemMessage(translators.es, "es", { message: "is odd" })).toBe("is odd");
  });
});
