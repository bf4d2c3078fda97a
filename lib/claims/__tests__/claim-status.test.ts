import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "@/test/api";
import { createTestCompany, expectAuditRow, signInAs, type SignedIn } from "@/test/fixtures";
import {
  acceptAllRequirements,
  activePolicy,
  coveringPolicy,
  moveAlong,
  moveClaim,
  reportDeath,
  type IssuedPolicy,
} from "./claim-fixtures";

// The contract's claim moves (section 8), written out here on purpose rather than imported from
// claim-moves.ts, so that a wrong table in the code fails these tests. 200: allowed; 409: refused.
const TO = ["PENDING", "IN_REVIEW", "APPROVED", "REJECTED", "CLOSED"] as const;
const MATRIX: Record<(typeof TO)[number], readonly number[]> = {
  //           PENDING  IN_REVIEW  APPROVED  REJECTED  CLOSED
  PENDING: [409, 200, 409, 200, 409],
  IN_REVIEW: [200, 409, 200, 200, 409],
  APPROVED: [409, 409, 409, 409, 200],
  REJECTED: [409, 409, 409, 409, 409],
  CLOSED: [409, 409, 409, 409, 409],
};

// How a new claim (PENDING) reaches each status through allowed moves.
const PATH_TO: Record<(typeof TO)[number], string[]> = {
  PENDING: [],
  IN_REVIEW: ["IN_REVIEW"],
  APPROVED: ["IN_REVIEW", "APPROVED"],
  REJECTED: ["REJECTED"],
  CLOSED: ["IN_REVIEW", "APPROVED", "CLOSED"],
};

const PAIRS = TO.flatMap((from) => TO.map((to, index) => ({ from, to, code: MATRIX[from][index] })));

let admin: SignedIn;
let seller: SignedIn;
let policy: IssuedPolicy;

beforeAll(async () => {
  admin = await signInAs("ADMIN");
  seller = await signInAs("VENDEDOR");
  policy = await coveringPolicy(seller, admin);
});

/**
 * A new claim on the shared policy, moved to `status`. The death is covered and every requirement is
 * ACCEPTED, so that the table alone decides each move (what blocks APPROVED and CLOSED: approval.test.ts).
 */
async function claimIn(status: (typeof TO)[number]): Promise<string> {
  const claim = await reportDeath(seller, policy);
  await acceptAllRequirements(claim.id);
  await moveAlong(admin, claim.id, PATH_TO[status]);
  return claim.id;
}

describe("PATCH /claims/{id}/status: the contract's table, move by move", () => {
  it("covers all 25 pairs, 6 of them allowed", () => {
    expect(PAIRS).toHaveLength(25);
    expect(PAIRS.filter((pair) => pair.code === 200)).toHaveLength(6);
  });

  it.each(PAIRS.filter((pair) => pair.code === 200))(
    "$from -> $to: 200, with a history row (who, why) and CLAIM_STATUS_CHANGED",
    async ({ from, to }) => {
      const claimId = await claimIn(from);
      const reason = `checked ${from} -> ${to} ${randomUUID().slice(0, 6)}`;
      const response = await moveClaim(admin, claimId, to, `  ${reason}  `);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.status).toBe(to);
      expect(response.body.id).toBe(claimId);
      const history = response.body.status_history;
      expect(history).toHaveLength(PATH_TO[from].length + 2);
      expect(history.at(-1)).toEqual({
        from_status: from,
        to_status: to,
        changed_by: admin.user.id,
        changed_by_name: admin.user.email,
        changed_by_email: admin.user.email,
        reason,
        changed_at: expect.any(String),
      });
      // Oldest first, each move starting where the previous one ended.
      for (let index = 1; index < history.length; index++) {
        expect(history[index].from_status).toBe(history[index - 1].to_status);
        expect(history[index].changed_at >= history[index - 1].changed_at).toBe(true);
      }
      const audit = await expectAuditRow("CLAIM_STATUS_CHANGED", claimId);
      expect(audit.userId).toBe(admin.user.id);
      expect(audit.details).toEqual({ from_status: from, to_status: to, reason });
      const read = await api("GET", `/api/v1/claims/${claimId}`, { token: seller.token });
      expect(read.body.status).toBe(to);
    },
  );

  it.each(PAIRS.filter((pair) => pair.code === 409))(
    "$from -> $to: 409 naming both statuses, nothing written",
    async ({ from, to }) => {
      const claimId = await claimIn(from);
      const before = await api("GET", `/api/v1/claims/${claimId}`, { token: admin.token });
      const response = await moveClaim(admin, claimId, to, "should not happen");
      expect(response.status).toBe(409);
      expect(response.body.detail).toBe(`a claim cannot move from ${from} to ${to}`);
      const after = await api("GET", `/api/v1/claims/${claimId}`, { token: admin.token });
      expect(after.body).toEqual(before.body);
    },
  );
});

