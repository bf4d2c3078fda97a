import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { api } from "@/test/api";
import { createTestCompany, expectAuditRow, signInAs } from "@/test/fixtures";
import { activePolicy, addExpense, approvableClaim, coveringPolicy, moveAlong, reportClaim } from "./claim-fixtures";

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
      "corrections",
      "created_at",
      "currency",
      "expense_type",
      "id",
      "original_amount",
      "receipt_url",
    ]);
    expect(response.body).toMatchObject({
      amount: "1250.00",
      original_amount: "1250.00",
      corrections: [],
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
    expect(read.body.total_expenses).toEqual({ USD: "1250.00" });
  });

  it("keeps a given currency, has no receipt when none is given, accepts every expense type, totals per currency", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const claim = await reportClaim(seller, await activePolicy(seller, admin));
    for (const type of ["REPATRIATION", "FUNERAL_SERVICE", "TRANSPORT", "DOCUMENTATION", "OTHER"]) {
      const response = await addExpense(seller, claim.id, { amount: "10", expense_type: type, currency: "MXN" });
      expect(response.status, type).toBe(201);
      expect(response.body).toMatchObject({ currency: "MXN", expense_type: type, receipt_url: null, amount: "10.00" });
    }
    expect((await addExpense(seller, claim.id, { amount: "1", expense_type: "OTHER" })).status).toBe(201);
    // The totals are kept per currency, never added across currencies.
    const read = await api("GET", `/api/v1/claims/${claim.id}`, { token: seller.token });
    expect(read.body.total_expenses).toEqual({ MXN: "50.00", USD: "1.00" });
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
    expect(read.body.total_expenses).toEqual({ USD: "20.30" });
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
    const policy = await coveringPolicy(seller, admin);
    const closed = await approvableClaim(seller, admin, policy);
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
    const claim = await approvableClaim(seller, admin);
    await moveAlong(admin, claim.id, ["IN_REVIEW"]);
    expect((await addExpense(seller, claim.id, { amount: 1, expense_type: "OTHER" })).status).toBe(201);
    await moveAlong(admin, claim.id, ["APPROVED"]);
    expect((await addExpense(admin, claim.id, { amount: 2, expense_type: "TRANSPORT" })).status).toBe(201);
    const read = await api("GET", `/api/v1/claims/${claim.id}`, { token: seller.token });
    expect(read.body.total_expenses).toEqual({ USD: "3.00" });
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
