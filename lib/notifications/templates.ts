import { createTranslator } from "next-intl";
import type { Language } from "@/db/enums";
import { formatDate, formatMoney } from "@/lib/i18n/format";
import { catalogs } from "@/messages";

// Every notification by template name (localisation.md section 2). Its words are catalog texts,
// messages/<locale>/notifications.json under the template's name (`policy.issued` -> policy.issued.subject
// and policy.issued.body); here is only what a template takes from its payload, formatted for the
// recipient's language, and which of those values its approved WhatsApp template receives.

type Payload = Record<string, unknown>;
type Params = Record<string, string>;
export type Rendered = { subject: string; body: string };

type TemplateDefinition = {
  /** The catalog texts' arguments, from the payload, in the language. */
  params: (payload: Payload, language: Language) => Params;
  /** The body parameters of the approved WhatsApp template ({{1}}, {{2}} ...), by argument name. */
  whatsapp: readonly string[];
};

function text(value: unknown): string {
  return value === null || value === undefined ? "" : String(value);
}

/** A calendar date or instant as the language writes it (25/11/2026, 11/25/2026); as it is if unreadable. */
function date(value: unknown, language: Language): string {
  if (typeof value !== "string" && !(value instanceof Date)) return text(value);
  try {
    return formatDate(value, language, "UTC");
  } catch {
    return text(value);
  }
}

/** An amount with its currency code (25.00 USD); as it is if either is unreadable. */
function money(amount: unknown, currency: unknown, language: Language): string {
  try {
    return formatMoney(text(amount), text(currency), language);
  } catch {
    return `${text(amount)} ${text(currency)}`.trim();
  }
}

/** "yes" or "no" for an optional part of a text ({hasName, select, yes { {name}} other {}}). */
function has(value: unknown): string {
  return text(value).trim() === "" ? "no" : "yes";
}

/** Every template greets its recipient by name, when there is one. */
function greeting(p: Payload): Params {
  return { name: text(p.name), hasName: has(p.name) };
}

