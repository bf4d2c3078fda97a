import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { users } from "@/db/schema";
import { inProcessRunner } from "@/inngest/send";
import { api, type ApiResponse } from "@/test/api";
import { insertStoredApiKey } from "@/test/api-keys";
import { EVERY_PERMISSION, KEY_PERMISSIONS } from "@/test/contract-permissions";
import { startFakeStripe, type FakeStripe } from "@/test/fakes/stripe";
import {
  createSellableVersion,
  createTestClient,
  dateFromToday,
  signInAs,
  TEST_PASSWORD,
  testAddress,
  testVersionInput,
  uniqueEmail,
  type SignedIn,
} from "@/test/fixtures";
import { CONTRACT, everyRouteKey, keyMayCall, roleMayCall } from "./contract-access";

// Issue 8.2: object-level access (contract sections 1 and 2). A record that exists but that the caller
// may not see answers 404, never 403 or 200. For every route with an id in its path, on company A's
// records: company B's seller (where a seller may call the route at all), company B's API key holding
// every permission a key may hold, a seller of company A bound to another business unit, and, for a
// client's own records, another client. Two answers are 403 instead, as trust.md section 3 gives them: a
// key on a route whose permission no key may hold (users:manage), and a catalog edit (plans:write) of a
// product that is not the key's company's own, shared products included. The cases are keyed by route and checked against the route files, so that a new route
// with an id in its path fails here until it has a case (or a reason to be left out). Then: lists carry
// none of those rows, ids given in bodies are not found either, and the chat never quotes company A's
// knowledge to company B.

type Ids = {
  companyA: string;
  clientEmailA: string;
  userA: string;
  apiKeyA: string;
  clientA: string;
  policyA: string;
  beneficiaryA: string;
  claimA: string;
  expenseA: string;
  transactionA: string;
  leadA: string;
  leadPhoneA: string;
  documentA: string;
  planA: string;
  versionA: string;
  productA: string;
  sharedProduct: string;
  sharedPlan: string;
  sharedVersion: string;
  roleVendedor: string;
  clientB: string;
};

type Case = { path: (ids: Ids) => string; body?: (ids: Ids) => unknown; ownedByClient?: boolean; keyStatus?: 403 };

