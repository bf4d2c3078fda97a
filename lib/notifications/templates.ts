// The text of every notification, by template name, in one place: the delivery function renders them in
// whatever process runs it. Modules add their templates here.
type Rendered = { subject: string; text: string };
type Template = (payload: Record<string, unknown>) => Rendered;

const TEMPLATES: Record<string, Template> = {
  "account.welcome": (p) => ({
    subject: "Welcome to your funeral cover account",
    text: `Hello ${p.name ?? ""},\n\nYour account has been created. You can sign in with ${p.email ?? "your e-mail"}.`,
  }),
  "policy.issued": (p) => ({
    subject: `Your funeral cover ${p.policy_number} has been issued`,
    text:
      `Hello ${p.name ?? ""},\n\nYour policy ${p.policy_number} has been issued. It covers you from ${p.start_date} to ${p.end_date} ` +
      `with a premium of ${p.final_price} ${p.currency}, and becomes active once the first payment is received.`,
  }),
  "payment.failed": (p) => ({
    subject: `The payment for your policy ${p.policy_number} did not go through`,
    text:
      `Hello ${p.name ?? ""},\n\nWe could not collect ${p.amount} ${p.currency} for your policy ${p.policy_number}` +
      `${p.reason ? ` (${p.reason})` : ""}. Please check your card or pay another way so that your cover continues.`,
  }),
  "payment.retry_limit": (p) => ({
    subject: `Please update the payment method of your policy ${p.policy_number}`,
    text:
      `Hello ${p.name ?? ""},\n\nWe tried to collect ${p.amount} ${p.currency} for your policy ${p.policy_number} several times without success. ` +
      "Please update your payment method so that your cover continues.",
  }),
  "payment.arrears_reminder": (p) => ({
    subject: `Your policy ${p.policy_number} has an unpaid premium`,
    text: `Hello ${p.name ?? ""},\n\nThe premium of ${p.final_price} ${p.currency} for your policy ${p.policy_number} is still unpaid. Please pay it so that your cover continues.`,
  }),
  "policy.expiring": (p) => ({
    subject: `Your policy ${p.policy_number} ends on ${p.end_date}`,
    text: `Hello ${p.name ?? ""},\n\nYour funeral cover ${p.policy_number} ends on ${p.end_date}. Contact us to renew it and stay covered.`,
  }),
  // Account links (trust.md sections 1 and 2): payload.url carries a single-use token; see redactPayload.
  "auth.verify_email": (p) => ({
    subject: "Confirm your e-mail address",
    text:
      `Hello${p.name ? ` ${p.name}` : ""},\n\nPlease confirm that this e-mail address is yours by opening this link:\n${p.url}\n\n` +
      "Once it is confirmed you can see your policies, certificates and claims. The link works for 48 hours. If you did not create an account, ignore this message.",
  }),
  "auth.invitation": (p) => ({
    subject: "You have been invited to Funeral Cover",
    text:
      `Hello${p.name ? ` ${p.name}` : ""},\n\nAn account has been created for you with this e-mail address. Choose your password by opening this link:\n${p.url}\n\n` +
      "The link works for 7 days and only once.",
  }),
  "auth.password_reset": (p) => ({
    subject: "Reset your password",
    text:
      `Hello${p.name ? ` ${p.name}` : ""},\n\nSomeone asked to reset the password of the account with this e-mail address. To choose a new password, open this link:\n${p.url}\n\n` +
      "The link works for 30 minutes and only once. If you did not ask for it, ignore this message: your password stays as it is.",
  }),
};

/** The templates whose `payload.url` holds a single-use token (verification, invitation, reset). */
export const TOKEN_LINK_TEMPLATES: ReadonlySet<string> = new Set([
  "auth.verify_email",
  "auth.invitation",
  "auth.password_reset",
]);

export const REDACTED = "REDACTED";

/**
 * The payload with the token of an account link replaced by "REDACTED" (trust.md section 2): what is
 * stored once the message is SENT, and what every reader but a signed-in administrator sees. Other
 * templates' payloads are returned as they are.
 */
export function redactPayload(template: string, payload: Record<string, unknown>): Record<string, unknown> {
  if (!TOKEN_LINK_TEMPLATES.has(template) || typeof payload.url !== "string") return payload;
  return { ...payload, url: payload.url.replace(/([?&]token=)[^&#]*/g, `$1${REDACTED}`) };
}

export function isKnownTemplate(name: string): boolean {
  return Object.hasOwn(TEMPLATES, name);
}

export function renderTemplate(name: string, payload: Record<string, unknown>): Rendered {
  const template = TEMPLATES[name];
  if (!template) throw new Error(`unknown notification template: ${name}`);
  return template(payload);
}
