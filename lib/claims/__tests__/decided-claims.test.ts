import { beforeAll, describe, expect, it } from "vitest";
import { api } from "@/test/api";
import { expectAuditRow, signInAs, type SignedIn } from "@/test/fixtures";
import { claimsEndpoints } from "../endpoints";
import {
  addExpense,
  approvableClaim,
  coveringPolicy,
  moveAlong,
  recordPayout,
  type Body,
  type IssuedPolicy,
} from "./claim-fixtures";

// docs/claims.md, "Decided claims": once a claim is APPROVED, REJECTED or CLOSED its expenses and payouts
// are never edited or deleted (409 claim_decided); their amounts change only by a recorded correction.

let admin: SignedIn;
let seller: SignedIn;
let covering: IssuedPolicy;

beforeAll(async () => {
  admin = await signInAs("ADMIN");
  seller = await signInAs("VENDEDOR");
  covering = await coveringPolicy(seller, admin);
});

/** A claim with one USD expense of `amount`, moved along `statuses`: the claim and the expense. */
async function claimWithExpense(statuses: string[], amount = "1000.00"): Promise<{ claim: Body; expense: Body }> {
  const claim = await approvableClaim(seller, admin, covering);
  const added = await addExpense(seller, claim.id, { amount, currency: "USD", expense_type: "FUNERAL_SERVICE" });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  await moveAlong(admin, claim.id, statuses);
  return { claim, expense: added.body };
}

const expenseUrl = (claimId: string, expenseId: string) => `/api/v1/claims/${claimId}/expenses/${expenseId}`;
const payoutUrl = (claimId: string, payoutId: string) => `/api/v1/claims/${claimId}/payouts/${payoutId}`;

async function readClaim(claimId: string): Promise<Body> {
  return (await api("GET", `/api/v1/claims/${claimId}`, { token: admin.token })).body;
}

