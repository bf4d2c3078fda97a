import { describe, expect, it } from "vitest";
import { api } from "@/test/api";
import {
  createSellableVersion,
  createTestBusinessUnit,
  createTestCompany,
  expectAuditRow,
  signInAs,
} from "@/test/fixtures";
import {
  acceptAllRequirements,
  activePolicy,
  addExpense,
  coveringPolicy,
  idsOf,
  issuePolicy,
  moveAlong,
  reportClaim,
  recordPayout,
  transitionPolicy,
} from "./claim-fixtures";

describe("waiting_period_met", () => {
  it("is true once the version's wtime_preexisting days since the start have passed (0 days: at once)", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const { version } = await createSellableVersion({ wtime_preexisting: 0 });
    const claim = await reportClaim(seller, await activePolicy(seller, admin, { versionId: version.id }));
    expect(claim.waiting_period_met).toBe(true);
    expect((await api("GET", `/api/v1/claims/${claim.id}`, { token: seller.token })).body.waiting_period_met).toBe(
      true,
    );
  });

  it("is false while the report falls within wtime_preexisting days of the start (180 days, starting today), and the claim is still accepted", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const { version } = await createSellableVersion({ wtime_preexisting: 180 });
    const claim = await reportClaim(seller, await activePolicy(seller, admin, { versionId: version.id }));
    expect(claim.status).toBe("PENDING");
    expect(claim.waiting_period_met).toBe(false);
  });

  it("is false with a one-day wait on the policy's first day", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const { version } = await createSellableVersion({ wtime_preexisting: 1 });
    const claim = await reportClaim(seller, await activePolicy(seller, admin, { versionId: version.id }));
    expect(claim.waiting_period_met).toBe(false);
  });
});

