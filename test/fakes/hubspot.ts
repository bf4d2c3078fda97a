import { startFakeServer, type FakeServer, type RecordedRequest } from "./http-server";

// HubSpot's CRM API (v3 contacts), as far as the leads module uses it. Point the service at it with
// CRM_API_BASE = `url` and HUBSPOT_ACCESS_TOKEN = FAKE_HUBSPOT_TOKEN.

export const FAKE_HUBSPOT_TOKEN = "pat-test-hubspot-token";

export type FakeContact = {
  id: string;
  properties: Record<string, string>;
  createdAt: string;
  updatedAt: string;
  archived: false;
};

export type FakeHubSpot = FakeServer & {
  /** The contacts the fake holds, by id (what the CRM would show). */
  contacts: Map<string, FakeContact>;
  /** The recorded requests that created a contact (POST) or updated one (PATCH), answered or not. */
  creates: () => RecordedRequest[];
  updates: () => RecordedRequest[];
};

const CONTACTS = "/crm/v3/objects/contacts";

/**
 * Answers like HubSpot: `POST /crm/v3/objects/contacts` 201 `{id, properties, createdAt, updatedAt,
 * archived:false}`; `PATCH /crm/v3/objects/contacts/{id}` 200 with the merged contact, 404
 * `{status:"error", message, category:"OBJECT_NOT_FOUND"}` for an unknown id; 401 without
 * `Authorization: Bearer <token>`. `failNext`/`failAlways` answer HubSpot's 500 shape.
 */
export async function startFakeHubSpot(token = FAKE_HUBSPOT_TOKEN): Promise<FakeHubSpot> {
  const contacts = new Map<string, FakeContact>();
  let nextId = 51_000;
  const error = (status: number, category: string, message: string) => ({
    status,
    body: { status: "error", message, correlationId: "00000000-0000-4000-8000-000000000000", category },
  });

  const server = await startFakeServer(
    (request) => {
      if (request.headers.authorization !== `Bearer ${token}`) {
        return error(401, "INVALID_AUTHENTICATION", "Authentication credentials not found.");
      }
      const path = request.path.split("?")[0];
      const properties = (request.body?.properties ?? {}) as Record<string, string>;
      const now = new Date().toISOString();
      if (request.method === "POST" && path === CONTACTS) {
        const contact: FakeContact = {
          id: String(++nextId),
          properties: { ...properties },
          createdAt: now,
          updatedAt: now,
          archived: false,
        };
        contacts.set(contact.id, contact);
        return { status: 201, body: contact };
      }
      const match = /^\/crm\/v3\/objects\/contacts\/([^/]+)$/.exec(path);
      if (request.method === "PATCH" && match) {
        const contact = contacts.get(decodeURIComponent(match[1]));
        if (!contact) return error(404, "OBJECT_NOT_FOUND", `resource not found: contact ${match[1]}`);
        Object.assign(contact.properties, properties);
        contact.updatedAt = now;
        return { status: 200, body: contact };
      }
      return error(404, "OBJECT_NOT_FOUND", `no fake for ${request.method} ${path}`);
    },
    error(500, "INTERNAL_ERROR", "the fake HubSpot API is down"),
  );

  const isContactsCall = (method: string) => (request: RecordedRequest) =>
    request.method === method && request.path.split("?")[0].startsWith(CONTACTS);
  return {
    ...server,
    contacts,
    creates: () => server.requests.filter(isContactsCall("POST")),
    updates: () => server.requests.filter(isContactsCall("PATCH")),
    reset: () => {
      server.reset();
      contacts.clear();
    },
  };
}