describe("PATCH /claims/{id}/status: who and what", () => {
  it("requires a reason: missing, empty or blank is 422 naming the field", async () => {
    const claimId = await claimIn("PENDING");
    for (const body of [
      { status: "IN_REVIEW" },
      { status: "IN_REVIEW", reason: "" },
      { status: "IN_REVIEW", reason: "   " },
      { status: "IN_REVIEW", reason: "x".repeat(1001) },
    ]) {
      const response = await api("PATCH", `/api/v1/claims/${claimId}/status`, { token: admin.token, body });
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(422);
      expect(response.body.errors.map((error: { path: string }) => error.path)).toContain("reason");
    }
    const read = await api("GET", `/api/v1/claims/${claimId}`, { token: admin.token });
    expect(read.body.status).toBe("PENDING");
  });

  it("answers 422 for a status that is not a claim status, or is missing", async () => {
    const claimId = await claimIn("PENDING");
    for (const body of [{ status: "OPEN", reason: "x" }, { status: "in_review", reason: "x" }, { reason: "x" }]) {
      const response = await api("PATCH", `/api/v1/claims/${claimId}/status`, { token: admin.token, body });
      expect(response.status).toBe(422);
      expect(response.body.errors.map((error: { path: string }) => error.path)).toContain("status");
    }
  });

  it("is for administrators (claims:manage): a seller and a client get 403, no credentials 401", async () => {
    const claimId = await claimIn("PENDING");
    expect((await moveClaim(seller, claimId, "IN_REVIEW")).status).toBe(403);
    expect((await moveClaim(await signInAs("CLIENTE"), claimId, "IN_REVIEW")).status).toBe(403);
    const anonymous = await api("PATCH", `/api/v1/claims/${claimId}/status`, {
      body: { status: "IN_REVIEW", reason: "x" },
    });
    expect(anonymous.status).toBe(401);
    const read = await api("GET", `/api/v1/claims/${claimId}`, { token: admin.token });
    expect(read.body.status).toBe("PENDING");
    expect(read.body.status_history).toHaveLength(1);
  });

  it("answers 404 for an unknown claim and 422 for a malformed id", async () => {
    const missing = await moveClaim(admin, randomUUID(), "IN_REVIEW");
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe("claim not found");
    expect((await moveClaim(admin, "not-a-uuid", "IN_REVIEW")).status).toBe(422);
  });

  it("moves any company's claim for an administrator", async () => {
    const company = await createTestCompany();
    const theirSeller = await signInAs("VENDEDOR", { companyId: company.id });
    const claim = await reportDeath(theirSeller, await activePolicy(theirSeller, admin));
    const response = await moveClaim(admin, claim.id, "IN_REVIEW");
    expect(response.status).toBe(200);
    expect(response.body.status).toBe("IN_REVIEW");
  });

  it("applies a move sent twice at once only once: the second finds the claim already moved (409), one history row", async () => {
    const claimId = await claimIn("APPROVED");
    const answers = await Promise.all([
      moveClaim(admin, claimId, "CLOSED", "settled"),
      moveClaim(admin, claimId, "CLOSED", "settled"),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.detail).toBe(
      "a claim cannot move from CLOSED to CLOSED",
    );
    const read = await api("GET", `/api/v1/claims/${claimId}`, { token: admin.token });
    expect(read.body.status).toBe("CLOSED");
    expect(read.body.status_history.filter((row: { to_status: string }) => row.to_status === "CLOSED")).toHaveLength(1);
  });

  it("keeps every step of a long path in order: PENDING -> IN_REVIEW -> PENDING -> IN_REVIEW -> APPROVED -> CLOSED", async () => {
    const claimId = await claimIn("PENDING");
    await moveAlong(admin, claimId, ["IN_REVIEW", "PENDING", "IN_REVIEW", "APPROVED", "CLOSED"]);
    const read = await api("GET", `/api/v1/claims/${claimId}`, { token: seller.token });
    expect(
      read.body.status_history.map(
        (row: { from_status: string | null; to_status: string }) => `${row.from_status}->${row.to_status}`,
      ),
    ).toEqual([
      "null->PENDING",
      "PENDING->IN_REVIEW",
      "IN_REVIEW->PENDING",
      "PENDING->IN_REVIEW",
      "IN_REVIEW->APPROVED",
      "APPROVED->CLOSED",
    ]);
  });
});
