import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { beneficiaries, claims, claimStatusHistory } from "@/db/schema";
import { api } from "@/test/api";
import {
  createTestCompany,
  dateFromToday,
  expectAuditRow,
  issueTestPolicy,
  signInAs,
  type SignedIn,
} from "@/test/fixtures";
import { createApiKey, person } from "./helpers";

// POST /api/v1/emission/beneficiaries/{id}/mark-deceased (contract section 6): the flag and a PENDING
// claim in one transaction, once only, for ADMIN or an API key with beneficiaries:mark_deceased.

let admin: SignedIn;
let seller: SignedIn;

beforeAll(async () => {
  [admin, seller] = await Promise.all([signInAs("ADMIN"), signInAs("VENDEDOR")]);
});

function mark(beneficiaryId: string, credentials: { token?: string; apiKey?: string }) {
  return api("POST", `/api/v1/emission/beneficiaries/${beneficiaryId}/mark-deceased`, credentials);
}

/** A policy with two people; returns it and the id of the second (the one marked). */
async function policyWithTwo(by: SignedIn = seller) {
  const { policy } = await issueTestPolicy(by, {
    beneficiaries: [person(), person({ first_name: "Luis", kinship_type: "PARENT", date_of_birth: "1960-01-01" })],
  });
  return { policy, beneficiaryId: policy.beneficiaries[1].id, otherId: policy.beneficiaries[0].id };
}

async function claimsOf(beneficiaryId: string) {
  return (await getDb()).select().from(claims).where(eq(claims.beneficiaryId, beneficiaryId));
}

async function flagOf(beneficiaryId: string) {
  const [row] = await (
    await getDb()
  )
    .select({ flag: beneficiaries.deceasedFlag })
    .from(beneficiaries)
    .where(eq(beneficiaries.id, beneficiaryId));
  return row.flag;
}

describe("POST /api/v1/emission/beneficiaries/{id}/mark-deceased", () => {
  it("sets the flag and opens a PENDING claim with its history row (200 {beneficiary_id, deceased_flag, claim_id})", async () => {
    const { policy, beneficiaryId, otherId } = await policyWithTwo();
    const response = await mark(beneficiaryId, { token: admin.token });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      beneficiary_id: beneficiaryId,
      deceased_flag: true,
      claim_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      claim_number: expect.stringMatching(/^CLM-\d{4}-\d{6}$/),
    });

    expect(await flagOf(beneficiaryId)).toBe(true);
    expect(await flagOf(otherId)).toBe(false);
    const [claim] = await claimsOf(beneficiaryId);
    expect(claim).toMatchObject({
      id: response.body.claim_id,
      policyId: policy.id,
      status: "PENDING",
      companyId: seller.user.company_id,
      createdBy: admin.user.id,
    });
    const history = await (
      await getDb()
    )
      .select()
      .from(claimStatusHistory)
      .where(eq(claimStatusHistory.claimId, claim.id));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ fromStatus: null, toStatus: "PENDING", changedBy: admin.user.id });

    const audit = await expectAuditRow("BENEFICIARY_DECEASED", beneficiaryId);
    expect(audit.userId).toBe(admin.user.id);

    const read = await api("GET", `/api/v1/emission/policies/${policy.id}`, { token: seller.token });
    expect(read.body.beneficiaries.map((b: { deceased_flag: boolean }) => b.deceased_flag)).toEqual([false, true]);
  });

  it("ends the life's cover that day and re-prices the policy by a system endorsement (lifecycle.md section 7)", async () => {
    const { policy, beneficiaryId, otherId } = await policyWithTwo();
    expect(policy.final_price).toBe("62.50"); // 25.00 and 37.50 (aged 60 or more: +50%)
    expect((await mark(beneficiaryId, { token: admin.token })).status).toBe(200);
    const read = await api("GET", `/api/v1/emission/policies/${policy.id}`, { token: seller.token });
    expect(read.body).toMatchObject({ status: "PENDING_PAYMENT", final_price: "25.00" });
    expect(
      read.body.beneficiaries.map((b: { id: string; cover_end_date: string | null }) => [b.id, b.cover_end_date]),
    ).toEqual([
      [otherId, null],
      [beneficiaryId, dateFromToday(0)],
    ]);
    const listed = await api("GET", `/api/v1/emission/policies/${policy.id}/endorsements`, { token: seller.token });
    expect(listed.body).toEqual([
      expect.objectContaining({ premium_before: "62.50", premium_after: "25.00", created_by: "system:deceased" }),
    ]);
  });

  it("marking again returns the same claim and opens none", async () => {
    const { beneficiaryId } = await policyWithTwo();
    const first = await mark(beneficiaryId, { token: admin.token });
    const second = await mark(beneficiaryId, { token: admin.token });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await claimsOf(beneficiaryId)).toHaveLength(1);
  });

  it("refuses a VENDEDOR and a CLIENTE (403), changing nothing", async () => {
    const { beneficiaryId } = await policyWithTwo();
    const cliente = await signInAs("CLIENTE");
    expect((await mark(beneficiaryId, { token: seller.token })).status).toBe(403);
    expect((await mark(beneficiaryId, { token: cliente.token })).status).toBe(403);
    expect(await flagOf(beneficiaryId)).toBe(false);
    expect(await claimsOf(beneficiaryId)).toEqual([]);
  });

  it("answers 401 without credentials", async () => {
    const { beneficiaryId } = await policyWithTwo();
    expect((await mark(beneficiaryId, {})).status).toBe(401);
  });

  it("answers 404 'beneficiary not found' for an unknown beneficiary, and 422 for a malformed id", async () => {
    const response = await mark(randomUUID(), { token: admin.token });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: "beneficiary not found", code: "not_found" });
    expect((await mark("someone", { token: admin.token })).status).toBe(422);
  });

  it("works for an API key of the policy's company with only beneficiaries:mark_deceased", async () => {
    const { beneficiaryId } = await policyWithTwo();
    const key = await createApiKey(admin, ["beneficiaries:mark_deceased"], seller.user.company_id);
    const response = await mark(beneficiaryId, { apiKey: key });
    expect(response.status, response.text).toBe(200);
    const [claim] = await claimsOf(beneficiaryId);
    expect(claim.id).toBe(response.body.claim_id);
    expect(claim.createdBy).toMatch(/^api_key:/);
  });

  it("answers 404 to an API key of another company, changing nothing", async () => {
    const { beneficiaryId } = await policyWithTwo();
    const key = await createApiKey(admin, ["beneficiaries:mark_deceased"], (await createTestCompany()).id);
    const response = await mark(beneficiaryId, { apiKey: key });
    expect(response.status).toBe(404);
    expect(response.body.detail).toBe("beneficiary not found");
    expect(await flagOf(beneficiaryId)).toBe(false);
  });

  it("refuses an API key without the permission (403)", async () => {
    const { beneficiaryId } = await policyWithTwo();
    const key = await createApiKey(admin, ["emission:read"], seller.user.company_id);
    expect((await mark(beneficiaryId, { apiKey: key })).status).toBe(403);
  });

  it("two marks at once open exactly one claim, and both answer it", async () => {
    const { beneficiaryId } = await policyWithTwo();
    const [a, b] = await Promise.all([
      mark(beneficiaryId, { token: admin.token }),
      mark(beneficiaryId, { token: admin.token }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.claim_id).toBe(b.body.claim_id);
    const open = await (
      await getDb()
    )
      .select()
      .from(claims)
      .where(and(eq(claims.beneficiaryId, beneficiaryId)));
    expect(open).toHaveLength(1);
  });
});