// Routes with an id of a company's record. The bodies are valid, so that nothing but the record's
// visibility decides the answer.
const COMPANY_OWNED: Record<string, Case> = {
  "PATCH /api/v1/auth/users/[id]": {
    path: (ids) => `/api/v1/auth/users/${ids.userA}`,
    body: () => ({ full_name: "Renamed by another company" }),
  },
  "DELETE /api/v1/auth/api-keys/[id]": { path: (ids) => `/api/v1/auth/api-keys/${ids.apiKeyA}` },
  "POST /api/v1/auth/users/[id]/invitation": { path: (ids) => `/api/v1/auth/users/${ids.userA}/invitation` },
  "GET /api/v1/emission/clients/[id]": { path: (ids) => `/api/v1/emission/clients/${ids.clientA}` },
  "PATCH /api/v1/emission/clients/[id]": {
    path: (ids) => `/api/v1/emission/clients/${ids.clientA}`,
    body: () => ({ first_name: "Renamed by another company", preferred_language: "en" }),
  },
  "GET /api/v1/emission/policies/[id]": {
    path: (ids) => `/api/v1/emission/policies/${ids.policyA}`,
    ownedByClient: true,
  },
  "GET /api/v1/emission/policies/[id]/pdf": {
    path: (ids) => `/api/v1/emission/policies/${ids.policyA}/pdf`,
    ownedByClient: true,
  },
  "GET /api/v1/emission/policies/[id]/passbook": {
    path: (ids) => `/api/v1/emission/policies/${ids.policyA}/passbook`,
    ownedByClient: true,
  },
  "GET /api/v1/emission/policies/[id]/account": {
    path: (ids) => `/api/v1/emission/policies/${ids.policyA}/account`,
    ownedByClient: true,
  },
  // Paying answers 201, not 200: its owner's own case is in lib/payments/__tests__/portal-pay.test.ts.
  "POST /api/v1/portal/policies/[id]/pay": { path: (ids) => `/api/v1/portal/policies/${ids.policyA}/pay` },
  "POST /api/v1/emission/policies/[id]/transition": {
    path: (ids) => `/api/v1/emission/policies/${ids.policyA}/transition`,
    body: () => ({ to_status: "CANCELLED", reason: "probing another company" }),
  },
  "PATCH /api/v1/emission/policies/[id]": {
    path: (ids) => `/api/v1/emission/policies/${ids.policyA}`,
    body: () => ({ auto_renew: false }),
  },
  "GET /api/v1/emission/policies/[id]/renewal-preview": {
    path: (ids) => `/api/v1/emission/policies/${ids.policyA}/renewal-preview`,
    ownedByClient: true,
  },
  "GET /api/v1/emission/policies/[id]/terms": {
    path: (ids) => `/api/v1/emission/policies/${ids.policyA}/terms`,
    ownedByClient: true,
  },
  // Dry runs: the owner's answer is 200 and company A's policy stays as it is for the other cases.
  "POST /api/v1/emission/policies/[id]/cancel": {
    path: (ids) => `/api/v1/emission/policies/${ids.policyA}/cancel?dry_run=true`,
    body: () => ({ reason_code: "OTHER", reason: "probing another company" }),
  },
  "POST /api/v1/portal/policies/[id]/cancel": {
    path: (ids) => `/api/v1/portal/policies/${ids.policyA}/cancel?dry_run=true`,
    body: () => ({ reason: "probing another client" }),
    ownedByClient: true,
  },
  "GET /api/v1/emission/policies/[id]/endorsements": {
    path: (ids) => `/api/v1/emission/policies/${ids.policyA}/endorsements`,
    ownedByClient: true,
  },
  "POST /api/v1/emission/policies/[id]/endorsements": {
    path: (ids) => `/api/v1/emission/policies/${ids.policyA}/endorsements`,
    body: () => ({ remove: [randomUUID()], reason: "probing another company" }),
  },
  "POST /api/v1/emission/beneficiaries/[id]/mark-deceased": {
    path: (ids) => `/api/v1/emission/beneficiaries/${ids.beneficiaryA}/mark-deceased`,
  },
  "GET /api/v1/claims/[id]": { path: (ids) => `/api/v1/claims/${ids.claimA}`, ownedByClient: true },
  "POST /api/v1/claims/[id]/expenses": {
    path: (ids) => `/api/v1/claims/${ids.claimA}/expenses`,
    body: () => ({ amount: "10.00", expense_type: "OTHER" }),
  },
  "PATCH /api/v1/claims/[id]/expenses/[expense_id]": {
    path: (ids) => `/api/v1/claims/${ids.claimA}/expenses/${ids.expenseA}`,
    body: () => ({ amount: "11.00" }),
  },
  "DELETE /api/v1/claims/[id]/expenses/[expense_id]": {
    path: (ids) => `/api/v1/claims/${ids.claimA}/expenses/${ids.expenseA}`,
  },
  "POST /api/v1/claims/[id]/expenses/[expense_id]/corrections": {
    path: (ids) => `/api/v1/claims/${ids.claimA}/expenses/${ids.expenseA}/corrections`,
    body: () => ({ amount: "12.00", reason: "probing another company" }),
  },
  // Claim A is not approved, so it has no payout: the claim is looked up first, and that is what is probed.
  "POST /api/v1/claims/[id]/payouts/[payout_id]/corrections": {
    path: (ids) => `/api/v1/claims/${ids.claimA}/payouts/${randomUUID()}/corrections`,
    body: () => ({ amount: "12.00", reason: "probing another company" }),
  },
  "PATCH /api/v1/claims/[id]/status": {
    path: (ids) => `/api/v1/claims/${ids.claimA}/status`,
    body: () => ({ status: "IN_REVIEW", reason: "probing" }),
  },
  // claims-cover.md section 5: a payout on another company's claim is not found before its status is judged.
  "POST /api/v1/claims/[id]/payouts": {
    path: (ids) => `/api/v1/claims/${ids.claimA}/payouts`,
    body: () => ({
      payee_type: "FUNERAL_HOME",
      payee_name: "Probing funeral home",
      amount: "10.00",
      currency: "USD",
      method: "BANK_TRANSFER",
    }),
  },
  // claims-cover.md section 1: correcting the facts of company A's claim
  "PATCH /api/v1/claims/[id]": {
    path: (ids) => `/api/v1/claims/${ids.claimA}`,
    body: () => ({ cause_of_death: "NATURAL" }),
  },
  // claims-cover.md section 3. An upload answers 201, not 200: its owner's case is in
  // lib/claims/__tests__/documents.test.ts; the claim is looked up before the body is read.
  "POST /api/v1/claims/[id]/documents": { path: (ids) => `/api/v1/claims/${ids.claimA}/documents` },
  "GET /api/v1/claims/[id]/documents/[document_id]": {
    path: (ids) => `/api/v1/claims/${ids.claimA}/documents/${claimDocumentA}`,
    ownedByClient: true,
  },
  "PATCH /api/v1/claims/[id]/requirements/[code]": {
    path: (ids) => `/api/v1/claims/${ids.claimA}/requirements/DEATH_CERTIFICATE`,
    body: () => ({ status: "REJECTED", note: "probing another company" }),
  },
  "POST /api/v1/payments/transactions/[id]/retry": {
    path: (ids) => `/api/v1/payments/transactions/${ids.transactionA}/retry`,
  },
  "POST /api/v1/payments/transactions/[id]/mark-refunded": {
    path: (ids) => `/api/v1/payments/transactions/${ids.transactionA}/mark-refunded`,
    body: () => ({}),
  },
  "GET /api/v1/leads/[id]": { path: (ids) => `/api/v1/leads/${ids.leadA}` },
  "PATCH /api/v1/leads/[id]": { path: (ids) => `/api/v1/leads/${ids.leadA}`, body: () => ({ first_name: "Probed" }) },
  // Company A's lead with company A's client: the lead is not found before the client is looked up.
  "POST /api/v1/leads/[id]/convert": {
    path: (ids) => `/api/v1/leads/${ids.leadA}/convert`,
    body: (ids) => ({ client_id: ids.clientA }),
  },
  "DELETE /api/v1/ai/knowledge/[id]": { path: (ids) => `/api/v1/ai/knowledge/${ids.documentA}` },
  // A product may belong to one company (trust.md section 3); its plans and versions are then that
  // company's. Reading another company's is 404; editing it, 403 (trust.md's answer).
  "GET /api/v1/products/[id]": { path: (ids) => `/api/v1/products/${ids.productA}` },
  "PATCH /api/v1/products/[id]": {
    path: (ids) => `/api/v1/products/${ids.productA}`,
    body: () => ({ name: "Renamed by another company" }),
    keyStatus: 403,
  },
  "POST /api/v1/products/[id]/plans": {
    path: (ids) => `/api/v1/products/${ids.productA}/plans`,
    body: () => ({ name: "Planted" }),
    keyStatus: 403,
  },
  "POST /api/v1/plans/[plan_id]/versions": {
    path: (ids) => `/api/v1/plans/${ids.planA}/versions`,
    body: () => testVersionInput(),
    keyStatus: 403,
  },
  "GET /api/v1/plan-versions/[id]": { path: (ids) => `/api/v1/plan-versions/${ids.versionA}` },
  "PATCH /api/v1/plan-versions/[id]": {
    path: (ids) => `/api/v1/plan-versions/${ids.versionA}`,
    body: () => ({ is_active: false }),
    keyStatus: 403,
  },
};