describe("a claim opened by mark-deceased", () => {
  it("looks like any reported claim: same shape, PENDING, a history row by the administrator, CLAIM_CREATED, and it takes expenses and moves", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    // No waiting period, so that the death marked today is covered and the claim can be approved.
    const policy = await coveringPolicy(seller, admin);
    const reported = await reportClaim(seller, policy, 0);

    const marked = await api("POST", `/api/v1/emission/beneficiaries/${policy.beneficiaries[1].id}/mark-deceased`, {
      token: admin.token,
    });
    expect(marked.status).toBe(200);
    const claimId = marked.body.claim_id as string;
    const read = await api("GET", `/api/v1/claims/${claimId}`, { token: seller.token });
    expect(read.status).toBe(200);
    expect(Object.keys(read.body).sort()).toEqual(Object.keys(reported).sort());
    expect(read.body).toMatchObject({
      policy_id: policy.id,
      beneficiary_id: policy.beneficiaries[1].id,
      status: "PENDING",
      expenses: [],
      total_expenses: {},
      date_of_death: expect.any(String),
      description: expect.stringContaining("Luis Pérez"),
    });
    expect(read.body.status_history).toEqual([
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
    const audit = await expectAuditRow("CLAIM_CREATED", claimId);
    expect(audit.userId).toBe(admin.user.id);

    const list = await api("GET", `/api/v1/claims?policy_id=${policy.id}&sort=reported_at`, { token: seller.token });
    expect(idsOf(list.body)).toEqual([reported.id, claimId]);

    expect((await addExpense(seller, claimId, { amount: "800.00", expense_type: "FUNERAL_SERVICE" })).status).toBe(201);
    await acceptAllRequirements(claimId);
    await moveAlong(admin, claimId, ["IN_REVIEW", "APPROVED"]);
    const paid = await recordPayout(admin, claimId, { amount: "800.00", currency: "USD" });
    expect(paid.status).toBe(201);
    await moveAlong(admin, claimId, ["CLOSED"]);
    const closed = await api("GET", `/api/v1/claims/${claimId}`, { token: seller.token });
    expect(closed.body).toMatchObject({
      status: "CLOSED",
      total_expenses: { USD: "800.00" },
      total_paid_out: { USD: "800.00" },
    });
    expect(closed.body.status_history).toHaveLength(4);
  });
});

describe("scope (contract section 2)", () => {
  it("hides another company's claims from a seller: not listed, 404 when read", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const mine = await reportClaim(seller, await activePolicy(seller, admin));
    const company = await createTestCompany();
    const theirSeller = await signInAs("VENDEDOR", { companyId: company.id });
    const theirs = await reportClaim(theirSeller, await activePolicy(theirSeller, admin));

    const myList = await api("GET", "/api/v1/claims/?page_size=200", { token: seller.token });
    expect(idsOf(myList.body)).toContain(mine.id);
    expect(idsOf(myList.body)).not.toContain(theirs.id);
    const theirList = await api("GET", "/api/v1/claims/?page_size=200", { token: theirSeller.token });
    expect(idsOf(theirList.body)).toEqual([theirs.id]);
    expect(theirList.body.total).toBe(1);
    const read = await api("GET", `/api/v1/claims/${theirs.id}`, { token: seller.token });
    expect(read.status).toBe(404);
    expect(read.body.detail).toBe("claim not found");
    const all = await api("GET", "/api/v1/claims/?page_size=200", { token: admin.token });
    expect(idsOf(all.body)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
  });

  it("shows a seller with a business unit only its unit's claims; a seller of the company without a unit sees them all", async () => {
    const admin = await signInAs("ADMIN");
    const company = await createTestCompany();
    const north = await createTestBusinessUnit(company.id);
    const south = await createTestBusinessUnit(company.id);
    const northSeller = await signInAs("VENDEDOR", { companyId: company.id, businessUnitId: north.id });
    const southSeller = await signInAs("VENDEDOR", { companyId: company.id, businessUnitId: south.id });
    const headOffice = await signInAs("VENDEDOR", { companyId: company.id });

    const northPolicy = await activePolicy(northSeller, admin);
    expect(northPolicy.business_unit_id).toBe(north.id);
    const northClaim = await reportClaim(northSeller, northPolicy);
    const headClaim = await reportClaim(headOffice, await activePolicy(headOffice, admin));

    expect(idsOf((await api("GET", "/api/v1/claims/", { token: northSeller.token })).body)).toEqual([northClaim.id]);
    expect(idsOf((await api("GET", "/api/v1/claims/", { token: southSeller.token })).body)).toEqual([]);
    expect(idsOf((await api("GET", "/api/v1/claims/", { token: headOffice.token })).body).sort()).toEqual(
      [northClaim.id, headClaim.id].sort(),
    );
    expect((await api("GET", `/api/v1/claims/${northClaim.id}`, { token: southSeller.token })).status).toBe(404);
    expect((await api("GET", `/api/v1/claims/${headClaim.id}`, { token: northSeller.token })).status).toBe(404);
    // Out of scope is out of reach for writes too: the policy (404) and the claim (404).
    const claimBody = { policy_id: northPolicy.id, beneficiary_id: northPolicy.beneficiaries[1].id, description: "x" };
    expect((await api("POST", "/api/v1/claims/", { token: southSeller.token, body: claimBody })).status).toBe(404);
    expect((await addExpense(southSeller, northClaim.id, { amount: 1, expense_type: "OTHER" })).status).toBe(404);
  });

  it("refuses the list and the read without credentials (401)", async () => {
    expect((await api("GET", "/api/v1/claims/")).status).toBe(401);
    expect((await api("GET", "/api/v1/claims/00000000-0000-4000-8000-000000000000")).status).toBe(401);
  });
});

describe("GET /claims/: filters, order and pages", () => {
  it("filters by status and policy, newest first by default, oldest first with sort=reported_at, paged", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const policy = await activePolicy(seller, admin);
    const first = await reportClaim(seller, policy);
    const second = await reportClaim(seller, policy, 1);
    const third = await reportClaim(seller, policy);
    await moveAlong(admin, second.id, ["IN_REVIEW"]);
    const other = await reportClaim(seller, await activePolicy(seller, admin));

    const newest = await api("GET", `/api/v1/claims/?policy_id=${policy.id}`, { token: seller.token });
    expect(newest.status).toBe(200);
    expect(idsOf(newest.body)).toEqual([third.id, second.id, first.id]);
    expect(newest.body).toMatchObject({ total: 3, page: 1, page_size: 50 });
    expect(
      idsOf(
        (await api("GET", `/api/v1/claims/?policy_id=${policy.id}&sort=-reported_at`, { token: seller.token })).body,
      ),
    ).toEqual([third.id, second.id, first.id]);
    const oldest = await api("GET", `/api/v1/claims?policy_id=${policy.id}&sort=reported_at`, { token: seller.token });
    expect(idsOf(oldest.body)).toEqual([first.id, second.id, third.id]);

    const pending = await api("GET", `/api/v1/claims?policy_id=${policy.id}&status=PENDING&sort=reported_at`, {
      token: seller.token,
    });
    expect(idsOf(pending.body)).toEqual([first.id, third.id]);
    expect(pending.body.total).toBe(2);
    const inReview = await api("GET", `/api/v1/claims?policy_id=${policy.id}&status=IN_REVIEW`, {
      token: seller.token,
    });
    expect(idsOf(inReview.body)).toEqual([second.id]);
    expect(inReview.body.items[0].status_history).toHaveLength(2);

    const page2 = await api("GET", `/api/v1/claims?policy_id=${policy.id}&sort=reported_at&page=2&page_size=2`, {
      token: seller.token,
    });
    expect(idsOf(page2.body)).toEqual([third.id]);
    expect(page2.body).toMatchObject({ total: 3, page: 2, page_size: 2 });

    const byOther = await api("GET", `/api/v1/claims?policy_id=${other.policy_id}`, { token: seller.token });
    expect(idsOf(byOther.body)).toEqual([other.id]);
  });

  it("lists each claim as a full ClaimResponse with its own expenses and total", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const policy = await activePolicy(seller, admin);
    const one = await reportClaim(seller, policy);
    const two = await reportClaim(seller, policy);
    await addExpense(seller, one.id, { amount: "100.50", expense_type: "TRANSPORT" });
    await addExpense(seller, two.id, { amount: "1.25", expense_type: "OTHER" });
    await addExpense(seller, two.id, { amount: "2.25", expense_type: "DOCUMENTATION" });
    const list = await api("GET", `/api/v1/claims?policy_id=${policy.id}&sort=reported_at`, { token: seller.token });
    expect(
      list.body.items.map((claim: { total_expenses: Record<string, string>; expenses: unknown[] }) => [
        claim.total_expenses,
        claim.expenses.length,
      ]),
    ).toEqual([
      [{ USD: "100.50" }, 1],
      [{ USD: "3.50" }, 2],
    ]);
    expect(list.body.items[1]).toEqual((await api("GET", `/api/v1/claims/${two.id}`, { token: seller.token })).body);
  });

  it("answers 422 for an unknown sort, status or a malformed policy_id, and for a page size above 200", async () => {
    const admin = await signInAs("ADMIN");
    for (const query of [
      "sort=age",
      "sort=reported_at_desc",
      "status=pending",
      "policy_id=123",
      "page_size=201",
      "page=0",
    ]) {
      const response = await api("GET", `/api/v1/claims?${query}`, { token: admin.token });
      expect(response.status, query).toBe(422);
    }
  });

  it("lists nothing for a policy without claims, and a cancelled policy's earlier claim stays listed", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const empty = await issuePolicy(seller);
    expect((await api("GET", `/api/v1/claims?policy_id=${empty.id}`, { token: seller.token })).body).toEqual({
      items: [],
      total: 0,
      total_is_estimate: false,
      page: 1,
      page_size: 50,
      next_cursor: null,
    });
    const policy = await activePolicy(seller, admin);
    const claim = await reportClaim(seller, policy);
    await transitionPolicy(admin, policy.id, "CANCELLED");
    expect(idsOf((await api("GET", `/api/v1/claims?policy_id=${policy.id}`, { token: seller.token })).body)).toEqual([
      claim.id,
    ]);
  });
});
