import { randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditLogs, policies, type PolicyStatus } from "@/db/schema";
import { systemContext } from "@/lib/context";
import { movePolicies, movePolicy } from "@/lib/emission/move-policy";
import type { PolicyTrigger } from "@/lib/emission/state-machine";
import { api } from "@/test/api";
import {
  createSellableVersion,
  createTestClient,
  expectAuditRow,
  payTestPolicy,
  signInAs,
  type SignedIn,
} from "@/test/fixtures";
import { forceStatus, historyOf, issueBody, issueViaApi } from "./helpers";

// Policy status moves (contract section 6, lifecycle.md sections 3 to 8). The tables are written out
// here, not imported from state-machine.ts, so that these tests hold the code to the specification.

const STATUSES = [
  "DRAFT",
  "PENDING_PAYMENT",
  "ACTIVE",
  "IN_ARREARS",
  "PAID_FAILED",
  "LAPSED",
  "CANCELLED",
  "EXPIRED",
  "NOT_TAKEN_UP",
] as const;
const FINAL: readonly PolicyStatus[] = ["CANCELLED", "EXPIRED", "NOT_TAKEN_UP"];

/**
 * POST /emission/policies/{id}/transition: the manual moves allowed. ACTIVE is reached only by premiums,
 * reinstatement and renewal (409 "record a payment or reinstate instead"); a move into CANCELLED is a
 * cancellation (lifecycle.md section 8), from any status that is not final. Every other move is 409.
 */
const MANUAL_MOVES: Record<(typeof STATUSES)[number], readonly string[]> = {
  DRAFT: ["PENDING_PAYMENT", "CANCELLED"],
  PENDING_PAYMENT: ["CANCELLED"],
  PAID_FAILED: ["CANCELLED"],
  ACTIVE: ["IN_ARREARS", "CANCELLED", "EXPIRED"],
  IN_ARREARS: ["CANCELLED"],
  LAPSED: ["CANCELLED"],
  CANCELLED: [],
  EXPIRED: [],
  NOT_TAKEN_UP: [],
};

/** The answer of a refused manual move. */
function refusal(from: PolicyStatus, to: PolicyStatus, policyNumber: string): string {
  if (to === "ACTIVE") return "record a payment or reinstate instead";
  if (to === "CANCELLED" && FINAL.includes(from)) return `policy ${policyNumber} is ${from} and cannot be cancelled`;
  return `a policy cannot move from ${from} to ${to}`;
}

/**
 * Moves by payment events: a successful payment activates a pending, failed or overdue policy; a failed
 * first charge of a pending policy makes it PAID_FAILED, a failed renewal of an active one IN_ARREARS; a
 * deleted subscription cancels. Each event is tried from every status towards the status it leads to.
 */
const EVENT_MOVES: Array<{
  trigger: PolicyTrigger;
  to: PolicyStatus;
  from: readonly PolicyStatus[];
  tried: readonly PolicyStatus[];
}> = [
  {
    trigger: "payment_succeeded",
    to: "ACTIVE",
    from: ["PENDING_PAYMENT", "IN_ARREARS", "PAID_FAILED", "LAPSED"],
    tried: STATUSES,
  },
  { trigger: "payment_failed", to: "PAID_FAILED", from: ["PENDING_PAYMENT"], tried: STATUSES },
  { trigger: "payment_failed", to: "IN_ARREARS", from: ["ACTIVE"], tried: STATUSES },
  // The contract names no source for a deleted subscription beyond the final statuses staying final; a
  // DRAFT policy has no subscription, so it is not tried.
  {
    trigger: "subscription_deleted",
    to: "CANCELLED",
    from: ["PENDING_PAYMENT", "PAID_FAILED", "ACTIVE", "IN_ARREARS"],
    tried: STATUSES.filter((s) => s !== "DRAFT"),
  },
];

let admin: SignedIn;
let seller: SignedIn;
let versionId: string;
let clientId: string;

beforeAll(async () => {
  [admin, seller] = await Promise.all([signInAs("ADMIN"), signInAs("VENDEDOR")]);
  versionId = (await createSellableVersion()).version.id;
  clientId = (await createTestClient(seller)).id;
});

/** A new policy, issued and then put in `status`. */
async function policyIn(status: PolicyStatus): Promise<string> {
  return (await issuedIn(status)).id;
}

