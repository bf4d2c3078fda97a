import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { policies } from "@/db/schema";
import { api } from "@/test/api";
import { createTestCompany, dateFromToday, expectAuditRow, signInAs } from "@/test/fixtures";
import { activePolicy, addExpense, issuePolicy, moveAlong, reportClaim, transitionPolicy } from "./claim-fixtures";

const CLAIM_KEYS = [
  "beneficiary_id",
  "description",
  "expenses",
  "id",
  "policy_id",
  "reported_at",
  "status",
  "status_history",
  "total_expenses",
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
      total_expenses: "0.00",
      waiting_period_met: false,
    });
    expect(response.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(response.body.reported_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(response.body.reported_at).toMatch(/Z$/);
    expect(response.body.status_history).toEqual([
      {
        from_status: null,
        to_status: "PENDING",
        changed_by: seller.user.id,
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
    await transitionPolicy(admin, policy.id, "ACTIVE");
    const response = await api("POST", "/api/v1/claims/", { token: seller.token, body: claimBody(policy) });
    expect(response.status).toBe(422);
    expect(response.body.detail).toBe("policy is not active");
  });

  it('answers 422 "policy is not active" for an ACTIVE policy whose cover ended yesterday', async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const policy = await activePolicy(seller, admin);
    // No API moves a policy's end into the past; the row is aged by hand.
    const db = await getDb();
    await db
      .update(policies)
      .set({ startDate: dateFromToday(-30), endDate: dateFromToday(-1) })
      .where(eq(policies.id, policy.id));
    const response = await api("POST", "/api/v1/claims/", { token: seller.token, body: claimBody(policy) });
    expect(response.status).toBe(422);
    expect(response.body.detail).toBe("policy is not active");
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

  it('checks the policy\'s status before the beneficiary: an inactive policy with a foreign person is "policy is not active"', async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const pending = await issuePolicy(seller);
    const other = await activePolicy(seller, admin);
    const response = await api("POST", "/api/v1/claims/", {
      token: seller.token,
      body: claimBody(pending, { beneficiary_id: other.beneficiaries[0].id }),
    });
    expect(response.status).toBe(422);
    expect(response.body.detail).toBe("policy is not active");
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

describe("POST /claims/{id}/expenses", () => {
  it("records an expense (201) in USD by default, with an audit entry, and the claim read lists it", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const claim = await reportClaim(seller, await activePolicy(seller, admin));
    const response = await addExpense(seller, claim.id, {
      amount: 1250,
      expense_type: "REPATRIATION",
      receipt_url: "https://example.com/invoices/1.pdf",
    });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual([
      "amount",
      "created_at",
      "currency",
      "expense_type",
      "id",
      "receipt_url",
    ]);
    expect(response.body).toMatchObject({
      amount: "1250.00",
      currency: "USD",
      expense_type: "REPATRIATION",
      receipt_url: "https://example.com/invoices/1.pdf",
    });
    const audit = await expectAuditRow("CLAIM_EXPENSE_ADDED", claim.id);
    expect(audit.details).toMatchObject({
      expense_id: response.body.id,
      amount: "1250.00",
      currency: "USD",
      expense_type: "REPATRIATION",
    });

    const read = await api("GET", `/api/v1/claims/${claim.id}`, { token: seller.token });
    expect(read.body.expenses).toEqual([response.body]);
    expect(read.body.total_expenses).toBe("1250.00");
  });

  it("keeps a given currency, has no receipt when none is given, and accepts every expense type", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const claim = await reportClaim(seller, await activePolicy(seller, admin));
    for (const type of ["REPATRIATION", "FUNERAL_SERVICE", "TRANSPORT", "DOCUMENTATION", "OTHER"]) {
      const response = await addExpense(seller, claim.id, { amount: "10", expense_type: type, currency: "MXN" });
      expect(response.status, type).toBe(201);
      expect(response.body).toMatchObject({ currency: "MXN", expense_type: type, receipt_url: null, amount: "10.00" });
    }
  });

  it("sums the expenses in decimal (0.1 + 0.2 is 0.30, never a float's 0.30000000000000004)", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const claim = await reportClaim(seller, await activePolicy(seller, admin));
    for (const amount of [0.1, "0.20", "19.99", "0.005"]) {
      expect((await addExpense(seller, claim.id, { amount, expense_type: "OTHER" })).status).toBe(201);
    }
    const read = await api("GET", `/api/v1/claims/${claim.id}`, { token: seller.token });
    // 0.005 rounds half-up to 0.01.
    expect(read.body.expenses.map((expense: { amount: string }) => expense.amount)).toEqual([
      "0.10",
      "0.20",
      "19.99",
      "0.01",
    ]);
    expect(read.body.total_expenses).toBe("20.30");
  });

  it("answers 422 for an amount of 0, a negative one, one that rounds to 0, or one above the column's range", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const claim = await reportClaim(seller, await activePolicy(seller, admin));
    for (const amount of [0, "0.00", -5, "-0.01", "0.004", "10000000000", "abc", null]) {
      const response = await addExpense(seller, claim.id, { amount, expense_type: "OTHER" });
      expect(response.status, String(amount)).toBe(422);
      expect(response.body.errors.map((error: { path: string }) => error.path)).toContain("amount");
    }
    const read = await api("GET", `/api/v1/claims/${claim.id}`, { token: seller.token });
    expect(read.body.expenses).toEqual([]);
  });

  it("answers 422 for an unknown expense type, a lower-case or long currency, and a receipt that is not an http(s) URL", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const claim = await reportClaim(seller, await activePolicy(seller, admin));
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ amount: 10, expense_type: "FLOWERS" }, "expense_type"],
      [{ amount: 10 }, "expense_type"],
      [{ amount: 10, expense_type: "OTHER", currency: "usd" }, "currency"],
      [{ amount: 10, expense_type: "OTHER", currency: "USDT" }, "currency"],
      [{ amount: 10, expense_type: "OTHER", receipt_url: "ftp://example.com/r.pdf" }, "receipt_url"],
      [{ amount: 10, expense_type: "OTHER", receipt_url: "javascript:alert(1)" }, "receipt_url"],
      [{ amount: 10, expense_type: "OTHER", receipt_url: "not a url" }, "receipt_url"],
    ];
    for (const [body, path] of cases) {
      const response = await addExpense(seller, claim.id, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(path);
    }
    expect(
      (
        await addExpense(seller, claim.id, {
          amount: 10,
          expense_type: "OTHER",
          receipt_url: "http://example.com/r.pdf",
        })
      ).status,
    ).toBe(201);
  });

  it("answers 409 on a CLOSED and on a REJECTED claim, and records nothing", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const policy = await activePolicy(seller, admin);
    const closed = await reportClaim(seller, policy);
    await moveAlong(admin, closed.id, ["IN_REVIEW", "APPROVED", "CLOSED"]);
    const rejected = await reportClaim(seller, policy);
    await moveAlong(admin, rejected.id, ["REJECTED"]);
    for (const [claim, status] of [
      [closed, "CLOSED"],
      [rejected, "REJECTED"],
    ]) {
      const response = await addExpense(seller, claim.id, { amount: 10, expense_type: "OTHER" });
      expect(response.status, status).toBe(409);
      expect(response.body.detail).toContain(status);
      const read = await api("GET", `/api/v1/claims/${claim.id}`, { token: seller.token });
      expect(read.body.expenses).toEqual([]);
    }
  });

  it("accepts expenses while the claim is IN_REVIEW and APPROVED", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const claim = await reportClaim(seller, await activePolicy(seller, admin));
    await moveAlong(admin, claim.id, ["IN_REVIEW"]);
    expect((await addExpense(seller, claim.id, { amount: 1, expense_type: "OTHER" })).status).toBe(201);
    await moveAlong(admin, claim.id, ["APPROVED"]);
    expect((await addExpense(admin, claim.id, { amount: 2, expense_type: "TRANSPORT" })).status).toBe(201);
    const read = await api("GET", `/api/v1/claims/${claim.id}`, { token: seller.token });
    expect(read.body.total_expenses).toBe("3.00");
  });

  it("answers 404 for another company's claim and an unknown one, 403 for a client, 401 without credentials", async () => {
    const admin = await signInAs("ADMIN");
    const company = await createTestCompany();
    const theirSeller = await signInAs("VENDEDOR", { companyId: company.id });
    const theirs = await reportClaim(theirSeller, await activePolicy(theirSeller, admin));
    const seller = await signInAs("VENDEDOR");
    const body = { amount: 10, expense_type: "OTHER" };
    const other = await addExpense(seller, theirs.id, body);
    expect(other.status).toBe(404);
    expect(other.body.detail).toBe("claim not found");
    expect((await addExpense(seller, randomUUID(), body)).status).toBe(404);
    expect((await addExpense(await signInAs("CLIENTE"), theirs.id, body)).status).toBe(403);
    expect((await api("POST", `/api/v1/claims/${theirs.id}/expenses`, { body })).status).toBe(401);
    expect((await api("POST", "/api/v1/claims/not-a-uuid/expenses", { token: seller.token, body })).status).toBe(422);
    const read = await api("GET", `/api/v1/claims/${theirs.id}`, { token: admin.token });
    expect(read.body.expenses).toEqual([]);
  });
});
