import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { api, type ApiResponse } from "@/test/api";
import {
  createSellableVersion,
  createTestClient,
  createTestUser,
  dateFromToday,
  expectAuditRow,
  payTestPolicy,
  signInAs,
  uniqueEmail,
  type SignedIn,
} from "@/test/fixtures";
import { expectInvalidToken, expireToken, latestLink, notificationsTo, verifyEmailViaApi } from "./account-links";
import { loginViaApi, me, registerViaApi } from "./helpers";

// trust.md section 1: a self-registered user proves its e-mail before the portal shows the client whose
// e-mail it is. The finding: anyone could register with a client's e-mail and read that client's
// policies, certificates, passes and claims.

const PASSWORD = "a-good-password";
const NOT_VERIFIED = { detail: "verify your e-mail address first", code: "email_not_verified" };

let admin: SignedIn;
let seller: SignedIn;

beforeAll(async () => {
  admin = await signInAs("ADMIN");
  seller = await signInAs("VENDEDOR");
});

/** Registers through the API and signs in: the new user's id, e-mail and access token. */
async function registerAndSignIn(email = uniqueEmail("reg")) {
  const registered = await registerViaApi({ email, password: PASSWORD });
  expect(registered.status, registered.text).toBe(201);
  const login = await loginViaApi(email, PASSWORD);
  expect(login.status).toBe(200);
  return { id: registered.body.id as string, email, token: login.body.access_token as string };
}

/** A client registered by a seller, with an ACTIVE policy of two people and an open claim. */
async function clientWithCover() {
  const { version } = await createSellableVersion();
  const client = await createTestClient(seller);
  const issued = await api("POST", "/api/v1/emission/issue", {
    token: seller.token,
    body: {
      client_id: client.id,
      plan_version_id: version.id,
      start_date: dateFromToday(0),
      beneficiaries: [
        { first_name: "Ana", last_name: "Pérez", kinship_type: "SELF", date_of_birth: "1985-03-01" },
        { first_name: "Luis", last_name: "Pérez", kinship_type: "PARENT", date_of_birth: "1962-01-01" },
      ],
    },
  });
  expect(issued.status, issued.text).toBe(201);
  const policy = issued.body as { id: string; beneficiaries: Array<{ id: string }> };
  await payTestPolicy(admin, policy.id);
  const claim = await api("POST", "/api/v1/claims/", {
    token: seller.token,
    body: { policy_id: policy.id, beneficiary_id: policy.beneficiaries[0].id, description: "Reported by the family" },
  });
  expect(claim.status, claim.text).toBe(201);
  return { client, policyId: policy.id, claimId: claim.body.id as string };
}

/** Every route through which a client reads its cover, for one policy and claim. */
function clientRoutes(policyId: string, claimId: string): string[] {
  return [
    "/api/v1/portal/me",
    "/api/v1/emission/policies",
    `/api/v1/emission/policies/${policyId}`,
    `/api/v1/emission/policies/${policyId}/pdf`,
    `/api/v1/emission/policies/${policyId}/passbook`,
    `/api/v1/emission/policies/${policyId}/account`,
    "/api/v1/claims/",
    `/api/v1/claims/${claimId}`,
  ];
}

function expectNotVerified(res: ApiResponse, context: string) {
  expect(res.status, `${context}: ${res.text.slice(0, 200)}`).toBe(403);
  expect(res.body, context).toEqual(NOT_VERIFIED);
}

