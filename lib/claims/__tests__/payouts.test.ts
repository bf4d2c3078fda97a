import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "@/test/api";
import { createTestCompany, expectAuditRow, signInAs, type SignedIn } from "@/test/fixtures";
import {
  addExpense,
  approvableClaim,
  coveringPolicy,
  moveAlong,
  moveClaim,
  recordPayout,
  type Body,
  type IssuedPolicy,
} from "./claim-fixtures";

// claims-cover.md section 5: money paid out on an approved claim, never more than its expenses per
// currency, and the closing that needs them equal.

let admin: SignedIn;
let seller: SignedIn;
let covering: IssuedPolicy;

beforeAll(async () => {
  admin = await signInAs("ADMIN");
  seller = await signInAs("VENDEDOR");
  covering = await coveringPolicy(seller, admin);
});

/** An APPROVED claim with these expenses, as `[amount, currency]`. */
async function approvedClaim(expenses: Array<[string, string]> = []): Promise<Body> {
  const claim = await approvableClaim(seller, admin, covering);
  for (const [amount, currency] of expenses) {
    expect((await addExpense(seller, claim.id, { amount, currency, expense_type: "FUNERAL_SERVICE" })).status).toBe(
      201,
    );
  }
  await moveAlong(admin, claim.id, ["IN_REVIEW", "APPROVED"]);
  return claim;
}

async function readClaim(claimId: string): Promise<Body> {
  return (await api("GET", `/api/v1/claims/${claimId}`, { token: admin.token })).body;
}