async function issuedIn(status: PolicyStatus): Promise<{ id: string; policy_number: string }> {
  const issued = await issueViaApi(seller.token, issueBody(clientId, versionId));
  expect(issued.status, issued.text).toBe(201);
  if (status !== "PENDING_PAYMENT") await forceStatus(issued.body.id, status);
  return issued.body;
}

function transition(policyId: string, body: unknown, token = admin.token) {
  return api("POST", `/api/v1/emission/policies/${policyId}/transition`, { token, body });
}

async function statusOf(policyId: string): Promise<string> {
  const [row] = await (
    await getDb()
  )
    .select({ status: policies.status })
    .from(policies)
    .where(eq(policies.id, policyId));
  return row.status;
}

async function statusAudits(policyId: string): Promise<number> {
  const db = await getDb();
  return (
    await db
      .select({ n: count() })
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "POLICY_STATUS_CHANGED"), eq(auditLogs.entityId, policyId)))
  )[0].n;
}

const matrix = STATUSES.flatMap((from) =>
  STATUSES.map((to) => ({ from, to, allowed: MANUAL_MOVES[from].includes(to) })),
);

describe("POST /api/v1/emission/policies/{id}/transition: the contract's table", () => {
  it.each(matrix.filter((move) => move.allowed))(
    "moves $from -> $to (200), with one history row and one audit entry",
    async ({ from, to }) => {
      const policyId = await policyIn(from);
      const historyBefore = (await historyOf(policyId)).length;
      const response = await transition(policyId, { to_status: to, reason: `test ${from} to ${to}` });
      expect(response.status, response.text).toBe(200);
      expect(response.body).toMatchObject({ id: policyId, status: to });
      expect(await statusOf(policyId)).toBe(to);

      const history = await historyOf(policyId);
      expect(history).toHaveLength(historyBefore + 1);
      expect(history.at(-1)).toMatchObject({
        fromStatus: from,
        toStatus: to,
        changedBy: admin.user.id,
        reason: `test ${from} to ${to}`,
      });
      expect(response.body.status_history.at(-1)).toEqual({
        from_status: from,
        to_status: to,
        changed_by: admin.user.id,
        changed_by_name: admin.user.email,
        changed_by_email: admin.user.email,
        reason: `test ${from} to ${to}`,
        changed_at: expect.stringMatching(/Z$/),
        effective_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      });

      expect(await statusAudits(policyId)).toBe(1);
      const audit = await expectAuditRow("POLICY_STATUS_CHANGED", policyId);
      expect(audit.userId).toBe(admin.user.id);
      expect(audit.details).toMatchObject({ from_status: from, to_status: to, reason: `test ${from} to ${to}` });
    },
  );

  it.each(matrix.filter((move) => !move.allowed))(
    "refuses $from -> $to (409), changing and writing nothing",
    async ({ from, to }) => {
      const policy = await issuedIn(from);
      const policyId = policy.id;
      const historyBefore = await historyOf(policyId);
      const response = await transition(policyId, { to_status: to, reason: "not allowed" });
      expect(response.status, response.text).toBe(409);
      expect(response.body).toEqual({ detail: refusal(from, to, policy.policy_number), code: "conflict" });
      expect(await statusOf(policyId)).toBe(from);
      expect(await historyOf(policyId)).toEqual(historyBefore);
      expect(await statusAudits(policyId)).toBe(0);
    },
  );
});