describe("expenses of an undecided claim", () => {
  it("are fixed in place while PENDING (200, audited with before and after) and removed while IN_REVIEW (204)", async () => {
    const { claim, expense } = await claimWithExpense([]);
    const patched = await api("PATCH", expenseUrl(claim.id, expense.id), {
      token: seller.token,
      body: { amount: "900", expense_type: "REPATRIATION" },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({
      id: expense.id,
      amount: "900.00",
      expense_type: "REPATRIATION",
      original_amount: "900.00",
      corrections: [],
    });
    const audit = await expectAuditRow("CLAIM_EXPENSE_UPDATED", claim.id);
    expect(audit.details).toMatchObject({
      expense_id: expense.id,
      before: { amount: "1000.00", expense_type: "FUNERAL_SERVICE" },
      after: { amount: "900.00", expense_type: "REPATRIATION" },
    });
    const empty = await api("PATCH", expenseUrl(claim.id, expense.id), { token: seller.token, body: {} });
    expect(empty.status).toBe(422);

    await moveAlong(admin, claim.id, ["IN_REVIEW"]);
    const removed = await api("DELETE", expenseUrl(claim.id, expense.id), { token: seller.token });
    expect(removed.status, removed.text).toBe(204);
    expect(await expectAuditRow("CLAIM_EXPENSE_DELETED", claim.id)).toMatchObject({
      details: { expense_id: expense.id, amount: "900.00" },
    });
    expect((await readClaim(claim.id)).expenses).toEqual([]);
  });

  it("answers 404 for an expense of another claim", async () => {
    const { claim } = await claimWithExpense([]);
    const { expense: othersExpense } = await claimWithExpense([]);
    const response = await api("DELETE", expenseUrl(claim.id, othersExpense.id), { token: seller.token });
    expect(response.status).toBe(404);
  });
});

describe("a decided claim (APPROVED, REJECTED, CLOSED)", () => {
  it("refuses an edit or a delete of an expense with 409 claim_decided, and the expense stays as it was", async () => {
    const approved = await claimWithExpense(["IN_REVIEW", "APPROVED"]);
    const rejected = await claimWithExpense(["REJECTED"]);
    for (const { claim, expense } of [approved, rejected]) {
      const patched = await api("PATCH", expenseUrl(claim.id, expense.id), {
        token: admin.token,
        body: { amount: "1.00" },
      });
      expect(patched.status, JSON.stringify(patched.body)).toBe(409);
      expect(patched.body.code).toBe("claim_decided");
      expect(patched.body.detail).toMatch(
        /^the claim is (APPROVED|REJECTED): a decided claim's expenses cannot be edited/,
      );
      expect(patched.body.detail).toContain("record a correction instead");
      const deleted = await api("DELETE", expenseUrl(claim.id, expense.id), { token: admin.token });
      expect(deleted.status).toBe(409);
      expect(deleted.body.code).toBe("claim_decided");
      expect((await readClaim(claim.id)).expenses).toEqual([expense]);
    }
  });

  it("has no edit or delete of a payout at all: a payout changes only by its correction", () => {
    const payoutOperations = Object.values(claimsEndpoints)
      .filter((operation) => operation.path.startsWith("/claims/{id}/payouts/"))
      .map((operation) => `${operation.method} ${operation.path}`);
    expect(payoutOperations).toEqual(["POST /claims/{id}/payouts/{payout_id}/corrections"]);
  });

  it("records a correction of an expense (201): the new amount, the original kept, who and why, audited", async () => {
    const { claim, expense } = await claimWithExpense(["IN_REVIEW", "APPROVED"]);
    const corrected = await api("POST", `${expenseUrl(claim.id, expense.id)}/corrections`, {
      token: admin.token,
      body: { amount: "850.25", reason: "the funeral home's final invoice" },
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(201);
    expect(corrected.body).toMatchObject({
      id: expense.id,
      amount: "850.25",
      original_amount: "1000.00",
      corrections: [
        {
          id: expect.any(String),
          previous_amount: "1000.00",
          amount: "850.25",
          reason: "the funeral home's final invoice",
          corrected_by: admin.user.id,
          corrected_by_name: admin.user.email,
          corrected_at: expect.any(String),
        },
      ],
    });
    const audit = await expectAuditRow("CLAIM_EXPENSE_CORRECTED", claim.id);
    expect(audit.userId).toBe(admin.user.id);
    expect(audit.details).toMatchObject({
      expense_id: expense.id,
      claim_status: "APPROVED",
      previous_amount: "1000.00",
      amount: "850.25",
      currency: "USD",
      reason: "the funeral home's final invoice",
    });

    // A second correction keeps the first: the original stays visible.
    const again = await api("POST", `${expenseUrl(claim.id, expense.id)}/corrections`, {
      token: admin.token,
      body: { amount: 800, reason: "discount agreed" },
    });
    expect(again.status).toBe(201);
    const read = await readClaim(claim.id);
    expect(read.expenses[0]).toMatchObject({ amount: "800.00", original_amount: "1000.00" });
    expect(read.expenses[0].corrections.map((row: Body) => [row.previous_amount, row.amount])).toEqual([
      ["1000.00", "850.25"],
      ["850.25", "800.00"],
    ]);
    expect(read.total_expenses).toEqual({ USD: "800.00" });
  });

  it("records a correction of a payout within the expenses, and refuses one above them (422 payout_exceeds_expenses)", async () => {
    const { claim } = await claimWithExpense(["IN_REVIEW", "APPROVED"]);
    const payout = await recordPayout(admin, claim.id, { amount: "600.00", currency: "USD" });
    const url = `${payoutUrl(claim.id, payout.body.id)}/corrections`;
    const tooMuch = await api("POST", url, { token: admin.token, body: { amount: "1000.01", reason: "typo" } });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors).toEqual([expect.objectContaining({ path: "amount", code: "payout_exceeds_expenses" })]);

    const corrected = await api("POST", url, { token: admin.token, body: { amount: "650", reason: "bank fee added" } });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(201);
    expect(corrected.body).toMatchObject({ amount: "650.00", original_amount: "600.00" });
    expect(corrected.body.corrections).toHaveLength(1);
    expect((await expectAuditRow("CLAIM_PAYOUT_CORRECTED", claim.id)).details).toMatchObject({
      payout_id: payout.body.id,
      previous_amount: "600.00",
      amount: "650.00",
      reason: "bank fee added",
    });
    expect((await readClaim(claim.id)).total_paid_out).toEqual({ USD: "650.00" });
  });

  it("refuses an expense correction below what was paid out (422 expenses_below_payouts), the same amount (422 no_changes) and no reason (422)", async () => {
    const { claim, expense } = await claimWithExpense(["IN_REVIEW", "APPROVED"]);
    expect((await recordPayout(admin, claim.id, { amount: "700.00", currency: "USD" })).status).toBe(201);
    const url = `${expenseUrl(claim.id, expense.id)}/corrections`;
    const below = await api("POST", url, { token: admin.token, body: { amount: "699.99", reason: "refund" } });
    expect(below.status).toBe(422);
    expect(below.body.errors).toEqual([expect.objectContaining({ code: "expenses_below_payouts" })]);
    const same = await api("POST", url, { token: admin.token, body: { amount: "1000", reason: "nothing" } });
    expect(same.status).toBe(422);
    expect(same.body.errors).toEqual([expect.objectContaining({ code: "no_changes" })]);
    const noReason = await api("POST", url, { token: admin.token, body: { amount: "900" } });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.map((error: Body) => error.path)).toContain("reason");
    expect((await readClaim(claim.id)).expenses).toEqual([expense]);
  });

  it("cancels an expense of a rejected claim by a correction to 0, which keeps it listed", async () => {
    const { claim, expense } = await claimWithExpense(["REJECTED"]);
    const response = await api("POST", `${expenseUrl(claim.id, expense.id)}/corrections`, {
      token: admin.token,
      body: { amount: 0, reason: "entered on the wrong claim" },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const read = await readClaim(claim.id);
    expect(read.expenses).toHaveLength(1);
    expect(read.expenses[0]).toMatchObject({ amount: "0.00", original_amount: "1000.00" });
  });

  it("is final once CLOSED: no correction (409 claim_closed)", async () => {
    const { claim, expense } = await claimWithExpense(["IN_REVIEW", "APPROVED"]);
    const payout = await recordPayout(admin, claim.id, { amount: "1000.00", currency: "USD" });
    await moveAlong(admin, claim.id, ["CLOSED"]);
    for (const url of [
      `${expenseUrl(claim.id, expense.id)}/corrections`,
      `${payoutUrl(claim.id, payout.body.id)}/corrections`,
    ]) {
      const response = await api("POST", url, { token: admin.token, body: { amount: "10", reason: "late" } });
      expect(response.status, url).toBe(409);
      expect(response.body.code).toBe("claim_closed");
    }
  });

  it("refuses the wrong role: a seller (claims:write, not claims:manage) cannot correct (403)", async () => {
    const { claim, expense } = await claimWithExpense(["IN_REVIEW", "APPROVED"]);
    const response = await api("POST", `${expenseUrl(claim.id, expense.id)}/corrections`, {
      token: seller.token,
      body: { amount: "10", reason: "mine" },
    });
    expect(response.status).toBe(403);
    const client = await signInAs("CLIENTE");
    const edit = await api("PATCH", expenseUrl(claim.id, expense.id), { token: client.token, body: { amount: "1" } });
    expect(edit.status).toBe(403);
  });
});
