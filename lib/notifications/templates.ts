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
};

export function isKnownTemplate(name: string): boolean {
  return Object.hasOwn(TEMPLATES, name);
}

export function renderTemplate(name: string, payload: Record<string, unknown>): Rendered {
  const template = TEMPLATES[name];
  if (!template) throw new Error(`unknown notification template: ${name}`);
  return template(payload);
}