describe("POST /api/v1/emission/policies/{id}/transition: input and access", () => {
  it.each([
    ["no reason", { to_status: "ACTIVE" }],
    ["an empty reason", { to_status: "ACTIVE", reason: "" }],
    ["a blank reason", { to_status: "ACTIVE", reason: "   " }],
  ])("answers 422 for %s, naming reason, and moves nothing", async (_, body) => {
    const policyId = await policyIn("PENDING_PAYMENT");
    const response = await transition(policyId, body);
    expect(response.status).toBe(422);
    expect(response.body.errors.map((error: { path: string }) => error.path)).toEqual(["reason"]);
    expect(await statusOf(policyId)).toBe("PENDING_PAYMENT");
  });

  it.each([
    ["an unknown status", { to_status: "PAUSED", reason: "x" }, "to_status"],
    ["a lower-case status", { to_status: "active", reason: "x" }, "to_status"],
    ["no status", { reason: "x" }, "to_status"],
  ])("answers 422 for %s", async (_, body, path) => {
    const policyId = await policyIn("PENDING_PAYMENT");
    const response = await transition(policyId, body);
    expect(response.status).toBe(422);
    expect(response.body.errors.map((error: { path: string }) => error.path)).toEqual([path]);
  });

  it("refuses a VENDEDOR (403), even on its own policy", async () => {
    const policyId = await policyIn("PENDING_PAYMENT");
    const response = await transition(policyId, { to_status: "CANCELLED", reason: "seller tries" }, seller.token);
    expect(response.status).toBe(403);
    expect(await statusOf(policyId)).toBe("PENDING_PAYMENT");
  });

  it("refuses a CLIENTE (403) and an anonymous caller (401)", async () => {
    const policyId = await policyIn("PENDING_PAYMENT");
    const cliente = await signInAs("CLIENTE");
    expect((await transition(policyId, { to_status: "CANCELLED", reason: "x" }, cliente.token)).status).toBe(403);
    expect(
      (
        await api("POST", `/api/v1/emission/policies/${policyId}/transition`, {
          body: { to_status: "CANCELLED", reason: "x" },
        })
      ).status,
    ).toBe(401);
  });

  it("answers 404 'policy not found' for an unknown policy, and 422 for a malformed id", async () => {
    const response = await transition(randomUUID(), { to_status: "CANCELLED", reason: "x" });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: "policy not found", code: "not_found" });
    expect((await transition("policy-1", { to_status: "CANCELLED", reason: "x" })).status).toBe(422);
  });

  it("GET /emission/policies/{id} returns status_history in order, from the issue on", async () => {
    const policyId = await policyIn("PENDING_PAYMENT");
    // ACTIVE only by a premium: a manual payment of the whole premium.
    const pay = () => payTestPolicy(admin, policyId);
    await pay();
    expect((await transition(policyId, { to_status: "IN_ARREARS", reason: "renewal unpaid" })).status).toBe(200);
    await pay();
    expect((await transition(policyId, { to_status: "CANCELLED", reason: "client asked" })).status).toBe(200);
    const response = await api("GET", `/api/v1/emission/policies/${policyId}`, { token: seller.token });
    expect(response.status).toBe(200);
    expect(response.body.status).toBe("CANCELLED");
    expect(
      response.body.status_history.map(
        (row: { from_status: string | null; to_status: string; reason: string; changed_by: string }) => [
          row.from_status,
          row.to_status,
          row.reason,
          row.changed_by,
        ],
      ),
    ).toEqual([
      [null, "PENDING_PAYMENT", "policy issued", seller.user.id],
      ["PENDING_PAYMENT", "ACTIVE", "manual payment received", admin.user.id],
      ["ACTIVE", "IN_ARREARS", "renewal unpaid", admin.user.id],
      ["IN_ARREARS", "ACTIVE", "manual payment received", admin.user.id],
      ["ACTIVE", "CANCELLED", "client asked", admin.user.id],
    ]);
    const times = response.body.status_history.map((row: { changed_at: string }) => row.changed_at);
    expect([...times].sort()).toEqual(times);
  });
});

