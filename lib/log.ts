import pino from "pino";

// What the service writes to its log. Errors are logged through here, never handed to console.* as
// objects: Node prints an error's own properties, and SDK errors carry request headers, request bodies
// and raw responses (an Authorization header, a password, an API key echoed back by a provider).
// logError logs the error's name, message, stack and causes only, and redacts secrets from all of it
// (and from the context line, which may hold a URL).

const REDACTED = "[redacted]";

// Names of settings whose values are secrets (AUTH_SECRET, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET,
// OPENAI_API_KEY, RESEND_API_KEY, HUBSPOT_ACCESS_TOKEN, WHATSAPP_TOKEN, INNGEST_SIGNING_KEY, ...).
const SECRET_SETTING = /SECRET|PASSWORD|PASSPHRASE|TOKEN|(^|_)KEY($|_)|_KEYS?$/i;

// Secrets recognised by their shape, wherever they appear.
const SECRET_PATTERNS: Array<[RegExp, string]> = [
  // Authorization header values, wherever they are printed.
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`],
  // Header and field names that hold a credential, as `name: value`, `name=value` or `"name":"value"`.
  [
    /(["']?\b(?:authorization|proxy-authorization|x-api-key|api[_-]?key|cookie|set-cookie|stripe-signature|x-inngest-signature|password|new_password|current_password|secret|client_secret|access_token|refresh_token|token)\b["']?\s*[:=]\s*["']?)[^"'&\s,;}]+/gi,
    `$1${REDACTED}`,
  ],
  // Stripe secret, restricted and webhook keys; OpenAI keys; Resend keys; HubSpot private-app tokens.
  [/\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]+/g, REDACTED],
  [/\bwhsec_[A-Za-z0-9+/=_-]+/g, REDACTED],
  [/\bsk-[A-Za-z0-9_-]{16,}/g, REDACTED],
  [/\bre_[A-Za-z0-9_]{16,}/g, REDACTED],
  [/\bpat-[a-z]{2,3}\d?-[0-9a-f-]{20,}/gi, REDACTED],
  // Our own API keys and refresh tokens, and JWTs and JWEs (access tokens, session cookies).
  [/\b(?:ck|rt)_[A-Za-z0-9_-]{16,}/g, REDACTED],
  [/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_.-]+/g, REDACTED],
  // Passwords in connection strings, and credentials in query strings and verification links.
  [/(\/\/[^:/@\s]+:)[^@/\s]+@/g, `$1${REDACTED}@`],
  [/([?&](?:token|key|api_key|secret|password|signature|code)=)[^&#\s]+/gi, `$1${REDACTED}`],
  [/(\/verify\/)[^/?#\s"']+/g, `$1${REDACTED}`],
];

/** The values of the secret settings in `env` (long enough to be secrets, not flags). */
function secretValues(env: Record<string, string | undefined>): string[] {
  const values: string[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (!value || value.length < 8) continue;
    if (SECRET_SETTING.test(name)) values.push(value);
    if (name === "DATABASE_URL" || name === "TEST_DATABASE_URL") {
      try {
        const password = decodeURIComponent(new URL(value).password);
        if (password.length >= 4) values.push(password);
      } catch {
        // not a URL (memory://, a directory): nothing to hide
      }
    }
  }
  // Longest first, so that a secret containing another is removed whole.
  return values.sort((a, b) => b.length - a.length);
}

/** `text` with every configured secret value and every credential-shaped string replaced by [redacted]. */
export function redact(text: string, env: Record<string, string | undefined> = process.env): string {
  let result = text;
  for (const value of secretValues(env)) result = result.split(value).join(REDACTED);
  for (const [pattern, replacement] of SECRET_PATTERNS) result = result.replace(pattern, replacement);
  return result;
}

/** An error as text: name, message, stack and causes, without the properties SDKs hang on it. */
export function describeForLog(error: unknown, depth = 0): string {
  if (error instanceof Error) {
    const head = `${error.name}: ${error.message}`;
    let text =
      error.stack && error.stack.includes(error.message)
        ? error.stack
        : `${head}${error.stack ? `\n${error.stack.split("\n").slice(1).join("\n")}` : ""}`;
    const code =
      (error as { code?: unknown; statusCode?: unknown }).code ?? (error as { statusCode?: unknown }).statusCode;
    if (typeof code === "string" || typeof code === "number") text += `\n  (code ${code})`;
    if (error instanceof AggregateError && depth < 3)
      for (const inner of error.errors) text += `\n[inner] ${describeForLog(inner, depth + 1)}`;
    if (error.cause !== undefined && depth < 3) text += `\n[cause] ${describeForLog(error.cause, depth + 1)}`;
    return text;
  }
  if (typeof error === "string") return error;
  try {
    return (
      JSON.stringify(error, (_key, value) => (value instanceof Error ? describeForLog(value, depth + 1) : value)) ??
      String(error)
    );
  } catch {
    return String(error);
  }
}

// One JSON line per entry (pino): {"level":"error","time":"...","requestId":"...","msg":"...","err":"..."},
// the request's id when the caller has one. Every string field and the message are redacted. The lines
// are written synchronously through the console (errors and warnings to stderr, the rest to stdout), with
// no transport: pino's transports run in worker threads, which neither Next.js's bundle nor the custom
// server's esbuild bundle carries.
const TO_STDERR = /^\{"level":"(?:warn|error|fatal)"/;

const logger = pino(
  {
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: {
      level: (label) => ({ level: label }),
      log: (fields) => redactFields(fields),
    },
    hooks: {
      logMethod(args, method) {
        const at = typeof args[0] === "string" ? 0 : 1;
        if (typeof args[at] === "string") args[at] = redact(args[at]);
        return method.apply(this, args);
      },
    },
  },
  {
    write(line: string) {
      const text = line.endsWith("\n") ? line.slice(0, -1) : line;
      if (TO_STDERR.test(line)) console.error(text);
      else console.log(text);
    },
  },
);

function redactFields(fields: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const key in fields) {
    const value = fields[key];
    result[key] = typeof value === "string" ? redact(value) : value;
  }
  return result;
}

/** What may go with an entry: the id of the request it belongs to, and other plain fields. */
export type LogFields = { requestId?: string; [field: string]: unknown };

/** Logs a failure: `context` (what failed, where) and the error, both redacted. */
export function logError(context: string, error?: unknown, fields: LogFields = {}): void {
  if (error === undefined) logger.error(fields, context);
  else logger.error({ ...fields, err: describeForLog(error) }, context);
}

/** Logs something worth a look that is not a failure, redacted. */
export function logWarn(message: string, fields: LogFields = {}): void {
  logger.warn(fields, message);
}

/** Logs what the service does (start-up, configuration), redacted. */
export function logInfo(message: string, fields: LogFields = {}): void {
  logger.info(fields, message);
}
