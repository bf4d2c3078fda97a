import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { clients, companies, policies, users } from "@/db/schema";
import { addDays, addMonths } from "@/lib/emission/premium-dates";
import { api } from "@/test/api";
import {
  createSellableVersion,
  createTestClient,
  createTestCompany,
  payTestPolicy,
  signInAs,
  uniqueEmail,
  type SignedIn,
} from "@/test/fixtures";
import { forceStatus, issueBody, issueViaApi, person } from "./helpers";

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
    expect(Object.keys(response.body).sort()).toEqual(["client", "company", "policies"]);
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
      next_premium: { due_date: newer.start_date, amount: newer.final_price, currency: "USD" },
      contacts: { company: expect.any(Object), seller: { name: null, email: seller.user.email } },
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

// What a client comes for (issue 21, point 7): when the next premium is due and how much, and whom
// to call, the company that issued the policy and the seller who sold it.
describe("GET /api/v1/portal/me: next premium and contacts", () => {
  let admin: SignedIn;
  let insurer: { id: string; name: string };
  let agent: SignedIn;

  beforeAll(async () => {
    admin = await signInAs("ADMIN");
    insurer = await createTestCompany("Funerales La Paz");
    await (
      await getDb()
    )
      .update(companies)
      .set({
        address: "Av. Reforma 100, Ciudad de México",
        registrationNumber: "CNSF-0042",
        contactPhone: "+525512345678",
        contactEmail: "ayuda@lapaz.example",
      })
      .where(eq(companies.id, insurer.id));
    agent = await signInAs("VENDEDOR", { companyId: insurer.id, fullName: "Sergio Vendedor" });
  });

  /** A client of the insurer signed in on the portal, with one policy issued by its agent (PENDING_PAYMENT). */
  async function clientWithPolicy() {
    const email = uniqueEmail("first-hour");
    const user = await signInAs("CLIENTE", { email });
    const client = await createTestClient(agent, { email });
    const response = await issueViaApi(agent.token, issueBody(client.id, versionId));
    expect(response.status, response.text).toBe(201);
    return { user, policy: response.body as { id: string; start_date: string; end_date: string; final_price: string } };
  }

  async function portalPolicy(token: string) {
    const response = await portal(token);
    expect(response.status, response.text).toBe(200);
    return response.body.policies[0];
  }

  async function setPolicy(policyId: string, values: Partial<typeof policies.$inferInsert>) {
    await (await getDb()).update(policies).set(values).where(eq(policies.id, policyId));
  }

  it("gives an unpaid policy's first premium: the monthly premium, due on the start date", async () => {
    const { user, policy } = await clientWithPolicy();
    expect((await portalPolicy(user.token)).next_premium).toEqual({
      due_date: policy.start_date,
      amount: "25.00",
      currency: "USD",
    });
  });

  it("moves the due date to the next month once a premium is paid", async () => {
    const { user, policy } = await clientWithPolicy();
    await payTestPolicy(admin, policy.id);
    expect((await portalPolicy(user.token)).next_premium).toEqual({
      due_date: addMonths(policy.start_date, 1),
      amount: "25.00",
      currency: "USD",
    });
  });

  it("gives an IN_ARREARS policy its overdue premium, due the day after the paid-to date", async () => {
    const { user, policy } = await clientWithPolicy();
    await setPolicy(policy.id, { status: "IN_ARREARS", paidToDate: "2026-01-31", startDate: "2026-01-01" });
    expect((await portalPolicy(user.token)).next_premium).toEqual({
      due_date: "2026-02-01",
      amount: "25.00",
      currency: "USD",
    });
  });

  it("gives no next premium for a policy that takes no payment (CANCELLED)", async () => {
    const { user, policy } = await clientWithPolicy();
    await forceStatus(policy.id, "CANCELLED");
    expect((await portalPolicy(user.token)).next_premium).toBeNull();
  });

  it("gives no next premium while a cancellation waits for the end of the paid period", async () => {
    const { user, policy } = await clientWithPolicy();
    const paid = await payTestPolicy(admin, policy.id);
    await setPolicy(policy.id, { cancelAt: paid.paid_to_date });
    expect((await portalPolicy(user.token)).next_premium).toBeNull();
  });

  it("gives no next premium past the last day of a term that does not renew, and one when it renews", async () => {
    const { user, policy } = await clientWithPolicy();
    await setPolicy(policy.id, { status: "ACTIVE", paidToDate: policy.end_date, autoRenew: false });
    expect((await portalPolicy(user.token)).next_premium).toBeNull();
    await setPolicy(policy.id, { autoRenew: true });
    expect((await portalPolicy(user.token)).next_premium).toEqual({
      due_date: addDays(policy.end_date, 1),
      amount: "25.00",
      currency: "USD",
    });
  });

  it("names the issuing company's contacts and the seller, and the client's insurer", async () => {
    const { user } = await clientWithPolicy();
    const response = await portal(user.token);
    const company = {
      name: "Funerales La Paz",
      address: "Av. Reforma 100, Ciudad de México",
      contact_phone: "+525512345678",
      contact_email: "ayuda@lapaz.example",
    };
    expect(response.body.company).toEqual(company);
    expect(response.body.policies[0].contacts).toEqual({
      company,
      seller: { name: "Sergio Vendedor", email: agent.user.email },
    });
  });

  it("gives null for the contacts a company has not filled in", async () => {
    const bare = await createTestCompany("Previsión Bare");
    const bareAgent = await signInAs("VENDEDOR", { companyId: bare.id });
    const email = uniqueEmail("bare");
    const user = await signInAs("CLIENTE", { email });
    const client = await createTestClient(bareAgent, { email });
    expect((await issueViaApi(bareAgent.token, issueBody(client.id, versionId))).status).toBe(201);
    const response = await portal(user.token);
    const company = { name: "Previsión Bare", address: null, contact_phone: null, contact_email: null };
    expect(response.body.company).toEqual(company);
    expect(response.body.policies[0].contacts.company).toEqual(company);
  });

  it("names no seller when the one who issued the policy is deactivated, or when no user issued it", async () => {
    const { user, policy } = await clientWithPolicy();
    const leaving = await signInAs("VENDEDOR", { companyId: insurer.id, fullName: "Leo Leaving" });
    await setPolicy(policy.id, { createdBy: leaving.user.id });
    expect((await portalPolicy(user.token)).contacts.seller).toEqual({
      name: "Leo Leaving",
      email: leaving.user.email,
    });
    await (await getDb()).update(users).set({ isActive: false }).where(eq(users.id, leaving.user.id));
    expect((await portalPolicy(user.token)).contacts.seller).toBeNull();
    await setPolicy(policy.id, { createdBy: null });
    expect((await portalPolicy(user.token)).contacts.seller).toBeNull();
  });
});
