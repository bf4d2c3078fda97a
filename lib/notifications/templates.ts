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
      `for ${p.final_price} ${p.currency} a year, and becomes active once the first payment is received.`,
  }),
};

export function isKnownTemplate(name: string): boolean {
  return Object.hasOwn(TEMPLATES, name);
}

export function renderTemplate(name: string, payload: Record<string, unknown>): Rendered {
  const template = TEMPLATES[name];
  if (!template) throw new Error(`unknown notification template: ${name}`);
  return template(payload);
}
