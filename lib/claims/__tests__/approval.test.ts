import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditLogs, claimRequirements, claims } from "@/db/schema";
import { api } from "@/test/api";
import { dateFromToday, expectAuditRow, signInAs, type SignedIn } from "@/test/fixtures";
import { approvalBlockers, blockedMoveDetail, closingBlockers } from "../approval";
import type { ClaimRequirementResponse, EligibilityResponse } from "../schemas";
import {
  acceptAllRequirements,
  activePolicy,
  approvableClaim,
  coveringPolicy,
  idsOf,
  moveAlong,
  moveClaim,
  overrideMove,
  reportClaim,
  reportDeath,
  signInWithPermissions,
  type Body,
  type IssuedPolicy,
} from "./claim-fixtures";

// claims-cover.md section 4: what an approval needs, who may override it, and the settlement deadline.

const HOUR_MS = 3_600_000;

let admin: SignedIn;
let seller: SignedIn;
let covering: IssuedPolicy;

beforeAll(async () => {
  admin = await signInAs("ADMIN");
  seller = await signInAs("VENDEDOR");
  covering = await coveringPolicy(seller, admin);
});

/** The audit rows of one action for one claim. */
async function auditRows(action: string, claimId: string) {
  const db = await getDb();
  return db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.entityId, claimId)));
}

async function readClaim(claimId: string): Promise<Body> {
  const read = await api("GET", `/api/v1/claims/${claimId}`, { token: admin.token });
  expect(read.status).toBe(200);
  return read.body;
}

/** Sets a claim's settlement deadline straight in the database. */
async function setSettleBy(claimId: string, settleBy: Date) {
  const db = await getDb();
  await db.update(claims).set({ settleBy }).where(eq(claims.id, claimId));
}

describe("approvalBlockers and closingBlockers (pure)", () => {
  const requirement = (code: string, status: ClaimRequirementResponse["status"], mandatory = true) => ({
    code,
    label: code.toLowerCase(),
    mandatory,
    status,
    document_id: null,
    note: null,
  });
  const eligibility = (covered: boolean, reasons: string[]) => ({ covered, reasons }) as EligibilityResponse;

  it("blocks nothing when covered and every mandatory item is ACCEPTED (optional items may be missing)", () => {
    expect(
      approvalBlockers({
        eligibility: eligibility(true, []),
        requirements: [requirement("A", "ACCEPTED"), requirement("B", "MISSING", false)],
      }),
    ).toEqual([]);
  });

  it("names an unknown date of death, each reason of an uncovered life and each mandatory item not ACCEPTED", () => {
    expect(approvalBlockers({ eligibility: null, requirements: [] })).toEqual([
      { path: "date_of_death", message: expect.any(String), code: "date_of_death_unknown" },
    ]);
    const blockers = approvalBlockers({
      eligibility: eligibility(false, ["First reason.", "Second reason."]),
      requirements: [
        requirement("A", "MISSING"),
        requirement("B", "RECEIVED"),
        requirement("C", "REJECTED"),
        requirement("D", "ACCEPTED"),
      ],
    });
    expect(blockers.map((blocker) => [blocker.path, blocker.code])).toEqual([
      ["eligibility", "not_covered"],
      ["eligibility", "not_covered"],
      ["requirements.A", "requirement_not_accepted"],
      ["requirements.B", "requirement_not_accepted"],
      ["requirements.C", "requirement_not_accepted"],
    ]);
    expect(blockers.slice(0, 2).map((blocker) => blocker.message)).toEqual(["First reason.", "Second reason."]);
    expect(blockers[3].message).toContain("RECEIVED");
    expect(blockedMoveDetail("APPROVED", blockers)).toMatch(/^the claim cannot be approved: First reason\.; /);
  });

  it("closes when every currency's payouts equal its expenses, in decimal", () => {
    expect(closingBlockers({ total_expenses: {}, total_paid_out: {} })).toEqual([]);
    expect(
      closingBlockers({ total_expenses: { USD: "10.30", MXN: "5.00" }, total_paid_out: { MXN: "5.00", USD: "10.30" } }),
    ).toEqual([]);
  });

  it("names each currency whose payouts differ from its expenses, with both sums", () => {
    const blockers = closingBlockers({
      total_expenses: { USD: "100.00", MXN: "50.00" },
      total_paid_out: { USD: "60.00", EUR: "1.00" },
    });
    expect(blockers.map((blocker) => blocker.path)).toEqual([
      "total_paid_out.EUR",
      "total_paid_out.MXN",
      "total_paid_out.USD",
    ]);
    expect(blockers.every((blocker) => blocker.code === "payouts_do_not_match_expenses")).toBe(true);
    expect(blockers[2].message).toBe("the payouts in USD (60.00) do not match the expenses in USD (100.00)");
    expect(blockers[1].message).toBe("the payouts in MXN (0.00) do not match the expenses in MXN (50.00)");
    expect(blockers[0].message).toBe("the payouts in EUR (1.00) do not match the expenses in EUR (0.00)");
  });
});

