import { describe, expect, it } from "vitest";
import { api } from "@/test/api";
import {
  createTestCompany,
  dateFromToday,
  issueTestPolicy,
  payTestPolicy,
  signInAs,
  type SignedIn,
} from "@/test/fixtures";

/** An ACTIVE policy whose second beneficiary an admin has marked deceased: one PENDING claim. */
async function claimFor(seller: SignedIn, admin: SignedIn) {
  const issued = await issueTestPolicy(seller, {
    beneficiaries: [
      { first_name: "Ana", last_name: "Pérez", kinship_type: "SELF", date_of_birth: "1985-03-01" },
      { first_name: "Luis", last_name: "Pérez", kinship_type: "PARENT", date_of_birth: "1962-01-01" },
    ],
  });
  await payTestPolicy(admin, issued.policy.id);
  const marked = await api(
    "POST",
    `/api/v1/emission/beneficiaries/${issued.policy.beneficiaries[1].id}/mark-deceased`,
    { token: admin.token },
  );
  expect(marked.status).toBe(200);
  return { ...issued, claimId: marked.body.claim_id as string };
}

describe("GET /claims/ and /claims/{id}", () => {
  it("returns the claim as ClaimResponse with its first history row, no expenses and a zero total", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const { policy, claimId } = await claimFor(seller, admin);
    const response = await api("GET", `/api/v1/claims/${claimId}`, { token: seller.token });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual([
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
    ]);
    expect(response.body).toMatchObject({
      policy_id: policy.id,
      beneficiary_id: policy.beneficiaries[1].id,
      status: "PENDING",
      expenses: [],
      total_expenses: {},
      // Mark-deceased dates the death the day it was marked.
      date_of_death: dateFromToday(0),
      cause_of_death: "UNDETERMINED",
    });
    expect(response.body.status_history).toEqual([
      {
        from_status: null,
        to_status: "PENDING",
        changed_by: admin.user.id,
        changed_by_name: admin.user.email,
        changed_by_email: admin.user.email,
        reason: "beneficiary marked deceased",
        changed_at: expect.any(String),
      },
    ]);
  });

  it("says the waiting period is not met while the report falls within wtime_preexisting days of the start", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    // The test version waits 180 days for pre-existing conditions; the policy starts tomorrow.
    const { claimId } = await claimFor(seller, admin);
    const response = await api("GET", `/api/v1/claims/${claimId}`, { token: seller.token });
    expect(response.body.waiting_period_met).toBe(false);
    expect(dateFromToday(1) > response.body.reported_at.slice(0, 10)).toBe(true);
  });

  it("lists only the caller's company's claims to a seller, and filters by status and policy", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const mine = await claimFor(seller, admin);
    const company = await createTestCompany();
    const otherSeller = await signInAs("VENDEDOR", { companyId: company.id });
    const theirs = await claimFor(otherSeller, admin);

    const list = await api("GET", "/api/v1/claims/", { token: seller.token });
    expect(list.status).toBe(200);
    const ids = list.body.items.map((claim: { id: string }) => claim.id);
    expect(ids).toContain(mine.claimId);
    expect(ids).not.toContain(theirs.claimId);
    expect((await api("GET", `/api/v1/claims/${theirs.claimId}`, { token: seller.token })).status).toBe(404);

    const byPolicy = await api("GET", `/api/v1/claims?policy_id=${mine.policy.id}&status=PENDING`, {
      token: admin.token,
    });
    expect(byPolicy.body.items.map((claim: { id: string }) => claim.id)).toEqual([mine.claimId]);
    expect(byPolicy.body).toMatchObject({ total: 1, page: 1, page_size: 50 });
    const closed = await api("GET", `/api/v1/claims?policy_id=${mine.policy.id}&status=CLOSED`, { token: admin.token });
    expect(closed.body.items).toEqual([]);
  });

  it("shows a client only the claims under its own policies, and 404 for another client's", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const mine = await claimFor(seller, admin);
    const other = await claimFor(seller, admin);
    const client = await signInAs("CLIENTE", { email: mine.client.email.toUpperCase() });

    const list = await api("GET", "/api/v1/claims/", { token: client.token });
    expect(list.status).toBe(200);
    expect(list.body.items.map((claim: { id: string }) => claim.id)).toEqual([mine.claimId]);
    expect((await api("GET", `/api/v1/claims/${mine.claimId}`, { token: client.token })).status).toBe(200);
    expect((await api("GET", `/api/v1/claims/${other.claimId}`, { token: client.token })).status).toBe(404);
  });

  it("answers 401 without credentials and 422 for a malformed id or status", async () => {
    const admin = await signInAs("ADMIN");
    expect((await api("GET", "/api/v1/claims/")).status).toBe(401);
    expect((await api("GET", "/api/v1/claims/not-a-uuid", { token: admin.token })).status).toBe(422);
    expect((await api("GET", "/api/v1/claims?status=OPEN", { token: admin.token })).status).toBe(422);
  });
});
