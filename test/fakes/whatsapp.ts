import { startFakeServer, type FakeServer } from "./http-server";

/**
 * What the WhatsApp Cloud API refuses in a message the business starts: anything but an approved
 * template (`type: "template"`, `template: {name, language: {code}, components: [{type: "body",
 * parameters: [{type: "text", text}]}]}`), a parameter that is empty or holds a line break, a tab or more
 * than four spaces in a row. Null when the message is well formed.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function templateMessageProblem(body: any): string | null {
  if (body?.messaging_product !== "whatsapp") return "messaging_product must be whatsapp";
  if (typeof body.to !== "string" || !/^\d{6,15}$/.test(body.to)) return "to must be the phone number's digits";
  if (body.type !== "template") return `a conversation the business starts needs a template, not type ${body.type}`;
  if ("text" in body) return "a template message has no text";
  const template = body.template;
  if (typeof template?.name !== "string" || !/^[a-z0-9_]{1,512}$/.test(template.name))
    return "template.name must be an approved template's name (lower case, digits, _)";
  if (typeof template.language?.code !== "string" || !/^[a-z]{2,3}(_[A-Z]{2})?$/.test(template.language.code))
    return "template.language.code must be a language code such as es_MX";
  if (!Array.isArray(template.components)) return "template.components must be a list";
  for (const component of template.components) {
    if (component?.type !== "body") return `unexpected component ${component?.type}`;
    if (!Array.isArray(component.parameters)) return "a body component lists its parameters";
    for (const parameter of component.parameters) {
      if (parameter?.type !== "text" || typeof parameter.text !== "string" || parameter.text === "")
        return "a body parameter is {type: text, text} with a text";
      if (/[\n\t]| {5,}/.test(parameter.text))
        return "Param text cannot have new-line/tab characters or more than 4 consecutive spaces";
    }
  }
  return null;
}

/**
 * Answers like the WhatsApp Cloud API's `POST /{phone_number_id}/messages`: 200 `{messages:[{id}]}` for a
 * well-formed template message, 400 with the API's error shape otherwise (templateMessageProblem).
 * Point the service at it with WHATSAPP_API_BASE = `url`, WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID.
 */
export async function startFakeWhatsApp(): Promise<FakeServer> {
  let sent = 0;
  return startFakeServer(
    (request) => {
      if (request.method === "POST" && /^\/[^/]+\/messages$/.test(request.path)) {
        const problem = templateMessageProblem(request.body);
        if (problem)
          return {
            status: 400,
            body: { error: { message: `(#100) Invalid parameter: ${problem}`, type: "OAuthException", code: 100 } },
          };
        const id = `wamid.fake${++sent}`;
        return {
          status: 200,
          body: { messaging_product: "whatsapp", contacts: [{ wa_id: request.body?.to }], messages: [{ id }] },
        };
      }
      return { status: 404, body: { error: { message: `no fake for ${request.method} ${request.path}` } } };
    },
    { status: 500, body: { error: { message: "the fake WhatsApp API is down", type: "OAuthException", code: 2 } } },
  );
}