// Routes whose id names something shared by every company, with the reason.
const NOT_COMPANY_OWNED: Record<string, string> = {
  "GET /api/v1/organizations/companies/[id]":
    "the companies themselves: organizations:manage is ADMIN's, who manages every company",
  "POST /api/v1/organizations/companies/[id]/business-units": "likewise, ADMIN's management of the companies",
  "PATCH /api/v1/organizations/companies/[id]": "likewise, ADMIN's management of the companies",
  "PUT /api/v1/organizations/companies/[id]/logo": "likewise, ADMIN's management of the companies",
  "GET /api/v1/organizations/companies/[id]/logo": "likewise, ADMIN's management of the companies",
  "DELETE /api/v1/organizations/companies/[id]/logo": "likewise, ADMIN's management of the companies",
  "POST /api/v1/geography/zones/[zone_id]/countries/[country_id]": "zones and countries are one shared geography",
  "GET /api/v1/public/verify/[token]": "public by design: the token is signed by the server and shows no personal data",
};

let ids: Ids;
let admin: SignedIn;
let sellerA: SignedIn;
let sellerB: SignedIn;
let sellerOtherUnit: SignedIn;
let ownerClient: SignedIn;
let otherClient: SignedIn;
let keyB: string;
let storedKeyB: string;
let stripe: FakeStripe;
/** A document uploaded for company A's claim (claims-cover.md section 3). */
let claimDocumentA: string;
const noticeA = `Alpha Mutual only: repatriation from Reykjavik ${randomUUID().slice(0, 8)} is covered up to 9100 USD by the glacier clause.`;

async function ok(response: Promise<ApiResponse>, status: number) {
  const res = await response;
  expect(res.status, res.text.slice(0, 300)).toBe(status);
  return res.body;
}

/** A user created through the API (POST /auth/users) in a company, signed in through POST /auth/login. */
async function userInCompany(companyId: string, roles: string[], businessUnitId?: string): Promise<SignedIn> {
  const email = uniqueEmail(roles[0].toLowerCase());
  const body = { email, password: TEST_PASSWORD, company_id: companyId, roles, business_unit_id: businessUnitId };
  const user = await ok(api("POST", "/api/v1/auth/users", { token: admin.token, body }), 201);
  const tokens = await ok(api("POST", "/api/v1/auth/login", { body: { email, password: TEST_PASSWORD } }), 200);
  return {
    user: { ...user, password: TEST_PASSWORD },
    token: tokens.access_token,
    refreshToken: tokens.refresh_token,
    sessionId: "",
  } as SignedIn;
}

afterAll(async () => {
  await inProcessRunner().drain();
  await stripe?.close();
});