describe("moves by payment events (movePolicy with the system as actor)", () => {
  const cases = EVENT_MOVES.flatMap(({ trigger, to, from, tried }) =>
    tried.map((status) => ({ trigger, from: status, to, allowed: from.includes(status) })),
  );

  it.each(cases.filter((move) => move.allowed))(
    "$trigger moves $from -> $to, written as system:<event>",
    async ({ trigger, from, to }) => {
      const policyId = await policyIn(from);
      const ctx = systemContext(await getDb(), `stripe.${trigger}`);
      const moved = await movePolicy(ctx, { policyId, to, reason: `event ${trigger}`, trigger });
      expect(moved.status).toBe(to);
      const history = await historyOf(policyId);
      expect(history.at(-1)).toMatchObject({
        fromStatus: from,
        toStatus: to,
        changedBy: `system:stripe.${trigger}`,
        reason: `event ${trigger}`,
      });
      const audit = await expectAuditRow("POLICY_STATUS_CHANGED", policyId);
      expect(audit.details).toMatchObject({ from_status: from, to_status: to, trigger });
    },
  );

  it.each(cases.filter((move) => !move.allowed))(
    "$trigger refuses $from -> $to (409)",
    async ({ trigger, from, to }) => {
      const policyId = await policyIn(from);
      const before = await historyOf(policyId);
      const ctx = systemContext(await getDb(), `stripe.${trigger}`);
      await expect(movePolicy(ctx, { policyId, to, reason: `event ${trigger}`, trigger })).rejects.toThrow(
        `a policy cannot move from ${from} to ${to}`,
      );
      expect(await statusOf(policyId)).toBe(from);
      expect(await historyOf(policyId)).toEqual(before);
    },
  );

  it("moves PENDING_PAYMENT -> PAID_FAILED only by a failed payment, never by hand", async () => {
    const policyId = await policyIn("PENDING_PAYMENT");
    expect((await transition(policyId, { to_status: "PAID_FAILED", reason: "by hand" })).status).toBe(409);
    const ctx = systemContext(await getDb(), "stripe.invoice.payment_failed");
    await expect(
      movePolicy(ctx, { policyId, to: "PAID_FAILED", reason: "card declined", trigger: "payment_succeeded" }),
    ).rejects.toThrow(/cannot move/);
    const moved = await movePolicy(ctx, {
      policyId,
      to: "PAID_FAILED",
      reason: "card declined",
      trigger: "payment_failed",
    });
    expect(moved.status).toBe("PAID_FAILED");
  });

  it("movePolicies moves many at once, each with its own columns, history row and audit entry", async () => {
    const [arrears, lapsing, other] = [
      await policyIn("ACTIVE"),
      await policyIn("IN_ARREARS"),
      await policyIn("IN_ARREARS"),
    ];
    const ctx = systemContext(await getDb(), "lifecycle");
    const moved = await movePolicies(ctx, [
      {
        policyId: lapsing,
        to: "LAPSED",
        reason: "grace ended",
        trigger: "lifecycle",
        effectiveDate: "2026-03-02",
        set: { lapsedOn: "2026-03-02" },
      },
      {
        policyId: arrears,
        to: "IN_ARREARS",
        reason: "premium unpaid",
        trigger: "lifecycle",
        effectiveDate: "2026-03-01",
      },
      {
        policyId: other,
        to: "LAPSED",
        reason: "grace ended",
        trigger: "lifecycle",
        effectiveDate: "2026-02-20",
        set: { lapsedOn: "2026-02-20" },
      },
    ]);
    // In the order asked, each with its own lapsed_on.
    expect(moved.map((policy) => [policy.id, policy.status, policy.lapsedOn])).toEqual([
      [lapsing, "LAPSED", "2026-03-02"],
      [arrears, "IN_ARREARS", null],
      [other, "LAPSED", "2026-02-20"],
    ]);
    expect((await historyOf(arrears)).at(-1)).toMatchObject({
      fromStatus: "ACTIVE",
      toStatus: "IN_ARREARS",
      changedBy: "system:lifecycle",
      reason: "premium unpaid",
      effectiveDate: "2026-03-01",
    });
    expect((await historyOf(other)).at(-1)).toMatchObject({
      fromStatus: "IN_ARREARS",
      toStatus: "LAPSED",
      effectiveDate: "2026-02-20",
    });
    const audit = await expectAuditRow("POLICY_STATUS_CHANGED", lapsing);
    expect(audit.details).toMatchObject({
      from_status: "IN_ARREARS",
      to_status: "LAPSED",
      effective_date: "2026-03-02",
    });
  });

  it("movePolicies moves none when the table refuses one of them", async () => {
    const [active, expired] = [await policyIn("ACTIVE"), await policyIn("EXPIRED")];
    const before = [await historyOf(active), await historyOf(expired)];
    const ctx = systemContext(await getDb(), "lifecycle");
    await expect(
      movePolicies(ctx, [
        { policyId: active, to: "IN_ARREARS", reason: "unpaid", trigger: "lifecycle" },
        { policyId: expired, to: "IN_ARREARS", reason: "unpaid", trigger: "lifecycle" },
      ]),
    ).rejects.toThrow("a policy cannot move from EXPIRED to IN_ARREARS");
    expect([await statusOf(active), await statusOf(expired)]).toEqual(["ACTIVE", "EXPIRED"]);
    expect([await historyOf(active), await historyOf(expired)]).toEqual(before);
  });

  it("answers 'policy not found' for an unknown policy", async () => {
    const ctx = systemContext(await getDb(), "stripe.invoice.paid");
    await expect(
      movePolicy(ctx, { policyId: randomUUID(), to: "ACTIVE", reason: "paid", trigger: "payment_succeeded" }),
    ).rejects.toThrow("policy not found");
  });
});
