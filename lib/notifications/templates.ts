// The text of every notification, by template name. Modules add their templates here.
type Rendered = { subject: string; text: string };
type Template = (payload: Record<string, unknown>) => Rendered;

const TEMPLATES: Record<string, Template> = {
  "account.welcome": (p) => ({
    subject: "Welcome to your funeral cover account",
    text: `Hello ${p.name ?? ""},\n\nYour account has been created. You can sign in with ${p.email ?? "your e-mail"}.`,
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

/** Lets a module register its templates at load time. */
export function registerTemplates(templates: Record<string, Template>): void {
  Object.assign(TEMPLATES, templates);
}