beforeAll(async () => {
  // Card payments through the fake Stripe, so the card routes get as far as looking the policy up.
  stripe = await startFakeStripe();
  vi.stubEnv("STRIPE_SECRET_KEY", "sk_test_x");
  vi.stubEnv("STRIPE_API_BASE", stripe.url);
  admin = await signInAs("ADMIN");
  const companyA = (
    await ok(
      api("POST", "/api/v1/organizations/companies", {
        token: admin.token,
        body: { name: `Alpha Mutual ${randomUUID().slice(0, 6)}` },
      }),
      201,
    )
  ).id;
  const companyB = (
    await ok(
      api("POST", "/api/v1/organizations/companies", {
        token: admin.token,
        body: { name: `Beta Seguros ${randomUUID().slice(0, 6)}` },
      }),
      201,
    )
  ).id;
  const unitA = (
    await ok(
      api("POST", `/api/v1/organizations/companies/${companyA}/business-units`, {
        token: admin.token,
        body: { name: "North" },
      }),
      201,
    )
  ).id;
  sellerA = await userInCompany(companyA, ["VENDEDOR"]);
  sellerB = await userInCompany(companyB, ["VENDEDOR"]);
  // A seller of company A bound to another business unit than the records below (contract section 2).
  const unitSouth = (
    await ok(
      api("POST", `/api/v1/organizations/companies/${companyA}/business-units`, {
        token: admin.token,
        body: { name: "South" },
      }),
      201,
    )
  ).id;
  sellerOtherUnit = await userInCompany(companyA, ["VENDEDOR"], unitSouth);
  keyB = (
    await ok(
      api("POST", "/api/v1/auth/api-keys", {
        token: admin.token,
        body: { name: "beta crm", permissions: KEY_PERMISSIONS, company_id: companyB },
      }),
      201,
    )
  ).key;
  // Company B's key as a database from before trust.md may hold it: every permission, users:manage too.
  storedKeyB = (await insertStoredApiKey(EVERY_PERMISSION, companyB)).key;
  const apiKeyA = (
    await ok(
      api("POST", "/api/v1/auth/api-keys", {
        token: admin.token,
        body: { name: "alpha crm", permissions: ["leads:read"], company_id: companyA },
      }),
      201,
    )
  ).id;
  const roles = await ok(api("GET", "/api/v1/auth/roles", { token: admin.token }), 200);

  // Two clients of company A, each with a portal user of the same e-mail.
  const clientA = await createTestClient(sellerA);
  const secondClient = await createTestClient(sellerA);
  ownerClient = await signInAs("CLIENTE", { email: clientA.email });
  otherClient = await signInAs("CLIENTE", { email: secondClient.email });

  // An ACTIVE policy of the first client (from today, so a claim can be reported), its payment and a claim.
  const shared = await createSellableVersion();
  const policy = await ok(
    api("POST", "/api/v1/emission/issue", {
      token: sellerA.token,
      body: {
        client_id: clientA.id,
        plan_version_id: shared.version.id,
        start_date: dateFromToday(0),
        beneficiaries: [{ first_name: "Ana", last_name: "Pérez", kinship_type: "SELF", date_of_birth: "1985-03-01" }],
      },
    }),
    201,
  );
  const paid = await ok(
    api("POST", "/api/v1/payments/manual", {
      token: admin.token,
      body: { policy_id: policy.id, amount: policy.final_price },
    }),
    201,
  );
  expect(paid.policy.status).toBe("ACTIVE");
  await ok(
    api("POST", "/api/v1/payments/subscription", {
      token: sellerA.token,
      body: { policy_id: policy.id, processor_payment_method_id: "pm_card_visa" },
    }),
    201,
  );
  const beneficiaryA = policy.beneficiaries[0].id;
  const claim = await ok(
    api("POST", "/api/v1/claims", {
      token: sellerA.token,
      body: { policy_id: policy.id, beneficiary_id: beneficiaryA, description: "Death abroad" },
    }),
    201,
  );
  const expense = await ok(
    api("POST", `/api/v1/claims/${claim.id}/expenses`, {
      token: sellerA.token,
      body: { amount: "120.00", expense_type: "TRANSPORT" },
    }),
    201,
  );
  const documentForm = new FormData();
  documentForm.append("file", new Blob([new TextEncoder().encode("%PDF-1.7\n%%EOF\n")]), "certificate.pdf");
  documentForm.append("requirement_code", "DEATH_CERTIFICATE");
  claimDocumentA = (
    await ok(api("POST", `/api/v1/claims/${claim.id}/documents`, { token: sellerA.token, rawBody: documentForm }), 201)
  ).id;

  const leadPhoneA = `+5255${String(Date.now()).slice(-8)}`;
  const lead = await ok(
    api("POST", "/api/v1/leads", {
      body: { phone_e164: leadPhoneA, first_name: "Alma", business_unit_id: unitA },
      headers: { "x-forwarded-for": testAddress() },
    }),
    201,
  );
  const document = await ok(
    api("POST", "/api/v1/ai/knowledge", {
      token: admin.token,
      body: { title: "Alpha glacier clause", content: noticeA, company_id: companyA },
    }),
    201,
  );
  expect(document.company_id).toBe(companyA);

  // A product of company A (its plan is company A's with it).
  const product = await ok(
    api("POST", "/api/v1/products", {
      token: admin.token,
      body: {
        name: `Alpha exclusive ${randomUUID().slice(0, 6)}`,
        company_id: companyA,
        plans: [{ name: "Alpha only", versions: [testVersionInput({ countries: [{ country_code: "MX" }] })] }],
      },
    }),
    201,
  );
  expect(product.plans[0].company_id).toBe(companyA);

  ids = {
    companyA,
    clientEmailA: clientA.email,
    userA: sellerA.user.id,
    apiKeyA,
    clientA: clientA.id,
    policyA: policy.id,
    beneficiaryA,
    claimA: claim.id,
    expenseA: expense.id,
    transactionA: paid.transaction.id,
    leadA: lead.id,
    leadPhoneA,
    documentA: document.id,
    planA: product.plans[0].id,
    versionA: product.plans[0].versions[0].id,
    productA: product.id,
    sharedProduct: shared.product.id,
    sharedPlan: shared.product.plans[0].id,
    sharedVersion: shared.version.id,
    roleVendedor: roles.find((role: { name: string }) => role.name === "VENDEDOR").id,
    clientB: (await createTestClient(sellerB)).id,
  };
});

function call(key: string, credentials: { token?: string; apiKey?: string }) {
  const [method] = key.split(" ");
  const route = COMPANY_OWNED[key];
  return api(method, route.path(ids), { ...credentials, body: route.body?.(ids) });
}

function expectNotFound(res: ApiResponse, context: string) {
  expect(res.status, `${context}: ${res.status} ${res.text.slice(0, 200)}`).toBe(404);
  expect(typeof res.body?.detail, context).toBe("string");
}

describe("object-level access (contract section 2)", () => {
  it("every route with an id in its path has a case here, or a reason to be left out", async () => {
    const withIds = (await everyRouteKey()).filter((key) => key.includes("["));
    expect(withIds).toEqual([...Object.keys(COMPANY_OWNED), ...Object.keys(NOT_COMPANY_OWNED)].sort());
  });

  describe.each(Object.keys(COMPANY_OWNED))("%s on company A's record", (key) => {
    if (!keyMayCall(CONTRACT[key])) {
      it("answers 403 to company B's API keys: no key holds the permission, not even one stored with it", async () => {
        for (const apiKey of [keyB, storedKeyB]) expect((await call(key, { apiKey })).status).toBe(403);
      });
    } else if (COMPANY_OWNED[key].keyStatus) {
      it("answers 403 to company B's API key holding every permission a key may hold (not its product)", async () => {
        const res = await call(key, { apiKey: keyB });
        expect(res.status, res.text).toBe(403);
        expect(res.body.detail).toBe("you may edit only your own company's products");
      });
    } else {
      it("answers 404 to company B's API key holding every permission a key may hold", async () => {
        expectNotFound(await call(key, { apiKey: keyB }), "key B");
      });
    }

    if (roleMayCall("VENDEDOR", CONTRACT[key])) {
      it("answers 404 to company B's seller", async () => {
        expectNotFound(await call(key, { token: sellerB.token }), "seller B");
      });
    }

    if (roleMayCall("VENDEDOR", CONTRACT[key]) && !key.includes("/plan") && !key.includes("/products")) {
      it("answers 404 to a seller of company A bound to another business unit", async () => {
        expectNotFound(await call(key, { token: sellerOtherUnit.token }), "seller of another unit");
      });
    }

    if (key.startsWith("GET ")) {
      it("serves company A's seller or ADMIN (the record is there)", async () => {
        const caller = roleMayCall("VENDEDOR", CONTRACT[key]) ? sellerA : admin;
        expect((await call(key, { token: caller.token })).status).toBe(200);
      });
    }

    if (COMPANY_OWNED[key].ownedByClient) {
      it("answers 404 to another client of the same company, and serves the client it belongs to", async () => {
        expectNotFound(await call(key, { token: otherClient.token }), "the other client");
        expect((await call(key, { token: ownerClient.token })).status).toBe(200);
      });
    }
  });
});