describe("PATCH /claims/{id}/status to APPROVED: what it needs", () => {
  it("refuses a claim without a date of death: 422 with date_of_death_unknown, nothing written", async () => {
    const claim = await reportClaim(seller, covering);
    await acceptAllRequirements(claim.id);
    await moveAlong(admin, claim.id, ["IN_REVIEW"]);
    const before = await readClaim(claim.id);
    const response = await moveClaim(admin, claim.id, "APPROVED");
    expect(response.status).toBe(422);
    expect(response.body.detail).toMatch(/^the claim cannot be approved: the date of death is unknown/);
    expect(response.body.errors).toEqual([
      { path: "date_of_death", message: expect.any(String), code: "date_of_death_unknown" },
    ]);
    expect(await readClaim(claim.id)).toEqual(before);
    expect(before.approved_at).toBeNull();
  });

  it("refuses a life not covered on the date of death: 422 listing the eligibility's reasons", async () => {
    // The shared version's wtime_preexisting is 180 days: an UNDETERMINED death today is within it.
    const claim = await reportDeath(seller, await activePolicy(seller, admin));
    expect(claim.eligibility.covered).toBe(false);
    expect(claim.eligibility.reason_codes).toEqual(["waiting_period_not_met"]);
    await acceptAllRequirements(claim.id);
    await moveAlong(admin, claim.id, ["IN_REVIEW"]);
    const response = await moveClaim(admin, claim.id, "APPROVED");
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual(
      claim.eligibility.reasons.map((message: string) => ({ path: "eligibility", message, code: "not_covered" })),
    );
    expect(response.body.detail).toBe(`the claim cannot be approved: ${claim.eligibility.reasons.join("; ")}`);
    expect((await readClaim(claim.id)).status).toBe("IN_REVIEW");
  });

  it("refuses while a mandatory requirement is MISSING: 422 naming its code", async () => {
    const claim = await reportDeath(seller, covering);
    expect(claim.eligibility.covered).toBe(true);
    const codes = await acceptAllRequirements(claim.id);
    expect(codes).toContain("DEATH_CERTIFICATE");
    const db = await getDb();
    await db
      .update(claimRequirements)
      .set({ status: "MISSING", documentId: null })
      .where(and(eq(claimRequirements.claimId, claim.id), eq(claimRequirements.code, "DEATH_CERTIFICATE")));
    await moveAlong(admin, claim.id, ["IN_REVIEW"]);
    const response = await moveClaim(admin, claim.id, "APPROVED");
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([
      {
        path: "requirements.DEATH_CERTIFICATE",
        message: expect.stringContaining("MISSING"),
        code: "requirement_not_accepted",
      },
    ]);
    expect(response.body.detail).toContain("DEATH_CERTIFICATE");
  });

  it("lists every blocker at once: each requirement of a new claim without a date of death", async () => {
    const claim = await reportClaim(seller, covering);
    await moveAlong(admin, claim.id, ["IN_REVIEW"]);
    const response = await moveClaim(admin, claim.id, "APPROVED");
    expect(response.status).toBe(422);
    expect(response.body.errors.map((error: { path: string }) => error.path)).toEqual([
      "date_of_death",
      ...claim.requirements.map((item: { code: string }) => `requirements.${item.code}`),
    ]);
  });

  it("approves a covered claim with every mandatory item ACCEPTED: 200, approved_at now, settle_by 48 hours later", async () => {
    const claim = await approvableClaim(seller, admin, covering);
    await moveAlong(admin, claim.id, ["IN_REVIEW"]);
    const before = Date.now();
    const response = await moveClaim(admin, claim.id, "APPROVED", "cover confirmed");
    const after = Date.now();
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const approvedAt = Date.parse(response.body.approved_at);
    expect(approvedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(approvedAt).toBeLessThanOrEqual(after + 1000);
    expect(Date.parse(response.body.settle_by) - approvedAt).toBe(48 * HOUR_MS);
    expect(response.body).toMatchObject({ status: "APPROVED", is_overdue: false });
    expect(await auditRows("CLAIM_OVERRIDDEN", claim.id)).toEqual([]);
    const read = await readClaim(claim.id);
    expect(read.approved_at).toBe(response.body.approved_at);
    expect(read.settle_by).toBe(response.body.settle_by);
  });

  describe("with CLAIM_SETTLEMENT_DAYS", () => {
    const saved = process.env.CLAIM_SETTLEMENT_DAYS;
    afterEach(() => {
      if (saved === undefined) delete process.env.CLAIM_SETTLEMENT_DAYS;
      else process.env.CLAIM_SETTLEMENT_DAYS = saved;
    });

    it("sets settle_by CLAIM_SETTLEMENT_DAYS x 24 hours after approval (1: 24 hours)", async () => {
      process.env.CLAIM_SETTLEMENT_DAYS = "1";
      const claim = await approvableClaim(seller, admin, covering);
      await moveAlong(admin, claim.id, ["IN_REVIEW"]);
      const response = await moveClaim(admin, claim.id, "APPROVED");
      expect(response.status).toBe(200);
      expect(Date.parse(response.body.settle_by) - Date.parse(response.body.approved_at)).toBe(24 * HOUR_MS);
    });
  });

  it("checks the table first: PENDING -> APPROVED is 409 even when something would block it", async () => {
    const claim = await reportClaim(seller, covering);
    const response = await moveClaim(admin, claim.id, "APPROVED");
    expect(response.status).toBe(409);
    expect(response.body.detail).toBe("a claim cannot move from PENDING to APPROVED");
    const overridden = await overrideMove(admin, claim.id, "APPROVED");
    expect(overridden.status).toBe(409);
  });
});

describe("override (claims:override)", () => {
  it("lets an ADMIN approve despite the blockers: 200 and CLAIM_OVERRIDDEN with what it overrode and why", async () => {
    const claim = await reportClaim(seller, covering);
    await moveAlong(admin, claim.id, ["IN_REVIEW"]);
    const blocked = await moveClaim(admin, claim.id, "APPROVED");
    expect(blocked.status).toBe(422);
    const response = await overrideMove(admin, claim.id, "APPROVED", "approved by the board");
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.status).toBe("APPROVED");
    expect(response.body.approved_at).not.toBeNull();
    expect(Date.parse(response.body.settle_by) - Date.parse(response.body.approved_at)).toBe(48 * HOUR_MS);
    const audit = await expectAuditRow("CLAIM_OVERRIDDEN", claim.id);
    expect(audit.userId).toBe(admin.user.id);
    expect(audit.details).toEqual({
      to_status: "APPROVED",
      reasons: blocked.body.errors,
      reason: "approved by the board",
    });
    const moved = await expectAuditRow("CLAIM_STATUS_CHANGED", claim.id);
    expect(moved.details).toEqual({ from_status: "IN_REVIEW", to_status: "APPROVED", reason: "approved by the board" });
  });

  it("lets an ADMIN close despite unpaid expenses, naming the currency in CLAIM_OVERRIDDEN", async () => {
    const claim = await approvableClaim(seller, admin, covering);
    await moveAlong(admin, claim.id, ["IN_REVIEW", "APPROVED"]);
    const expense = await api("POST", `/api/v1/claims/${claim.id}/expenses`, {
      token: seller.token,
      body: { amount: "300.00", currency: "MXN", expense_type: "OTHER" },
    });
    expect(expense.status).toBe(201);
    const blocked = await moveClaim(admin, claim.id, "CLOSED");
    expect(blocked.status).toBe(422);
    expect(blocked.body.detail).toBe(
      "the claim cannot be closed: the payouts in MXN (0.00) do not match the expenses in MXN (300.00)",
    );
    const response = await overrideMove(admin, claim.id, "CLOSED", "written off");
    expect(response.status).toBe(200);
    expect(response.body.status).toBe("CLOSED");
    const audit = await expectAuditRow("CLAIM_OVERRIDDEN", claim.id);
    expect(audit.details).toEqual({ to_status: "CLOSED", reasons: blocked.body.errors, reason: "written off" });
  });

  it("refuses override to a user with claims:manage but not claims:override (403), before anything else", async () => {
    const manager = await signInWithPermissions(["claims:read", "claims:write", "claims:manage"]);
    const blockedClaim = await reportClaim(seller, covering);
    await moveAlong(admin, blockedClaim.id, ["IN_REVIEW"]);
    const refused = await overrideMove(manager, blockedClaim.id, "APPROVED");
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain("claims:override");
    // Checked first: even where nothing blocks, on a move outside the table, or on an unknown claim.
    const ready = await approvableClaim(seller, admin, covering);
    await moveAlong(admin, ready.id, ["IN_REVIEW"]);
    expect((await overrideMove(manager, ready.id, "APPROVED")).status).toBe(403);
    expect((await overrideMove(manager, ready.id, "CLOSED")).status).toBe(403);
    expect((await overrideMove(manager, randomUUID(), "APPROVED")).status).toBe(403);
    expect((await readClaim(ready.id)).status).toBe("IN_REVIEW");
    expect(await auditRows("CLAIM_OVERRIDDEN", blockedClaim.id)).toEqual([]);
    // Without override the same user decides as the rules allow.
    expect((await moveClaim(manager, blockedClaim.id, "APPROVED")).status).toBe(422);
    const approved = await moveClaim(manager, ready.id, "APPROVED");
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe("APPROVED");
  });

  it("is allowed when nothing blocks, and then writes no CLAIM_OVERRIDDEN (nor on moves without rules)", async () => {
    const claim = await approvableClaim(seller, admin, covering);
    const toReview = await overrideMove(admin, claim.id, "IN_REVIEW");
    expect(toReview.status).toBe(200);
    const approved = await overrideMove(admin, claim.id, "APPROVED", "nothing to override");
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe("APPROVED");
    const closed = await overrideMove(admin, claim.id, "CLOSED", "nothing to pay");
    expect(closed.status).toBe(200);
    expect(closed.body.status).toBe("CLOSED");
    expect(await auditRows("CLAIM_OVERRIDDEN", claim.id)).toEqual([]);
    expect(await auditRows("CLAIM_STATUS_CHANGED", claim.id)).toHaveLength(3);
  });

  it("answers 422 for an override that is not a boolean", async () => {
    const claim = await reportClaim(seller, covering);
    const response = await api("PATCH", `/api/v1/claims/${claim.id}/status`, {
      token: admin.token,
      body: { status: "IN_REVIEW", reason: "x", override: "yes" },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors.map((error: { path: string }) => error.path)).toContain("override");
  });
});

describe("the settlement deadline: is_overdue and the order of GET /claims/", () => {
  it("is overdue once past settle_by, and no longer once CLOSED", async () => {
    const claim = await approvableClaim(seller, admin, covering);
    await moveAlong(admin, claim.id, ["IN_REVIEW", "APPROVED"]);
    expect((await readClaim(claim.id)).is_overdue).toBe(false);
    await setSettleBy(claim.id, new Date(Date.now() - 60_000));
    const overdue = await readClaim(claim.id);
    expect(overdue.is_overdue).toBe(true);
    expect(overdue.status).toBe("APPROVED");
    await moveAlong(admin, claim.id, ["CLOSED"]);
    const closed = await readClaim(claim.id);
    expect(closed.is_overdue).toBe(false);
    expect(Date.parse(closed.settle_by)).toBeLessThan(Date.now());
  });

  it("lists overdue claims first, then the newest report first (or the oldest with sort=reported_at), paged", async () => {
    const policy = await coveringPolicy(seller, admin);
    const oldOverdue = await approvableClaim(seller, admin, policy);
    const plain = await reportDeath(seller, policy);
    const newOverdue = await approvableClaim(seller, admin, policy);
    const closedLate = await approvableClaim(seller, admin, policy);
    const newest = await reportDeath(seller, policy, {}, 1);
    for (const claim of [oldOverdue, newOverdue, closedLate])
      await moveAlong(admin, claim.id, ["IN_REVIEW", "APPROVED"]);
    await moveAlong(admin, closedLate.id, ["CLOSED"]);
    for (const claim of [oldOverdue, newOverdue, closedLate])
      await setSettleBy(claim.id, new Date(Date.now() - HOUR_MS));

    const list = await api("GET", `/api/v1/claims/?policy_id=${policy.id}`, { token: seller.token });
    expect(list.status).toBe(200);
    expect(idsOf(list.body)).toEqual([newOverdue.id, oldOverdue.id, newest.id, closedLate.id, plain.id]);
    expect(list.body.items.map((claim: { is_overdue: boolean }) => claim.is_overdue)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    const oldest = await api("GET", `/api/v1/claims/?policy_id=${policy.id}&sort=reported_at`, { token: seller.token });
    expect(idsOf(oldest.body)).toEqual([oldOverdue.id, newOverdue.id, plain.id, closedLate.id, newest.id]);

    const pages: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const answer = await api("GET", `/api/v1/claims/?policy_id=${policy.id}&page=${page}&page_size=2`, {
        token: seller.token,
      });
      expect(answer.body.total).toBe(5);
      pages.push(...idsOf(answer.body));
    }
    expect(pages).toEqual(idsOf(list.body));
  });

  it("keeps a deadline in the future out of the overdue group", async () => {
    const policy = await coveringPolicy(seller, admin);
    const approved = await approvableClaim(seller, admin, policy);
    await moveAlong(admin, approved.id, ["IN_REVIEW", "APPROVED"]);
    const later = await reportDeath(seller, policy, { date_of_death: dateFromToday(0) });
    const list = await api("GET", `/api/v1/claims/?policy_id=${policy.id}`, { token: admin.token });
    expect(idsOf(list.body)).toEqual([later.id, approved.id]);
  });
});
