import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { api } from "@/test/api";
import { createTestCompany, dateFromToday, expectAuditRow, payTestPolicy, signInAs } from "@/test/fixtures";
import { activePolicy, issuePolicy, transitionPolicy } from "./claim-fixtures";

const CLAIM_KEYS = [
  "approved_at",
  "beneficiary_id",
  "cause_of_death",
  "claim_number",
  "date_of_death",
  "description",
  "documents",
  "eligibility",
  "expenses",
  "id",
  "is_overdue",
  "payouts",
  "place_of_death_country",
  "policy_id",
  "repatriation_to_country",
  "reported_at",
  "requirements",
  "settle_by",
  "status",
  "status_history",
  "total_expenses",
  "total_paid_out",
  "waiting_period_met",
];

function claimBody(
  policy: { id: string; beneficiaries: Array<{ id: string }> },
  overrides: Record<string, unknown> = {},
) {
  return {
    policy_id: policy.id,
    beneficiary_id: policy.beneficiaries[0].id,
    description: "Died in Madrid; the family asks for repatriation",
    ...overrides,
  };
}

describe("POST /claims/", () => {
  it("opens a PENDING claim (201 ClaimResponse) with its first history row and a CLAIM_CREATED audit entry", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const policy = await activePolicy(seller, admin);
    const before = Date.now();
    const response = await api("POST", "/api/v1/claims/", {
      token: seller.token,
      body: claimBody(policy, { description: "  Died in Madrid  " }),
    });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(CLAIM_KEYS);
    expect(response.body).toMatchObject({
      policy_id: policy.id,
      beneficiary_id: policy.beneficiaries[0].id,
      description: "Died in Madrid",
      status: "PENDING",
      expenses: [],
      total_expenses: {},
      waiting_period_met: false,
      // Without a date of death: no eligibility yet, the stricter cause, the client's country as destination.
      date_of_death: null,
      cause_of_death: "UNDETERMINED",
      place_of_death_country: null,
      repatriation_to_country: "MX",
      eligibility: null,
    });
    expect(response.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(response.body.reported_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(response.body.reported_at).toMatch(/Z$/);
    expect(response.body.status_history).toEqual([
      {
        from_status: null,
        to_status: "PENDING",
        changed_by: seller.user.id,
        changed_by_name: seller.user.email,
        changed_by_email: seller.user.email,
        reason: "claim reported",
        changed_at: expect.any(String),
      },
    ]);
    const audit = await expectAuditRow("CLAIM_CREATED", response.body.id);
    expect(audit.userId).toBe(seller.user.id);
    expect(audit.details).toMatchObject({ policy_id: policy.id, beneficiary_id: policy.beneficiaries[0].id });

    const read = await api("GET", `/api/v1/claims/${response.body.id}`, { token: seller.token });
    expect(read.body).toEqual(response.body);
  });

  it("answers 404 for an unknown policy, before looking at the beneficiary", async () => {
    const seller = await signInAs("VENDEDOR");
    const response = await api("POST", "/api/v1/claims/", {
      token: seller.token,
      body: claimBody({ id: randomUUID(), beneficiaries: [{ id: randomUUID() }] }),
    });
    expect(response.status).toBe(404);
    expect(response.body.detail).toBe("policy not found");
  });

  it("answers 404 for another company's policy, as if it did not exist", async () => {
    const admin = await signInAs("ADMIN");
    const company = await createTestCompany();
    const theirSeller = await signInAs("VENDEDOR", { companyId: company.id });
    const theirs = await activePolicy(theirSeller, admin);
    const seller = await signInAs("VENDEDOR");
    const response = await api("POST", "/api/v1/claims/", { token: seller.token, body: claimBody(theirs) });
    expect(response.status).toBe(404);
    expect(response.body.detail).toBe("policy not found");
    // The administrator sees every company: the same body is accepted.
    expect((await api("POST", "/api/v1/claims/", { token: admin.token, body: claimBody(theirs) })).status).toBe(201);
  });

  it('answers 422 "policy is not active" for a policy that is PENDING_PAYMENT', async () => {
    const seller = await signInAs("VENDEDOR");
    const policy = await issuePolicy(seller);
    expect(policy.status).toBe("PENDING_PAYMENT");
    const response = await api("POST", "/api/v1/claims/", { token: seller.token, body: claimBody(policy) });
    expect(response.status).toBe(422);
    expect(response.body.detail).toBe("policy is not active");
  });

  it('answers 422 "policy is not active" for a CANCELLED policy', async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const policy = await issuePolicy(seller);
    await transitionPolicy(admin, policy.id, "CANCELLED");
    const response = await api("POST", "/api/v1/claims/", { token: seller.token, body: claimBody(policy) });
    expect(response.status).toBe(422);
    expect(response.body.detail).toBe("policy is not active");
  });

  it('answers 422 "policy is not active" for an ACTIVE policy whose cover starts tomorrow', async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const policy = await issuePolicy(seller, { startDate: dateFromToday(1) });
    await payTestPolicy(admin, policy.id);
    const response = await api("POST", "/api/v1/claims/", { token: seller.token, body: claimBody(policy) });
    expect(response.status).toBe(422);
    expect(response.body.detail).toBe("policy is not active");
  });

  it('answers 422 "policy is not active" for a policy that EXPIRED, whatever its paid-to date', async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const policy = await activePolicy(seller, admin);
    await transitionPolicy(admin, policy.id, "EXPIRED");
    const response = await api("POST", "/api/v1/claims/", { token: seller.token, body: claimBody(policy) });
    expect(response.status).toBe(422);
    expect(response.body.detail).toBe("policy is not active");
    expect(response.body.errors).toEqual([expect.objectContaining({ path: "policy_id", code: "policy_not_active" })]);
  });

  it('answers 422 "beneficiary does not belong to the policy" for a person of another policy, or an unknown one', async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const policy = await activePolicy(seller, admin);
    const other = await activePolicy(seller, admin);
    for (const beneficiaryId of [other.beneficiaries[0].id, randomUUID()]) {
      const response = await api("POST", "/api/v1/claims/", {
        token: seller.token,
        body: claimBody(policy, { beneficiary_id: beneficiaryId }),
      });
      expect(response.status).toBe(422);
      expect(response.body.detail).toBe("beneficiary does not belong to the policy");
      expect(response.body.errors).toEqual([expect.objectContaining({ path: "beneficiary_id" })]);
    }
  });

  it('checks the beneficiary before the policy\'s cover: an inactive policy with a foreign person is "beneficiary does not belong to the policy"', async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const pending = await issuePolicy(seller);
    const other = await activePolicy(seller, admin);
    const response = await api("POST", "/api/v1/claims/", {
      token: seller.token,
      body: claimBody(pending, { beneficiary_id: other.beneficiaries[0].id }),
    });
    expect(response.status).toBe(422);
    expect(response.body.detail).toBe("beneficiary does not belong to the policy");
  });

  it("refuses a client (403) and a caller without credentials (401)", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const policy = await activePolicy(seller, admin);
    const client = await signInAs("CLIENTE");
    const forbidden = await api("POST", "/api/v1/claims/", { token: client.token, body: claimBody(policy) });
    expect(forbidden.status).toBe(403);
    const anonymous = await api("POST", "/api/v1/claims/", { body: claimBody(policy) });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toMatch(/^Bearer/);
    const list = await api("GET", `/api/v1/claims?policy_id=${policy.id}`, { token: admin.token });
    expect(list.body.total).toBe(0);
  });

  it("answers 422 naming the field for a malformed id, a missing or blank description, and a NUL character", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const policy = await activePolicy(seller, admin);
    const cases: Array<[Record<string, unknown>, string]> = [
      [claimBody(policy, { policy_id: "not-a-uuid" }), "policy_id"],
      [claimBody(policy, { beneficiary_id: 12 }), "beneficiary_id"],
      [claimBody(policy, { description: undefined }), "description"],
      [claimBody(policy, { description: "   " }), "description"],
      [claimBody(policy, { description: "x".repeat(5001) }), "description"],
    ];
    for (const [body, path] of cases) {
      const response = await api("POST", "/api/v1/claims/", { token: seller.token, body });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(path);
    }
    const nul = await api("POST", "/api/v1/claims/", {
      token: seller.token,
      body: claimBody(policy, { description: "a\u0000b" }),
    });
    expect(nul.status).toBe(422);
    const malformed = await api("POST", "/api/v1/claims/", {
      token: seller.token,
      rawBody: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(422);
  });
});