// The lists of company A's records, each with the id it must (for company A's reader) and must not (for
// anyone else) carry. The whole answer is searched for the id, whatever its shape.
type Outsider = "sellerB" | "keyB" | "otherClient" | "sellerOtherUnit";
// keyRefused: the list needs a permission no key may hold (trust.md section 3), so company B's key gets 403.
type ListCase = {
  path: (ids: Ids) => string;
  id: (ids: Ids) => string;
  reader: () => SignedIn;
  outsiders: Outsider[];
  keyRefused?: true;
};
const LISTS: Record<string, ListCase> = {
  clients: {
    path: () => "/api/v1/emission/clients?page_size=200",
    id: (ids) => ids.clientA,
    reader: () => sellerA,
    outsiders: ["sellerB", "keyB", "sellerOtherUnit"],
  },
  policies: {
    path: () => "/api/v1/emission/policies?page_size=200",
    id: (ids) => ids.policyA,
    reader: () => sellerA,
    outsiders: ["sellerB", "keyB", "sellerOtherUnit", "otherClient"],
  },
  claims: {
    path: () => "/api/v1/claims?page_size=200",
    id: (ids) => ids.claimA,
    reader: () => sellerA,
    outsiders: ["sellerB", "keyB", "sellerOtherUnit", "otherClient"],
  },
  "the portal": {
    path: () => "/api/v1/portal/me",
    id: (ids) => ids.policyA,
    reader: () => ownerClient,
    outsiders: ["otherClient"],
  },
  leads: {
    path: () => "/api/v1/leads?limit=200",
    id: (ids) => ids.leadA,
    reader: () => sellerA,
    outsiders: ["sellerB", "keyB", "sellerOtherUnit"],
  },
  transactions: {
    path: () => "/api/v1/payments/transactions?limit=200",
    id: (ids) => ids.transactionA,
    reader: () => sellerA,
    outsiders: ["sellerB", "keyB", "sellerOtherUnit"],
  },
  "knowledge documents": {
    path: () => "/api/v1/ai/knowledge",
    id: (ids) => ids.documentA,
    reader: () => admin,
    outsiders: ["sellerB", "keyB"],
  },
  products: {
    path: () => "/api/v1/products",
    id: (ids) => ids.productA,
    reader: () => sellerA,
    outsiders: ["sellerB", "keyB"],
  },
  users: {
    path: () => "/api/v1/auth/users?page_size=200",
    id: (ids) => ids.userA,
    reader: () => admin,
    outsiders: ["keyB"],
    keyRefused: true,
  },
  "API keys": {
    path: () => "/api/v1/auth/api-keys",
    id: (ids) => ids.apiKeyA,
    reader: () => admin,
    outsiders: ["keyB"],
    keyRefused: true,
  },
  "audit entries": {
    path: () => "/api/v1/audit?page_size=200",
    id: (ids) => ids.policyA,
    reader: () => admin,
    outsiders: ["keyB"],
  },
};

function outsider(name: Outsider) {
  return name === "keyB" ? { apiKey: keyB } : { token: { sellerB, otherClient, sellerOtherUnit }[name].token };
}

describe("lists carry no other company's (or other client's) rows", () => {
  describe.each(Object.entries(LISTS))("%s", (_, list) => {
    const path = () => list.path(ids);

    it("company A's reader finds the record (so its absence below means something)", async () => {
      const res = await api("GET", path(), { token: list.reader().token });
      expect(res.status).toBe(200);
      expect(res.text).toContain(list.id(ids));
    });

    it.each(list.outsiders)("%s does not", async (name) => {
      const res = await api("GET", path(), outsider(name));
      expect(res.status, res.text.slice(0, 200)).toBe(name === "keyB" && list.keyRefused ? 403 : 200);
      expect(res.text).not.toContain(list.id(ids));
    });
  });

  it("notifications: company B's key lists none of company A's", async () => {
    const ofA = await ok(api("GET", "/api/v1/notifications?page_size=200", { token: admin.token }), 200);
    const idsOfA = (ofA.items as Array<{ id: string; recipient: string }>)
      .filter((item) => item.recipient === ids.clientEmailA)
      .map((item) => item.id);
    expect(idsOfA.length).toBeGreaterThan(0);
    const res = await api("GET", "/api/v1/notifications?page_size=200", { apiKey: keyB });
    expect(res.status).toBe(200);
    for (const id of idsOfA) expect(res.text).not.toContain(id);
  });

  it("the reseller dashboard of company B does not show company A's, even when asked for it", async () => {
    for (const credentials of [{ apiKey: keyB }, { token: sellerB.token }]) {
      const res = await api("GET", `/api/v1/payments/reseller/dashboard?company_id=${ids.companyA}`, credentials);
      if (res.status === 200) expect(res.body.company_id).not.toBe(ids.companyA);
      else expect([403, 404, 409], res.text).toContain(res.status);
    }
  });
});