const TEMPLATES: Record<string, TemplateDefinition> = {
  "account.welcome": {
    params: (p) => ({ ...greeting(p), email: text(p.email), hasEmail: has(p.email) }),
    whatsapp: ["name"],
  },
  "policy.issued": {
    params: (p, language) => ({
      ...greeting(p),
      policy_number: text(p.policy_number),
      start_date: date(p.start_date, language),
      end_date: date(p.end_date, language),
      premium: money(p.final_price, p.currency, language),
    }),
    whatsapp: ["name", "policy_number", "start_date", "end_date", "premium"],
  },
  "payment.failed": {
    params: (p, language) => ({
      ...greeting(p),
      policy_number: text(p.policy_number),
      amount: money(p.amount, p.currency, language),
      reason: text(p.reason),
      hasReason: has(p.reason),
    }),
    whatsapp: ["name", "policy_number", "amount"],
  },
  "payment.retry_limit": {
    params: (p, language) => ({
      ...greeting(p),
      policy_number: text(p.policy_number),
      amount: money(p.amount, p.currency, language),
    }),
    whatsapp: ["name", "policy_number", "amount"],
  },
  "payment.arrears_reminder": {
    params: (p, language) => ({
      ...greeting(p),
      policy_number: text(p.policy_number),
      premium: money(p.final_price, p.currency, language),
    }),
    whatsapp: ["name", "policy_number", "premium"],
  },
  // The processor ended a card subscription by itself (lifecycle.md section 3): the policy goes on unpaid.
  "payment.subscription_ended": {
    params: (p) => ({ ...greeting(p), policy_number: text(p.policy_number) }),
    whatsapp: ["name", "policy_number"],
  },
  "policy.expiring": {
    params: (p, language) => ({
      ...greeting(p),
      policy_number: text(p.policy_number),
      end_date: date(p.end_date, language),
    }),
    whatsapp: ["name", "policy_number", "end_date"],
  },
  // lifecycle.md section 8: cancelled now, or at the end of the paid period; the cooling-off refund if any.
  "policy.cancelled": {
    params: (p, language) => ({
      ...greeting(p),
      policy_number: text(p.policy_number),
      cancelled_on: date(p.cancelled_on, language),
      isScheduled: p.is_scheduled === true ? "yes" : "no",
      refund: money(p.refund_amount, p.currency, language),
      hasRefund: Number(p.refund_amount) > 0 ? "yes" : "no",
    }),
    whatsapp: ["name", "policy_number", "cancelled_on"],
  },
  // lifecycle.md section 7: the covered lives changed, and with them the premium of every premium not yet paid.
  "policy.endorsed": {
    params: (p, language) => ({
      ...greeting(p),
      policy_number: text(p.policy_number),
      effective_date: date(p.effective_date, language),
      added: text(p.added ?? 0),
      removed: text(p.removed ?? 0),
      premium_before: money(p.premium_before, p.currency, language),
      premium_after: money(p.premium_after, p.currency, language),
    }),
    whatsapp: ["name", "policy_number", "effective_date", "premium_after"],
  },
  // The daily lifecycle run's notices (lifecycle.md section 4, step 6).
  "policy.in_arrears": {
    params: (p, language) => ({
      ...greeting(p),
      policy_number: text(p.policy_number),
      amount: money(p.amount, p.currency, language),
      grace_ends_on: date(p.grace_ends_on, language),
    }),
    whatsapp: ["name", "policy_number", "amount", "grace_ends_on"],
  },
  "policy.lapsed": {
    params: (p, language) => ({
      ...greeting(p),
      policy_number: text(p.policy_number),
      lapsed_on: date(p.lapsed_on, language),
      reinstatable_until: date(p.reinstatable_until, language),
      reinstatable: has(p.reinstatable_until),
    }),
    whatsapp: ["name", "policy_number", "lapsed_on"],
  },
  "policy.renewal_notice": {
    params: (p, language) => ({
      ...greeting(p),
      policy_number: text(p.policy_number),
      end_date: date(p.end_date, language),
      term_start_date: date(p.term_start_date, language),
      premium: money(p.final_price, p.currency, language),
      dropped: text(p.dropped),
      hasDropped: has(p.dropped),
    }),
    whatsapp: ["name", "policy_number", "term_start_date", "premium"],
  },
  "policy.renewed": {
    params: (p, language) => ({
      ...greeting(p),
      policy_number: text(p.policy_number),
      term_start_date: date(p.term_start_date, language),
      end_date: date(p.end_date, language),
      premium: money(p.final_price, p.currency, language),
    }),
    whatsapp: ["name", "policy_number", "term_start_date", "end_date", "premium"],
  },
  "policy.expired": {
    params: (p, language) => ({
      ...greeting(p),
      policy_number: text(p.policy_number),
      end_date: date(p.end_date, language),
    }),
    whatsapp: ["name", "policy_number", "end_date"],
  },
  "policy.not_taken_up": {
    params: (p, language) => ({
      ...greeting(p),
      policy_number: text(p.policy_number),
      start_date: date(p.start_date, language),
    }),
    whatsapp: ["name", "policy_number", "start_date"],
  },
  // Account links (trust.md sections 1 and 2): payload.url carries a single-use token; see redactPayload.
  "auth.verify_email": { params: (p) => ({ ...greeting(p), url: text(p.url) }), whatsapp: ["name", "url"] },
  "auth.invitation": { params: (p) => ({ ...greeting(p), url: text(p.url) }), whatsapp: ["name", "url"] },
  "auth.password_reset": { params: (p) => ({ ...greeting(p), url: text(p.url) }), whatsapp: ["name", "url"] },
};

export const TEMPLATE_NAMES: readonly string[] = Object.keys(TEMPLATES);

/** The templates whose `payload.url` holds a single-use token (verification, invitation, reset). */
export const TOKEN_LINK_TEMPLATES: ReadonlySet<string> = new Set([
  "auth.verify_email",
  "auth.invitation",
  "auth.password_reset",
]);

export const REDACTED = "REDACTED";

