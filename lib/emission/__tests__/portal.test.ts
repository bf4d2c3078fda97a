import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { clients } from "@/db/schema";
import { api } from "@/test/api";
import { createSellableVersion, createTestClient, signInAs, uniqueEmail, type SignedIn } from "@/test/fixtures";
import { issueBody, issueViaApi, person } from "./helpers";

// GET /api/v1/portal/me (contract section 6): the signed-in client's record, found by its e-mail in any
// letter case, with its own policies and the links to their certificate and wallet pass.

let seller: SignedIn;
let versionId: string;

beforeAll(async () => {
  seller = await signInAs("VENDEDOR");
  versionId = (await createSellableVersion()).version.id;
});

function portal(token?: string) {
  return api("GET", "/api/v1/portal/me", { token });
}

async function issueFor(clientId: string, beneficiaries = [person()]) {
  const response = await issueViaApi(seller.token, issueBody(clientId, versionId, { beneficiaries }));
  expect(response.status, response.text).toBe(201);
  return response.body;
}

describe("GET /api/v1/portal/me", () => {
  it("answers the client whose e-mail is the user's, in another letter case, with its policies newest first and their links", async () => {
    const email = uniqueEmail("portal");
    const user = await signInAs("CLIENTE", { email });
    const client = await createTestClient(seller, { email, first_name: "Marta", last_name: "Luna" });
    // The client's address as another system might have written it: the match ignores letter case.
    await (await getDb()).update(clients).set({ email: email.toUpperCase() }).where(eq(clients.id, client.id));
    const older = await issueFor(client.id);
    const newer = await issueFor(client.id, [person(), person({ kinship_type: "SPOUSE", first_name: "Raúl" })]);
    const someoneElse = await issueFor((await createTestClient(seller)).id);

    const response = await portal(user.token);
    expect(response.status, response.text).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(["client", "policies"]);
    expect(response.body.client).toMatchObject({
      id: client.id,
      first_name: "Marta",
      last_name: "Luna",
      email: email.toUpperCase(),
      company_id: seller.user.company_id,
    });
    expect(response.body.policies.map((policy: { id: string }) => policy.id)).toEqual([newer.id, older.id]);
    expect(response.text).not.toContain(someoneElse.id);
    const [first] = response.body.policies;
    expect(first).toEqual({
      ...newer,
      plan_name: "Essential",
      pdf_url: `/api/v1/emission/policies/${newer.id}/pdf`,
      passbook_url: `/api/v1/emission/policies/${newer.id}/passbook`,
    });
    expect(first.beneficiaries.map((b: { first_name: string }) => b.first_name)).toEqual(["Ana", "Raúl"]);
  });

  it("answers a client without policies with an empty list", async () => {
    const email = uniqueEmail("nopolicy");
    const user = await signInAs("CLIENTE", { email });
    const client = await createTestClient(seller, { email });
    const response = await portal(user.token);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ client: { id: client.id }, policies: [] });
  });

  it("answers 404 'client not found' when no client has the user's e-mail", async () => {
    const user = await signInAs("CLIENTE");
    const response = await portal(user.token);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: "client not found", code: "not_found" });
  });

  it("refuses a VENDEDOR (403: no portal:read), even when a client has its e-mail", async () => {
    const email = uniqueEmail("seller-client");
    const vendedor = await signInAs("VENDEDOR", { email });
    await createTestClient(seller, { email });
    const response = await portal(vendedor.token);
    expect(response.status).toBe(403);
  });

  it("answers 401 without credentials", async () => {
    const response = await portal();
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });
});
