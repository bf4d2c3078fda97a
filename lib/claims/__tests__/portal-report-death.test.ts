import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loginViaApi, registerViaApi } from "@/lib/identity/__tests__/helpers";
import { api } from "@/test/api";
import {
  createSellableVersion,
  createTestClient,
  dateFromToday,
  expectAuditRow,
  payTestPolicy,
  signInAs,
  TEST_PASSWORD,
  uniqueEmail,
  type SignedIn,
} from "@/test/fixtures";
import { activePolicy, type IssuedPolicy } from "./claim-fixtures";

// claims-cover.md section 6: POST /portal/claims, a client reports a death on its own policy with the
// rules of POST /claims/, then follows the claim in GET /claims/.

/** A client user (CLIENTE, its e-mail a client's) with an ACTIVE policy of two people starting today. */
async function clientWithPolicy(seller: SignedIn, admin: SignedIn) {
  const email = uniqueEmail("portal-claim");
  const user = await signInAs("CLIENTE", { email });
  const client = await createTestClient(seller, { email });
  const { version } = await createSellableVersion();
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
  await payTestPolicy(admin, issued.body.id);
  return { user, client, policy: issued.body as IssuedPolicy };
}

function reportDeath(caller: { token: string }, body: Record<string, unknown>) {
  return api("POST", "/api/v1/portal/claims", { token: caller.token, body });
}

function bodyFor(policy: IssuedPolicy, overrides: Record<string, unknown> = {}) {
  return {
    policy_id: policy.id,
    beneficiary_id: policy.beneficiaries[1].id,
    date_of_death: dateFromToday(0),
    description: "My father died this morning at home",
    ...overrides,
  };
}

describe("POST /portal/claims", () => {
  it("opens the client's claim on its own policy (201 ClaimResponse), which it then sees in GET /claims/", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const { user, policy } = await clientWithPolicy(seller, admin);
    const response = await reportDeath(
      user,
      bodyFor(policy, { cause_of_death: "NATURAL", place_of_death_country: "US" }),
    );
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({
      policy_id: policy.id,
      beneficiary_id: policy.beneficiaries[1].id,
      status: "PENDING",
      date_of_death: dateFromToday(0),
      cause_of_death: "NATURAL",
      place_of_death_country: "US",
      repatriation_to_country: "MX",
    });
    expect(response.body.eligibility).toMatchObject({ in_force_on_date_of_death: true, covered: true });
    expect(response.body.requirements.map((item: { code: string }) => item.code)).toContain("AIR_WAYBILL");
    expect(response.body.status_history).toEqual([
      expect.objectContaining({ to_status: "PENDING", changed_by: user.user.id, reason: "claim reported" }),
    ]);
    const audit = await expectAuditRow("CLAIM_CREATED", response.body.id);
    expect(audit.userId).toBe(user.user.id);

    const list = await api("GET", "/api/v1/claims/", { token: user.token });
    expect(list.status).toBe(200);
    expect(list.body.items.map((claim: { id: string }) => claim.id)).toEqual([response.body.id]);
    const read = await api("GET", `/api/v1/claims/${response.body.id}`, { token: user.token });
    expect(read.body).toEqual(response.body);
    // The desk sees it too.
    expect((await api("GET", `/api/v1/claims/${response.body.id}`, { token: seller.token })).status).toBe(200);
  });

  it("answers 404 for another client's policy and for an unknown one, and opens nothing", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const { user } = await clientWithPolicy(seller, admin);
    const theirs = await activePolicy(seller, admin);
    const other = await reportDeath(user, bodyFor(theirs));
    expect(other.status).toBe(404);
    expect(other.body.detail).toBe("policy not found");
    const unknown = await reportDeath(user, bodyFor(theirs, { policy_id: randomUUID() }));
    expect(unknown.status).toBe(404);
    const list = await api("GET", `/api/v1/claims?policy_id=${theirs.id}`, { token: admin.token });
    expect(list.body.total).toBe(0);
  });

  it("applies the rules of POST /claims/: date_of_death required, its bounds, the beneficiary, the cover", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const { user, policy } = await clientWithPolicy(seller, admin);
    const missing = await reportDeath(user, bodyFor(policy, { date_of_death: undefined }));
    expect(missing.status).toBe(422);
    expect(missing.body.errors.map((error: { path: string }) => error.path)).toEqual(["date_of_death"]);
    const future = await reportDeath(user, bodyFor(policy, { date_of_death: dateFromToday(1) }));
    expect(future.status).toBe(422);
    expect(future.body.errors).toEqual([expect.objectContaining({ code: "date_of_death_in_future" })]);
    const stranger = await reportDeath(user, bodyFor(policy, { beneficiary_id: randomUUID() }));
    expect(stranger.status).toBe(422);
    expect(stranger.body.detail).toBe("beneficiary does not belong to the policy");
    // The policy started today: a death yesterday was not in force.
    const yesterday = dateFromToday(-1);
    const before = await reportDeath(user, bodyFor(policy, { date_of_death: yesterday }));
    expect(before.status).toBe(422);
    expect(before.body.detail).toBe(`policy was not in force on ${yesterday}`);
  });

  it("refuses staff without portal:read (403), a caller without credentials (401) and an unverified e-mail (403)", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const { policy } = await clientWithPolicy(seller, admin);
    const staff = await reportDeath(seller, bodyFor(policy));
    expect(staff.status).toBe(403);
    const anonymous = await api("POST", "/api/v1/portal/claims", { body: bodyFor(policy) });
    expect(anonymous.status).toBe(401);
    // A client that registered itself and has not proved its e-mail learns nothing, not even a 404.
    const email = uniqueEmail("unverified");
    expect((await registerViaApi({ email, password: TEST_PASSWORD })).status).toBe(201);
    const login = await loginViaApi(email, TEST_PASSWORD);
    const intruder = await reportDeath({ token: login.body.access_token }, bodyFor(policy));
    expect(intruder.status).toBe(403);
    expect(intruder.body).toEqual({ detail: "verify your e-mail address first", code: "email_not_verified" });
    const list = await api("GET", `/api/v1/claims?policy_id=${policy.id}`, { token: admin.token });
    expect(list.body.total).toBe(0);
  });
});