const TOKEN_IN_LINK = /([?&]token=)[^&#\s]*/g;

/**
 * The payload with the token of an account link replaced by "REDACTED" (trust.md section 2): what is
 * stored once the message is SENT, and what every reader but a signed-in administrator sees. Other
 * templates' payloads are returned as they are.
 */
export function redactPayload(template: string, payload: Record<string, unknown>): Record<string, unknown> {
  if (!TOKEN_LINK_TEMPLATES.has(template) || typeof payload.url !== "string") return payload;
  return { ...payload, url: payload.url.replace(TOKEN_IN_LINK, `$1${REDACTED}`) };
}

/** The rendered body with the same redaction: it carries the link too. */
export function redactBody(template: string, body: string | null): string | null {
  if (!TOKEN_LINK_TEMPLATES.has(template) || body === null) return body;
  return body.replace(TOKEN_IN_LINK, `$1${REDACTED}`);
}

export function isKnownTemplate(name: string): boolean {
  return Object.hasOwn(TEMPLATES, name);
}

function definitionOf(name: string): TemplateDefinition {
  if (!isKnownTemplate(name)) throw new Error(`unknown notification template: ${name}`);
  return TEMPLATES[name];
}

type Translate = (key: string, values: Params) => string;
const translators = new Map<Language, Translate>();

/** One translator per language, made once: it keeps its parsed messages. */
function translatorOf(language: Language): Translate {
  let translate = translators.get(language);
  if (!translate) {
    const t = createTranslator({
      locale: language,
      messages: catalogs[language],
      namespace: "notifications",
      // A missing text or argument is a bug of the catalog: fail loudly rather than send the key.
      onError: (error) => {
        throw error;
      },
    });
    translate = t as unknown as Translate;
    translators.set(language, translate);
  }
  return translate;
}

/** The subject and body of a notification in the language, from its catalog texts. */
export function renderTemplate(name: string, payload: Payload, language: Language): Rendered {
  const params = definitionOf(name).params(payload, language);
  const translate = translatorOf(language);
  return { subject: translate(`${name}.subject`, params), body: translate(`${name}.body`, params) };
}

/** WhatsApp's language code of each of our languages: the language its approved templates are in. */
export const WHATSAPP_LANGUAGE_CODES: Record<Language, string> = { es: "es_MX", en: "en_US" };

/** The setting that names a template's approved WhatsApp template: WHATSAPP_TEMPLATE_PAYMENT_RETRY_LIMIT. */
export function whatsappTemplateSetting(name: string): string {
  return `WHATSAPP_TEMPLATE_${name.toUpperCase().replace(/[^A-Z0-9]+/g, "_")}`;
}

/** The approved WhatsApp template's name: its setting, else the template's name with "_" (payment_retry_limit). */
export function whatsappTemplateName(name: string, env: Partial<NodeJS.ProcessEnv> = process.env): string {
  return env[whatsappTemplateSetting(name)]?.trim() || name.replace(/[^a-z0-9]+/gi, "_").toLowerCase();
}

export type WhatsAppTemplate = {
  name: string;
  language: { code: string };
  components: Array<{ type: "body"; parameters: Array<{ type: "text"; text: string }> }>;
};

/**
 * The `template` object of a WhatsApp Cloud API message (type "template"): a conversation the business
 * starts must use an approved template. Its body parameters are the template's values in the language,
 * in the order of TEMPLATES[name].whatsapp; WhatsApp refuses a parameter with a line break, a tab or
 * more than four spaces in a row, so white space is collapsed.
 */
export function whatsappTemplate(name: string, payload: Payload, language: Language): WhatsAppTemplate {
  const definition = definitionOf(name);
  const params = definition.params(payload, language);
  return {
    name: whatsappTemplateName(name),
    language: { code: WHATSAPP_LANGUAGE_CODES[language] },
    components: [
      {
        type: "body",
        parameters: definition.whatsapp.map((key) => ({
          type: "text",
          text: (params[key] ?? "").replace(/\s+/g, " ").trim() || "-",
        })),
      },
    ],
  };
}