describe("the reseller dashboard and onboarding stay inside the caller's scope (trust.md section 3)", () => {
  it("a seller bound to another business unit sees none of the unit-less policies' money or subscriptions", async () => {
    const ofA = await ok(api("GET", "/api/v1/payments/reseller/dashboard", { token: sellerA.token }), 200);
    expect(ofA).toMatchObject({ company_id: ids.companyA, active_subscriptions: 1 });
    expect(Number(ofA.gross_amount)).toBeGreaterThan(0);
    const ofOtherUnit = await ok(
      api("GET", "/api/v1/payments/reseller/dashboard", { token: sellerOtherUnit.token }),
      200,
    );
    expect(ofOtherUnit).toMatchObject({
      company_id: ids.companyA,
      gross_amount: "0.00",
      commission_amount: "0.00",
      net_amount: "0.00",
      active_subscriptions: 0,
      by_month: [],
    });
  });

  it("company B's seller naming company A for onboarding: 403; company B's key: 403", async () => {
    const path = `/api/v1/payments/connect/onboarding?company_id=${ids.companyA}`;
    const bySeller = await api("POST", path, { token: sellerB.token });
    expect(bySeller.status, bySeller.text).toBe(403);
    expect(bySeller.body.detail).toBe("only an administrator may onboard another company");
    expect((await api("POST", path, { apiKey: keyB })).status).toBe(403);
  });
});

// Ids given in a body rather than the path: the same rule, 404 for another company's record.
// A reference to another company inside a nested catalog body is, like any unknown reference there, 422.
// keyRefused: the route needs a permission no key may hold (trust.md section 3), so company B's key gets 403.
type BodyCase = {
  method: string;
  path: string | ((ids: Ids) => string);
  body: (ids: Ids) => unknown;
  sellerMayCall: boolean;
  status?: number;
  keyRefused?: true;
};
const BODY_IDS: Record<string, BodyCase> = {
  "issuing for company A's client": {
    method: "POST",
    path: "/api/v1/emission/issue",
    body: (ids) => ({
      client_id: ids.clientA,
      plan_version_id: ids.sharedVersion,
      start_date: dateFromToday(1),
      beneficiaries: [{ first_name: "B", last_name: "C", kinship_type: "SELF", date_of_birth: "1980-01-01" }],
    }),
    sellerMayCall: true,
  },
  "issuing company A's own plan for company B's client": {
    method: "POST",
    path: "/api/v1/emission/issue",
    body: (ids) => ({
      client_id: ids.clientB,
      plan_version_id: ids.versionA,
      start_date: dateFromToday(1),
      beneficiaries: [{ first_name: "B", last_name: "C", kinship_type: "SELF", date_of_birth: "1980-01-01" }],
    }),
    sellerMayCall: true,
  },
  "a bulk upload for company A's client": {
    method: "POST",
    path: "/api/v1/emission/bulk-upload",
    body: (ids) => {
      const form = new FormData();
      form.set(
        "file",
        new Blob([
          "first_name,last_name,date_of_birth,kinship_type,country_of_residence\nAna,Pérez,1985-03-01,SELF,\n",
        ]),
        "beneficiaries.csv",
      );
      for (const [name, value] of Object.entries({
        client_id: ids.clientA,
        plan_version_id: ids.sharedVersion,
        start_date: dateFromToday(1),
      }))
        form.set(name, value);
      return form;
    },
    sellerMayCall: true,
  },
  "pricing company A's own plan": {
    method: "POST",
    path: "/api/v1/plans/calculate-price",
    body: (ids) => ({ plan_version_id: ids.versionA, age: 40, country_code: "MX" }),
    sellerMayCall: true,
  },
  "a claim on company A's policy": {
    method: "POST",
    path: "/api/v1/claims",
    body: (ids) => ({ policy_id: ids.policyA, beneficiary_id: ids.beneficiaryA, description: "probing" }),
    sellerMayCall: true,
  },
  "a payment intent for company A's policy": {
    method: "POST",
    path: "/api/v1/payments/intent",
    body: (ids) => ({ policy_id: ids.policyA }),
    sellerMayCall: true,
  },
  "a subscription for company A's policy": {
    method: "POST",
    path: "/api/v1/payments/subscription",
    body: (ids) => ({ policy_id: ids.policyA, processor_payment_method_id: "pm_card_visa" }),
    sellerMayCall: true,
  },
  "a manual payment for company A's policy": {
    method: "POST",
    path: "/api/v1/payments/manual",
    body: (ids) => ({ policy_id: ids.policyA, amount: "1.00" }),
    sellerMayCall: false,
  },
  "cancelling company A's subscription": {
    method: "POST",
    path: "/api/v1/payments/subscription/cancel",
    body: (ids) => ({ policy_id: ids.policyA, cancel_immediately: true }),
    sellerMayCall: false,
  },
  "a product with a plan of company A": {
    method: "POST",
    path: "/api/v1/products",
    body: (ids) => ({
      name: "Beta's product for Alpha",
      plans: [{ name: "Planted", company_id: ids.companyA, versions: [testVersionInput()] }],
    }),
    sellerMayCall: false,
    status: 422,
  },
  "a product of company A": {
    method: "POST",
    path: "/api/v1/products",
    body: (ids) => ({ name: "Beta's product for Alpha", company_id: ids.companyA }),
    sellerMayCall: false,
    status: 422,
  },
  "a role for company A's user": {
    method: "POST",
    path: "/api/v1/auth/roles/assign",
    body: (ids) => ({ user_id: ids.userA, role_id: ids.roleVendedor }),
    sellerMayCall: false,
    keyRefused: true,
  },
  "taking a role from company A's user": {
    method: "DELETE",
    path: "/api/v1/auth/roles/assign",
    body: (ids) => ({ user_id: ids.userA, role_id: ids.roleVendedor }),
    sellerMayCall: false,
    keyRefused: true,
  },
};

