import { ExternalServiceError } from "@/lib/errors";
import { outboundTimeoutMs } from "@/lib/outbound";
import type { LeadStage } from "@/db/enums";

// HubSpot's CRM API (v3 contacts) over HTTP. HUBSPOT_ACCESS_TOKEN enables it; CRM_API_BASE points it
// at another host (tests run a local fake through this same code).

export function isCrmConfigured(): boolean {
  return Boolean(process.env.HUBSPOT_ACCESS_TOKEN);
}

export type CrmContact = {
  phone: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  stage: LeadStage;
};

// Where the lead stands, in HubSpot's own lifecycle stages.
const LIFECYCLE_STAGE: Partial<Record<LeadStage, string>> = { QUALIFIED: "salesqualifiedlead", CONVERTED: "customer" };

function propertiesOf(contact: CrmContact): Record<string, string> {
  const properties: Record<string, string> = { phone: contact.phone };
  if (contact.firstName) properties.firstname = contact.firstName;
  if (contact.lastName) properties.lastname = contact.lastName;
  if (contact.email) properties.email = contact.email;
  const lifecycle = LIFECYCLE_STAGE[contact.stage];
  if (lifecycle) properties.lifecyclestage = lifecycle;
  return properties;
}

async function crmRequest(method: "POST" | "PATCH", path: string, body: unknown): Promise<{ id: string }> {
  const base = (process.env.CRM_API_BASE ?? "https://api.hubapi.com").replace(/\/+$/, "");
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${process.env.HUBSPOT_ACCESS_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(outboundTimeoutMs()),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    throw new ExternalServiceError(
      timedOut ? "the CRM did not answer in time" : `the CRM could not be reached: ${(error as Error).message}`,
      timedOut ? 504 : 502,
    );
  }
  const text = await response.text();
  if (!response.ok) throw new ExternalServiceError(`the CRM answered ${response.status}: ${text.slice(0, 300)}`, 502);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ExternalServiceError("the CRM answered something that is not JSON", 502);
  }
  // JSON that is not an object (a bare null) has no id either; reading one from it would throw a TypeError.
  const id = (parsed as { id?: unknown } | null)?.id;
  if (typeof id !== "string" && typeof id !== "number")
    throw new ExternalServiceError("the CRM's answer has no contact id", 502);
  return { id: String(id) };
}

/** Creates the contact; returns the CRM's id for it. */
export function createCrmContact(contact: CrmContact): Promise<{ id: string }> {
  return crmRequest("POST", "/crm/v3/objects/contacts", { properties: propertiesOf(contact) });
}

/** Updates the contact made before, by its CRM id. */
export function updateCrmContact(crmId: string, contact: CrmContact): Promise<{ id: string }> {
  return crmRequest("PATCH", `/crm/v3/objects/contacts/${encodeURIComponent(crmId)}`, {
    properties: propertiesOf(contact),
  });
}