describe("POST /claims/{id}/payouts", () => {
  it("records a payout up to the expenses (201), audited, and the claim shows it with total_paid_out per currency", async () => {
    const claim = await approvedClaim([
      ["1000.00", "USD"],
      ["250.50", "USD"],
    ]);
    const first = await recordPayout(admin, claim.id, { amount: "1000", currency: "USD", reference: "TRF-1" });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(String),
      payee_type: "FUNERAL_HOME",
      payee_name: "Funeraria del Valle",
      amount: "1000.00",
      currency: "USD",
      method: "BANK_TRANSFER",
      reference: "TRF-1",
      created_by: admin.user.id,
      created_by_name: admin.user.email,
      created_at: expect.any(String),
      original_amount: "1000.00",
      corrections: [],
    });
    const audit = await expectAuditRow("CLAIM_PAYOUT_RECORDED", claim.id);
    expect(audit.userId).toBe(admin.user.id);
    expect(audit.details).toMatchObject({ payout_id: first.body.id, amount: "1000.00", currency: "USD" });

    // Exactly the rest of the expenses: 1000.00 + 250.50 = 1250.50.
    const rest = await recordPayout(admin, claim.id, {
      amount: 250.5,
      currency: "USD",
      payee_type: "BENEFICIARY",
      payee_name: "Ana Pérez",
      method: "CASH",
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    expect(rest.body).toMatchObject({ amount: "250.50", payee_type: "BENEFICIARY", method: "CASH", reference: null });

    const read = await readClaim(claim.id);
    expect(read.payouts).toEqual([first.body, rest.body]);
    expect(read.total_paid_out).toEqual({ USD: "1250.50" });
    expect(read.total_expenses).toEqual({ USD: "1250.50" });
  });

  it("answers 409 unless the claim is APPROVED (PENDING, IN_REVIEW, CLOSED, REJECTED), and records nothing", async () => {
    const body = { amount: "10.00", currency: "USD" };
    const pending = await approvableClaim(seller, admin, covering);
    await addExpense(seller, pending.id, { amount: "10.00", expense_type: "OTHER" });
    const response = await recordPayout(admin, pending.id, body);
    expect(response.status).toBe(409);
    expect(response.body.detail).toBe("payouts are recorded only on an APPROVED claim; this one is PENDING");
    await moveAlong(admin, pending.id, ["IN_REVIEW"]);
    expect((await recordPayout(admin, pending.id, body)).status).toBe(409);
    const rejected = await approvableClaim(seller, admin, covering);
    await moveAlong(admin, rejected.id, ["REJECTED"]);
    expect((await recordPayout(admin, rejected.id, body)).status).toBe(409);
    const closed = await approvedClaim();
    await moveAlong(admin, closed.id, ["CLOSED"]);
    const afterClose = await recordPayout(admin, closed.id, body);
    expect(afterClose.status).toBe(409);
    expect(afterClose.body.detail).toContain("CLOSED");
    for (const id of [pending.id, rejected.id, closed.id]) expect((await readClaim(id)).payouts).toEqual([]);
  });

  it("answers 422 for an amount of 0, a negative one, or one that rounds to 0", async () => {
    const claim = await approvedClaim([["100.00", "USD"]]);
    for (const amount of [0, "0.00", -1, "0.004", "abc"]) {
      const response = await recordPayout(admin, claim.id, { amount, currency: "USD" });
      expect(response.status, String(amount)).toBe(422);
      expect(response.body.errors.map((error: { path: string }) => error.path)).toContain("amount");
    }
    expect((await readClaim(claim.id)).payouts).toEqual([]);
  });

  it("answers 422 for a bad payee type, method, currency or a missing payee name", async () => {
    const claim = await approvedClaim([["100.00", "USD"]]);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ payee_type: "FLORIST" }, "payee_type"],
      [{ method: "BITCOIN" }, "method"],
      [{ currency: "usd" }, "currency"],
      [{ payee_name: "  " }, "payee_name"],
    ];
    for (const [override, path] of cases) {
      const response = await recordPayout(admin, claim.id, { amount: "1.00", currency: "USD", ...override });
      expect(response.status, path).toBe(422);
      expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(path);
    }
  });

  it("answers 422 payout_exceeds_expenses above the expenses of the currency, counting earlier payouts", async () => {
    const claim = await approvedClaim([["100.00", "USD"]]);
    const over = await recordPayout(admin, claim.id, { amount: "100.01", currency: "USD" });
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual([
      {
        path: "amount",
        message: "the payouts in USD would come to 100.01, more than the expenses in USD (100.00)",
        code: "payout_exceeds_expenses",
      },
    ]);
    expect((await recordPayout(admin, claim.id, { amount: "60.00", currency: "USD" })).status).toBe(201);
    const second = await recordPayout(admin, claim.id, { amount: "40.01", currency: "USD" });
    expect(second.status).toBe(422);
    expect(second.body.errors[0].code).toBe("payout_exceeds_expenses");
    expect((await recordPayout(admin, claim.id, { amount: "40.00", currency: "USD" })).status).toBe(201);
    expect((await readClaim(claim.id)).total_paid_out).toEqual({ USD: "100.00" });
  });

  it("answers 422 in a currency without expenses, whatever the other currencies hold", async () => {
    const claim = await approvedClaim([["500.00", "USD"]]);
    const response = await recordPayout(admin, claim.id, { amount: "1.00", currency: "MXN" });
    expect(response.status).toBe(422);
    expect(response.body.errors[0]).toMatchObject({ code: "payout_exceeds_expenses", path: "amount" });
    expect(response.body.errors[0].message).toContain("MXN (0.00)");
    expect((await readClaim(claim.id)).total_paid_out).toEqual({});
  });

  it("keeps currencies apart: each is paid up to its own expenses", async () => {
    const claim = await approvedClaim([
      ["100.00", "USD"],
      ["2000.00", "MXN"],
    ]);
    expect((await recordPayout(admin, claim.id, { amount: "100.00", currency: "USD" })).status).toBe(201);
    expect((await recordPayout(admin, claim.id, { amount: "2000.00", currency: "MXN" })).status).toBe(201);
    expect((await recordPayout(admin, claim.id, { amount: "0.01", currency: "USD" })).status).toBe(422);
    expect((await readClaim(claim.id)).total_paid_out).toEqual({ USD: "100.00", MXN: "2000.00" });
  });

  it("judges two payouts sent at once one after the other: together above the expenses, one 201 and one 422", async () => {
    const claim = await approvedClaim([["100.00", "USD"]]);
    const answers = await Promise.all([
      recordPayout(admin, claim.id, { amount: "60.00", currency: "USD", reference: "A" }),
      recordPayout(admin, claim.id, { amount: "60.00", currency: "USD", reference: "B" }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
    const read = await readClaim(claim.id);
    expect(read.payouts).toHaveLength(1);
    expect(read.total_paid_out).toEqual({ USD: "60.00" });
  });

  it("is for claims:manage: a seller and a client 403, no credentials 401; an unknown claim 404", async () => {
    const claim = await approvedClaim([["100.00", "USD"]]);
    const body = { amount: "10.00", currency: "USD" };
    expect((await recordPayout(seller, claim.id, body)).status).toBe(403);
    expect((await recordPayout(await signInAs("CLIENTE"), claim.id, body)).status).toBe(403);
    const anonymous = await api("POST", `/api/v1/claims/${claim.id}/payouts`, {
      body: { ...body, payee_type: "OTHER", payee_name: "x", method: "CASH" },
    });
    expect(anonymous.status).toBe(401);
    expect((await recordPayout(admin, randomUUID(), body)).status).toBe(404);
    expect((await recordPayout(admin, "not-a-uuid", body)).status).toBe(422);
    expect((await readClaim(claim.id)).payouts).toEqual([]);

    // An ADMIN reaches every company's claims.
    const company = await createTestCompany();
    const theirSeller = await signInAs("VENDEDOR", { companyId: company.id });
    const theirs = await approvableClaim(theirSeller, admin, await coveringPolicy(theirSeller, admin));
    await addExpense(theirSeller, theirs.id, { amount: "10.00", expense_type: "OTHER" });
    await moveAlong(admin, theirs.id, ["IN_REVIEW", "APPROVED"]);
    expect((await recordPayout(admin, theirs.id, body)).status).toBe(201);
  });
});

describe("APPROVED -> CLOSED needs the payouts to equal the expenses in every currency", () => {
  it("refuses while payouts fall short (422 naming the currency and both sums), closes once equal (200)", async () => {
    const claim = await approvedClaim([["300.00", "USD"]]);
    expect((await recordPayout(admin, claim.id, { amount: "299.99", currency: "USD" })).status).toBe(201);
    const short = await moveClaim(admin, claim.id, "CLOSED", "paid");
    expect(short.status).toBe(422);
    expect(short.body.detail).toBe(
      "the claim cannot be closed: the payouts in USD (299.99) do not match the expenses in USD (300.00)",
    );
    expect(short.body.errors).toEqual([
      {
        path: "total_paid_out.USD",
        message: "the payouts in USD (299.99) do not match the expenses in USD (300.00)",
        code: "payouts_do_not_match_expenses",
      },
    ]);
    expect((await readClaim(claim.id)).status).toBe("APPROVED");
    expect((await recordPayout(admin, claim.id, { amount: "0.01", currency: "USD" })).status).toBe(201);
    const closed = await moveClaim(admin, claim.id, "CLOSED", "paid");
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({
      status: "CLOSED",
      total_expenses: { USD: "300.00" },
      total_paid_out: { USD: "300.00" },
      is_overdue: false,
    });
  });

  it("counts an expense added after the payouts, and every currency", async () => {
    const claim = await approvedClaim([["100.00", "USD"]]);
    expect((await recordPayout(admin, claim.id, { amount: "100.00", currency: "USD" })).status).toBe(201);
    expect(
      (await addExpense(seller, claim.id, { amount: "50.00", currency: "MXN", expense_type: "OTHER" })).status,
    ).toBe(201);
    const short = await moveClaim(admin, claim.id, "CLOSED");
    expect(short.status).toBe(422);
    expect(short.body.errors.map((error: { path: string }) => error.path)).toEqual(["total_paid_out.MXN"]);
    expect((await recordPayout(admin, claim.id, { amount: "50.00", currency: "MXN" })).status).toBe(201);
    expect((await moveClaim(admin, claim.id, "CLOSED")).status).toBe(200);
  });

  it("closes a claim without expenses or payouts", async () => {
    const claim = await approvedClaim();
    const closed = await moveClaim(admin, claim.id, "CLOSED");
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ total_expenses: {}, total_paid_out: {} });
  });
});