describe("ids in bodies: another company's record is not found", () => {
  describe.each(Object.entries(BODY_IDS))("%s", (name, route) => {
    const send = (credentials: { token?: string; apiKey?: string }) => {
      const body = route.body(ids);
      const payload = body instanceof FormData ? { rawBody: body } : { body };
      return api(route.method, typeof route.path === "string" ? route.path : route.path(ids), {
        ...credentials,
        ...payload,
      });
    };
    const expectRefused = (res: ApiResponse, context: string) => {
      if (route.status) {
        expect(res.status, `${context}: ${res.text.slice(0, 200)}`).toBe(route.status);
        expect(res.body.detail).toMatch(/company/);
      } else expectNotFound(res, context);
    };
    if (route.keyRefused) {
      it("answers 403 to company B's API keys: no key holds the permission, not even one stored with it", async () => {
        for (const apiKey of [keyB, storedKeyB]) expect((await send({ apiKey })).status).toBe(403);
      });
    } else {
      it(`answers ${route.status ?? 404} to company B's API key`, async () => {
        expectRefused(await send({ apiKey: keyB }), "key B");
      });
    }
    if (route.sellerMayCall) {
      it(`answers ${route.status ?? 404} to company B's seller`, async () => {
        expectRefused(await send({ token: sellerB.token }), "seller B");
      });
    }
    // Company A's records below belong to no business unit; company B's client and company A's plan are
    // not about units.
    if (route.sellerMayCall && !/company B's client|own plan/.test(name)) {
      it("answers 404 to a seller of company A bound to another business unit", async () => {
        expectNotFound(await send({ token: sellerOtherUnit.token }), "seller of another unit");
      });
    }
  });
});

// trust.md section 3: a key with plans:write edits only its company's own products. The shared catalog
// (products without company) is every company's to sell and no key's to change: 403, nothing changed.
describe("the shared catalog is not a key's to edit", () => {
  const EDITS: Array<[string, string, (ids: Ids) => string, (ids: Ids) => unknown]> = [
    [
      "renaming a shared product",
      "PATCH",
      (ids) => `/api/v1/products/${ids.sharedProduct}`,
      () => ({ name: "Renamed by a key" }),
    ],
    [
      "adding a plan to a shared product",
      "POST",
      (ids) => `/api/v1/products/${ids.sharedProduct}/plans`,
      () => ({ name: "Planted" }),
    ],
    [
      "adding a version to a shared plan",
      "POST",
      (ids) => `/api/v1/plans/${ids.sharedPlan}/versions`,
      () => testVersionInput(),
    ],
    [
      "changing a shared version",
      "PATCH",
      (ids) => `/api/v1/plan-versions/${ids.sharedVersion}`,
      () => ({ public_price: "0.01" }),
    ],
  ];

  it.each(EDITS)("%s: 403 to a key holding plans:write", async (_, method, path, body) => {
    const before = await ok(api("GET", `/api/v1/products/${ids.sharedProduct}`, { token: admin.token }), 200);
    const res = await api(method, path(ids), { apiKey: keyB, body: body(ids) });
    expect(res.status, res.text.slice(0, 200)).toBe(403);
    expect(res.body.detail).toBe("you may edit only your own company's products");
    expect(await ok(api("GET", `/api/v1/products/${ids.sharedProduct}`, { token: admin.token }), 200)).toEqual(before);
  });

  it("stays readable and sellable by the key (it is shared)", async () => {
    expect((await api("GET", `/api/v1/products/${ids.sharedProduct}`, { apiKey: keyB })).status).toBe(200);
    expect(
      (
        await api("POST", "/api/v1/plans/calculate-price", {
          apiKey: keyB,
          body: { plan_version_id: ids.sharedVersion, age: 40, country_code: "MX" },
        })
      ).status,
    ).toBe(200);
  });
});

// trust.md section 4: the public lead form is no way into another company's lead. A post of company A's
// lead's phone by anyone who may not read that lead answers its id only and changes nothing set.
describe("the public lead form never reads or overwrites a lead the caller may not read", () => {
  const postPhone = (credentials: { token?: string; apiKey?: string }) =>
    api("POST", "/api/v1/leads", {
      ...credentials,
      body: { phone_e164: ids.leadPhoneA, first_name: "Probed" },
      headers: { "x-forwarded-for": testAddress() },
    });

  it.each([
    ["nobody", () => ({})],
    ["company B's API key holding every permission", () => ({ apiKey: keyB })],
    ["company B's seller", () => ({ token: sellerB.token })],
    ["a seller of company A bound to another business unit", () => ({ token: sellerOtherUnit.token })],
    ["a client of company A (no leads:read)", () => ({ token: otherClient.token })],
  ])("%s: 200 with the id only; the lead keeps its name", async (_, credentials) => {
    const res = await postPhone(credentials());
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ id: ids.leadA });
    const lead = await ok(api("GET", `/api/v1/leads/${ids.leadA}`, { token: sellerA.token }), 200);
    expect(lead.first_name).toBe("Alma");
  });

  it("company A's seller gets the whole lead back", async () => {
    const res = await api("POST", "/api/v1/leads", {
      token: sellerA.token,
      body: { phone_e164: ids.leadPhoneA },
      headers: { "x-forwarded-for": testAddress() },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ids.leadA, phone_e164: ids.leadPhoneA, first_name: "Alma" });
  });
});