describe("POST /api/v1/auth/register sends a verification link", () => {
  it("answers is_verified false and enqueues auth.verify_email to the e-mail with {APP_URL}/verify-email?token=", async () => {
    const email = uniqueEmail("reg");
    const res = await registerViaApi({ email, password: PASSWORD });
    expect(res.status).toBe(201);
    expect(res.body.is_verified).toBe(false);
    const { row, url, token } = await latestLink(email, "auth.verify_email");
    expect(row.channel).toBe("EMAIL");
    expect(url).toBe(`http://localhost:3000/verify-email?token=${token}`);
    // At least 32 random bytes: 43 base64url characters.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
  });

  it("builds the link on PUBLIC_BASE_URL when it is set", async () => {
    const email = uniqueEmail("reg");
    vi.stubEnv("PUBLIC_BASE_URL", "https://cover.example/");
    try {
      expect((await registerViaApi({ email, password: PASSWORD })).status).toBe(201);
    } finally {
      vi.unstubAllEnvs();
    }
    const { url, token } = await latestLink(email, "auth.verify_email");
    expect(url).toBe(`https://cover.example/verify-email?token=${token}`);
  });

  it("GET /auth/me says is_verified false until the link is opened", async () => {
    const user = await registerAndSignIn();
    expect((await me(user.token)).body.is_verified).toBe(false);
  });
});

describe("POST /api/v1/auth/verify-email", () => {
  it("verifies the user (200 {id, email, is_verified: true}); /auth/me then says so; audited EMAIL_VERIFIED", async () => {
    const user = await registerAndSignIn();
    const { token } = await latestLink(user.email, "auth.verify_email");
    const res = await verifyEmailViaApi(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: user.id, email: user.email, is_verified: true });
    expect((await me(user.token)).body.is_verified).toBe(true);
    await expectAuditRow("EMAIL_VERIFIED", user.id);
  });

  it("answers 400 invalid_token to an unknown token, a used one and an expired one", async () => {
    expectInvalidToken(await verifyEmailViaApi("not-a-token"), "unknown");
    expectInvalidToken(await verifyEmailViaApi(randomUUID()), "unknown uuid");

    const used = await registerAndSignIn();
    const { token: usedToken } = await latestLink(used.email, "auth.verify_email");
    expect((await verifyEmailViaApi(usedToken)).status).toBe(200);
    expectInvalidToken(await verifyEmailViaApi(usedToken), "used");

    const late = await registerAndSignIn();
    const { token: lateToken } = await latestLink(late.email, "auth.verify_email");
    await expireToken(lateToken);
    expectInvalidToken(await verifyEmailViaApi(lateToken), "expired");
    expect((await me(late.token)).body.is_verified).toBe(false);
  });

  it("does not take an invitation or reset token (400 invalid_token)", async () => {
    const invited = await api("POST", "/api/v1/auth/users", {
      token: admin.token,
      body: { email: uniqueEmail("invited") },
    });
    expect(invited.status).toBe(201);
    const { token } = await latestLink(invited.body.email, "auth.invitation");
    expectInvalidToken(await verifyEmailViaApi(token));
  });

  it("refuses an empty token as invalid input (422)", async () => {
    expect((await verifyEmailViaApi("")).status).toBe(422);
  });
});

describe("POST /api/v1/auth/verify-email/resend", () => {
  it("sends a new link (202 {}); the older links stop working (400 invalid_token), the new one works", async () => {
    const user = await registerAndSignIn();
    const { token: first } = await latestLink(user.email, "auth.verify_email");
    const res = await api("POST", "/api/v1/auth/verify-email/resend", { token: user.token });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({});
    const { token: second } = await latestLink(user.email, "auth.verify_email");
    expect(second).not.toBe(first);
    expect(await notificationsTo(user.email, "auth.verify_email")).toHaveLength(2);
    expectInvalidToken(await verifyEmailViaApi(first), "superseded");
    expect((await verifyEmailViaApi(second)).status).toBe(200);
  });

  it("answers 409 already_verified to a verified user", async () => {
    const user = await registerAndSignIn();
    const { token } = await latestLink(user.email, "auth.verify_email");
    await verifyEmailViaApi(token);
    const res = await api("POST", "/api/v1/auth/verify-email/resend", { token: user.token });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("already_verified");
  });

  it("needs a signed-in user: 401 without credentials, 403 for an API key", async () => {
    expect((await api("POST", "/api/v1/auth/verify-email/resend")).status).toBe(401);
    const key = await api("POST", "/api/v1/auth/api-keys", {
      token: admin.token,
      body: { name: "crm", permissions: ["leads:read"] },
    });
    expect((await api("POST", "/api/v1/auth/verify-email/resend", { apiKey: key.body.key })).status).toBe(403);
  });

  it("sends at most 10 links an hour per user, then 429", async () => {
    const user = await registerAndSignIn();
    for (let i = 0; i < 10; i++)
      expect((await api("POST", "/api/v1/auth/verify-email/resend", { token: user.token })).status).toBe(202);
    expect((await api("POST", "/api/v1/auth/verify-email/resend", { token: user.token })).status).toBe(429);
  });
});

