import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditLogs } from "@/db/schema";
import { api } from "@/test/api";
import {
  createTestClient,
  createTestCompany,
  issueTestPolicy,
  signInAs,
  uniqueEmail,
  type SignedIn,
} from "@/test/fixtures";

// docs/names.md: an audit entry keeps `actor`, `user_id` and `entity_id`, and names them: `actor_name`
// and `user_name` (the user's full name, its e-mail when it has none; the API key's name; null for the
// system) and `entity_label` (the policy or claim number, the client's, user's or company's name).

type Entry = {
  action: string;
  actor: string;
  actor_name: string | null;
  actor_email: string | null;
  user_id: string | null;
  user_name: string | null;
  user_email: string | null;
  entity_id: string | null;
  entity_label: string | null;
};

let admin: SignedIn;
let seller: SignedIn;

beforeAll(async () => {
  admin = await signInAs("ADMIN");
  seller = await signInAs("VENDEDOR", { fullName: "Sofía Ramírez" });
});

/** The entry of this action about this entity, from the first page of the log. */
async function entryAbout(action: string, entityId: string): Promise<Entry> {
  const response = await api("GET", `/api/v1/audit/?action=${action}&page_size=200`, { token: admin.token });
  expect(response.status).toBe(200);
  const entry = response.body.items.find((item: Entry) => item.entity_id === entityId);
  expect(entry, `${action} about ${entityId}`).toBeDefined();
  return entry;
}

describe("GET /api/v1/audit/: names beside the ids", () => {
  it("names the user who acted (e-mail on the side) and the policy by its number", async () => {
    const { policy } = await issueTestPolicy(seller);
    const entry = await entryAbout("POLICY_ISSUED", policy.id);
    expect(entry).toMatchObject({
      actor: seller.user.id,
      actor_name: "Sofía Ramírez",
      actor_email: seller.user.email,
      user_id: seller.user.id,
      user_name: "Sofía Ramírez",
      user_email: seller.user.email,
      entity_label: policy.policy_number,
    });
  });

  it("falls back to the e-mail of a user without a name, and names the user created by the full name", async () => {
    const created = await api("POST", "/api/v1/auth/users", {
      token: admin.token,
      body: { email: uniqueEmail("named"), full_name: "Pedro Páramo", roles: ["VENDEDOR"] },
    });
    expect(created.status, created.text).toBe(201);
    const entry = await entryAbout("USER_CREATED", created.body.id);
    expect(entry).toMatchObject({
      actor: admin.user.id,
      actor_name: admin.user.email,
      actor_email: admin.user.email,
      entity_label: "Pedro Páramo",
    });
  });

  it("names an API key by its name and the client by its name", async () => {
    const key = await api("POST", "/api/v1/auth/api-keys", {
      token: admin.token,
      body: { name: "CRM bridge", permissions: ["emission:write", "emission:read"] },
    });
    expect(key.status, key.text).toBe(201);
    const client = await createTestClient(seller, { first_name: "Lucía", last_name: "Núñez" });
    const byKey = await api("POST", "/api/v1/emission/clients", {
      apiKey: key.body.key,
      body: {
        first_name: "Tomás",
        last_name: "Ortega",
        email: uniqueEmail("client"),
        birth_date: "1980-05-17",
        nationality: "MX",
        country_of_residence: "MX",
      },
    });
    expect(byKey.status, byKey.text).toBe(201);

    expect(await entryAbout("CLIENT_CREATED", client.id)).toMatchObject({
      actor_name: "Sofía Ramírez",
      entity_label: "Lucía Núñez",
    });
    expect(await entryAbout("CLIENT_CREATED", byKey.body.id)).toMatchObject({
      actor: `api_key:${key.body.id}`,
      actor_name: "CRM bridge",
      actor_email: null,
      user_id: null,
      user_name: null,
      entity_label: "Tomás Ortega",
    });
  });

  it("leaves the system without a name, names a company, and has no label for an entity without one", async () => {
    const company = await createTestCompany(`Funerales ${randomUUID().slice(0, 6)}`);
    expect(await entryAbout("COMPANY_CREATED", company.id)).toMatchObject({
      actor: expect.stringMatching(/^system:/),
      actor_name: null,
      actor_email: null,
      entity_label: company.name,
    });
    const action = `TEST_NAMES_${randomUUID().slice(0, 8).toUpperCase()}`;
    const entityId = randomUUID();
    await (
      await getDb()
    )
      .insert(auditLogs)
      .values({ action, actor: "system:test", entity: "transactions", entityId, details: {} });
    expect(await entryAbout(action, entityId)).toMatchObject({ actor_name: null, entity_label: null });
  });
});