// lib/knowledge/__tests__/isolation.test.ts already shows that two companies' ADMINs each retrieve only
// their own fragments, with near-identical texts. Added here: company B's seller asking with the exact
// text of a company A document, through both chat endpoints.
describe("knowledge search never returns another company's fragments", () => {
  it("company A's seller gets the document as a source (the question does find it)", async () => {
    const res = await ok(
      api("POST", "/api/v1/ai/chat", { token: sellerA.token, body: { message: noticeA, session_id: randomUUID() } }),
      200,
    );
    expect((res.sources as Array<{ document_id: string }>).map((source) => source.document_id)).toContain(
      ids.documentA,
    );
  });

  it("company B's seller asking with its exact text gets none of it (POST /ai/chat)", async () => {
    const res = await ok(
      api("POST", "/api/v1/ai/chat", { token: sellerB.token, body: { message: noticeA, session_id: randomUUID() } }),
      200,
    );
    expect((res.sources as Array<{ document_id: string }>).map((source) => source.document_id)).not.toContain(
      ids.documentA,
    );
    expect(JSON.stringify(res.answer)).not.toContain("glacier clause");
  });

  it("nor through the streamed chat (POST /ai/chat/stream)", async () => {
    const res = await api("POST", "/api/v1/ai/chat/stream", {
      token: sellerB.token,
      body: { message: noticeA, session_id: randomUUID() },
    });
    expect(res.status).toBe(200);
    const header = res.headers.get("x-chat-sources");
    const sources = header
      ? (JSON.parse(Buffer.from(header, "base64url").toString("utf8")) as Array<{ document_id: string }>)
      : [];
    expect(sources.map((source) => source.document_id)).not.toContain(ids.documentA);
    expect(res.text).not.toContain("glacier clause");
  });
});

// trust.md section 5: a client's assistant reads only its company's CLIENTS documents, and nobody reads
// another caller's conversation through its session id.
describe("the assistant gives clients no staff document and nobody another's conversation", () => {
  const clientsNoticeA = `Alpha Mutual members: the lagoon clause ${randomUUID().slice(0, 8)} covers repatriation from Lima up to 5200 USD.`;
  let clientsDocumentA: string;

  beforeAll(async () => {
    const db = await getDb();
    for (const client of [ownerClient, otherClient])
      await db.update(users).set({ isVerified: true }).where(eq(users.id, client.user.id));
    const document = await ok(
      api("POST", "/api/v1/ai/knowledge", {
        token: admin.token,
        body: { title: "Alpha lagoon clause", content: clientsNoticeA, audience: "CLIENTS", company_id: ids.companyA },
      }),
      201,
    );
    clientsDocumentA = document.id;
  });

  const sourcesOf = (res: ApiResponse) =>
    (res.body.sources as Array<{ document_id: string }>).map((source) => source.document_id);

  it("company A's client gets company A's CLIENTS document (the question does find it)", async () => {
    const res = await ok(
      api("POST", "/api/v1/ai/chat", {
        token: ownerClient.token,
        body: { message: clientsNoticeA, session_id: randomUUID() },
      }),
      200,
    );
    expect(res.sources.map((source: { document_id: string }) => source.document_id)).toContain(clientsDocumentA);
  });

  it("company A's client asking with the exact text of a STAFF document of company A gets none of it (both endpoints)", async () => {
    const res = await api("POST", "/api/v1/ai/chat", {
      token: ownerClient.token,
      body: { message: noticeA, session_id: randomUUID() },
    });
    expect(res.status).toBe(200);
    expect(sourcesOf(res)).not.toContain(ids.documentA);
    expect(JSON.stringify(res.body.answer)).not.toContain("glacier clause");
    const streamed = await api("POST", "/api/v1/ai/chat/stream", {
      token: ownerClient.token,
      body: { message: noticeA, session_id: randomUUID() },
    });
    expect(streamed.status).toBe(200);
    expect(Buffer.from(streamed.headers.get("x-chat-sources") ?? "", "base64url").toString("utf8")).not.toContain(
      ids.documentA,
    );
    expect(streamed.text).not.toContain("glacier clause");
  });

  it("company B's key and seller do not get company A's CLIENTS document either", async () => {
    for (const credentials of [{ apiKey: keyB }, { token: sellerB.token }]) {
      const res = await api("POST", "/api/v1/ai/chat", {
        ...credentials,
        body: { message: clientsNoticeA, session_id: randomUUID() },
      });
      expect(res.status).toBe(200);
      expect(sourcesOf(res)).not.toContain(clientsDocumentA);
    }
  });

  it("another client using a client's session id starts its own conversation (turn 1)", async () => {
    const sessionId = randomUUID();
    for (const turn of [1, 2]) {
      const res = await ok(
        api("POST", "/api/v1/ai/chat", {
          token: ownerClient.token,
          body: { message: clientsNoticeA, session_id: sessionId },
        }),
        200,
      );
      expect(res.turn).toBe(turn);
    }
    for (const credentials of [{ token: otherClient.token }, { token: sellerA.token }, { apiKey: keyB }]) {
      const res = await ok(
        api("POST", "/api/v1/ai/chat", { ...credentials, body: { message: clientsNoticeA, session_id: sessionId } }),
        200,
      );
      expect(res.turn).toBe(1);
    }
  });
});