describe("users an administrator creates are verified", () => {
  it("POST /auth/users answers is_verified true, with or without a password", async () => {
    for (const body of [{ email: uniqueEmail("made"), password: PASSWORD }, { email: uniqueEmail("invited") }]) {
      const res = await api("POST", "/api/v1/auth/users", { token: admin.token, body });
      expect(res.status).toBe(201);
      expect(res.body.is_verified).toBe(true);
    }
  });
});

describe("regression: registering with a client's e-mail does not open the client's records", () => {
  it("answers 403 email_not_verified on the portal and on the policy, certificate, pass and claim routes until verified", async () => {
    const { client, policyId, claimId } = await clientWithCover();
    // Someone who is not the client registers with the client's e-mail (in another letter case).
    const intruder = await registerAndSignIn(client.email.toUpperCase());
    for (const path of clientRoutes(policyId, claimId))
      expectNotVerified(await api("GET", path, { token: intruder.token }), path);
  });

  it("answers 403 before any 404: unknown ids, and a user with no client at all", async () => {
    const stranger = await registerAndSignIn();
    for (const path of clientRoutes(randomUUID(), randomUUID()))
      expectNotVerified(await api("GET", path, { token: stranger.token }), path);
  });

  it("after verifying, the client sees its portal, policy, certificate, pass and claims", async () => {
    const { client, policyId, claimId } = await clientWithCover();
    const user = await registerAndSignIn(client.email);
    const { token } = await latestLink(user.email, "auth.verify_email");
    expect((await verifyEmailViaApi(token)).status).toBe(200);

    const portal = await api("GET", "/api/v1/portal/me", { token: user.token });
    expect(portal.status).toBe(200);
    expect(portal.body.client.id).toBe(client.id);
    expect(portal.body.policies.map((policy: { id: string }) => policy.id)).toEqual([policyId]);
    const list = await api("GET", "/api/v1/emission/policies", { token: user.token });
    expect(list.body.items.map((policy: { id: string }) => policy.id)).toEqual([policyId]);
    expect((await api("GET", `/api/v1/emission/policies/${policyId}`, { token: user.token })).status).toBe(200);
    const pdf = await api("GET", `/api/v1/emission/policies/${policyId}/pdf`, { token: user.token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const pass = await api("GET", `/api/v1/emission/policies/${policyId}/passbook`, { token: user.token });
    expect(pass.status).toBe(200);
    const claims = await api("GET", "/api/v1/claims/", { token: user.token });
    expect(claims.body.items.map((claim: { id: string }) => claim.id)).toEqual([claimId]);
    expect((await api("GET", `/api/v1/claims/${claimId}`, { token: user.token })).status).toBe(200);
  });

  it("a client created by an administrator sees its cover at once, and staff are not asked to verify", async () => {
    const { client, policyId } = await clientWithCover();
    const user = await createTestUser({ email: client.email });
    const login = await loginViaApi(user.email, user.password);
    expect((await api("GET", "/api/v1/portal/me", { token: login.body.access_token })).status).toBe(200);
    expect(
      (await api("GET", `/api/v1/emission/policies/${policyId}/pdf`, { token: login.body.access_token })).status,
    ).toBe(200);
    // A seller reads policies through emission:read, not through a client's e-mail.
    expect((await api("GET", `/api/v1/emission/policies/${policyId}`, { token: seller.token })).status).toBe(200);
  });
});
