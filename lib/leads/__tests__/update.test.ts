import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { auditLogs, leads } from "@/db/schema";
import { inProcessRunner } from "@/inngest/send";
import { api } from "@/test/api";
import { createTestBusinessUnit, createTestCompany, expectAuditRow, signInAs, type SignedIn } from "@/test/fixtures";
import { captureTestLead, leadRow, moveLead, patchLead, postLead, uniquePhone } from "./helpers";

// Contract section 9: PATCH /leads/{id}, the stage machine and the checkout markers. The moves are
// written out here from the contract, not read from stages.ts, so a wrong table there fails these tests.

const STAGES = ["NEW", "CONTACTED", "QUALIFIED", "DISQUALIFIED", "CONVERTED"] as const;
type Stage = (typeof STAGES)[number];

const ALLOWED: Array<[Stage, Stage]> = [
  ["NEW", "CONTACTED"],
  ["NEW", "QUALIFIED"],
  ["NEW", "DISQUALIFIED"],
  ["CONTACTED", "QUALIFIED"],
  ["CONTACTED", "DISQUALIFIED"],
  ["QUALIFIED", "CONVERTED"],
  ["QUALIFIED", "DISQUALIFIED"],
  ["DISQUALIFIED", "CONTACTED"],
];
const isAllowed = (from: Stage, to: Stage) => ALLOWED.some(([a, b]) => a === from && b === to);
const REFUSED: Array<[Stage, Stage]> = STAGES.flatMap((from) =>
  STAGES.filter((to) => to !== from && !isAllowed(from, to)).map((to) => [from, to] as [Stage, Stage]),
);

// The shortest path of allowed moves from NEW to each stage, to put a lead there through the API.
const PATH_TO: Record<Stage, Stage[]> = {
  NEW: [],
  CONTACTED: ["CONTACTED"],
  QUALIFIED: ["QUALIFIED"],
  DISQUALIFIED: ["DISQUALIFIED"],
  CONVERTED: ["QUALIFIED", "CONVERTED"],
};

let seller: SignedIn;

beforeAll(async () => {
  // No CRM in this file: sync requests end as NOT_CONFIGURED without a call.
  vi.stubEnv("HUBSPOT_ACCESS_TOKEN", undefined);
  seller = await signInAs("VENDEDOR");
});

afterEach(async () => {
  await inProcessRunner().drain();
});

async function leadAt(stage: Stage) {
  const lead = await captureTestLead();
  if (PATH_TO[stage].length > 0) await moveLead(seller, lead.id, ...PATH_TO[stage]);
  return lead;
}

describe("PATCH /leads/{id}: the stage machine", () => {
  it("the contract's table has 8 allowed and 12 refused moves", () => {
    expect(ALLOWED).toHaveLength(8);
    expect(REFUSED).toHaveLength(12);
  });

  it.each(ALLOWED)("%s -> %s is allowed: 200 with the new stage, audited LEAD_STAGE_CHANGED", async (from, to) => {
    const lead = await leadAt(from);
    const response = await patchLead(seller, lead.id, { stage: to });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.stage).toBe(to);
    expect(response.body.converted_to_contact_flag).toBe(to === "CONVERTED");
    const audit = await expectAuditRow("LEAD_STAGE_CHANGED", lead.id);
    expect(audit.details).toMatchObject({ from_stage: from, to_stage: to });
  });

  it.each(REFUSED)("%s -> %s is refused: 409 naming both stages, nothing changes", async (from, to) => {
    const lead = await leadAt(from);
    const before = await leadRow(lead.id);
    const response = await patchLead(seller, lead.id, { stage: to, lead_score: 77 });
    expect(response.status).toBe(409);
    expect(response.body.detail).toContain(from);
    expect(response.body.detail).toContain(to);
    const after = await leadRow(lead.id);
    expect({ stage: after.stage, score: after.leadScore }).toEqual({ stage: from, score: before.leadScore });
  });

  it.each(STAGES)("sending the current stage (%s) again is a no-op 200, not audited", async (stage) => {
    const lead = await leadAt(stage);
    const auditsBefore = await countStageAudits(lead.id);
    const response = await patchLead(seller, lead.id, { stage });
    expect(response.status).toBe(200);
    expect(response.body.stage).toBe(stage);
    expect(await countStageAudits(lead.id)).toBe(auditsBefore);
  });

  it("CONVERTED is final and sets converted_to_contact_flag; every other stage is then refused", async () => {
    const lead = await leadAt("CONVERTED");
    expect((await api("GET", `/api/v1/leads/${lead.id}`, { token: seller.token })).body).toMatchObject({
      stage: "CONVERTED",
      converted_to_contact_flag: true,
    });
    for (const to of STAGES.filter((stage) => stage !== "CONVERTED")) {
      const response = await patchLead(seller, lead.id, { stage: to });
      expect(response.status, to).toBe(409);
    }
  });

  it("an unknown stage is 422", async () => {
    const lead = await captureTestLead();
    const response = await patchLead(seller, lead.id, { stage: "WON" });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: "stage" })]));
  });

  it("the move audit names the actor's company and the stages", async () => {
    const lead = await captureTestLead();
    await moveLead(seller, lead.id, "CONTACTED");
    const audit = await expectAuditRow("LEAD_STAGE_CHANGED", lead.id);
    expect(audit).toMatchObject({ entity: "leads", details: { from_stage: "NEW", to_stage: "CONTACTED" } });
  });
});

async function countStageAudits(leadId: string): Promise<number> {
  const rows = await (
    await getDb()
  )
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, "LEAD_STAGE_CHANGED"), eq(auditLogs.entityId, leadId)));
  return rows.length;
}

describe("PATCH /leads/{id}: checkout markers", () => {
  const MARKERS = [
    ["form_started", "form_started_at"],
    ["form_completed", "form_completed_at"],
    ["checkout_started", "checkout_started_at"],
    ["purchase_completed", "purchase_completed_at"],
  ] as const;

  it.each(MARKERS)(
    "%s: true stamps %s once; a second true keeps the first time; false changes nothing",
    async (marker, field) => {
      const lead = await captureTestLead();
      const first = await patchLead(seller, lead.id, { [marker]: true });
      expect(first.status).toBe(200);
      const stamped = first.body[field] as string;
      expect(Date.parse(stamped)).toBeGreaterThan(Date.now() - 60_000);
      // Only that marker moved.
      for (const [, other] of MARKERS) if (other !== field) expect(first.body[other], other).toBeNull();

      await new Promise((resolve) => setTimeout(resolve, 10));
      const second = await patchLead(seller, lead.id, { [marker]: true });
      expect(second.body[field]).toBe(stamped);
      const unset = await patchLead(seller, lead.id, { [marker]: false });
      expect(unset.status).toBe(200);
      expect(unset.body[field]).toBe(stamped);
    },
  );

  it("a marker that is not a boolean is 422", async () => {
    const lead = await captureTestLead();
    expect((await patchLead(seller, lead.id, { checkout_started: "yes" })).status).toBe(422);
  });

  it("purchase_completed clears abandoned_checkout_flag", async () => {
    const lead = await captureTestLead();
    await patchLead(seller, lead.id, { checkout_started: true });
    await (await getDb()).update(leads).set({ abandonedCheckoutFlag: true }).where(eq(leads.id, lead.id));
    expect((await api("GET", `/api/v1/leads/${lead.id}`, { token: seller.token })).body.abandoned_checkout_flag).toBe(
      true,
    );
    const response = await patchLead(seller, lead.id, { purchase_completed: true });
    expect(response.body).toMatchObject({
      abandoned_checkout_flag: false,
      purchase_completed_at: expect.stringMatching(/Z$/),
    });
  });

  it("markers, score, names and a stage move in one PATCH", async () => {
    const lead = await captureTestLead({ first_name: "Ana" });
    const response = await patchLead(seller, lead.id, {
      stage: "CONTACTED",
      lead_score: 55,
      last_name: "Ortiz",
      email: "ana.ortiz@example.com",
      form_started: true,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      stage: "CONTACTED",
      lead_score: 55,
      first_name: "Ana",
      last_name: "Ortiz",
      email: "ana.ortiz@example.com",
      form_started_at: expect.any(String),
    });
  });
});

describe("PATCH /leads/{id}: lead_score", () => {
  it.each([0, 1, 500, 1000])("a score of %s is kept", async (score) => {
    const lead = await captureTestLead();
    const response = await patchLead(seller, lead.id, { lead_score: score });
    expect(response.status).toBe(200);
    expect(response.body.lead_score).toBe(score);
  });

  it.each([-1, 1001, 2.5, "50"])("a score of %s is 422", async (score) => {
    const lead = await captureTestLead();
    const response = await patchLead(seller, lead.id, { lead_score: score });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: "lead_score" })]));
  });
});

describe("PATCH /leads/{id}: who may", () => {
  it("no credentials: 401 with WWW-Authenticate", async () => {
    const lead = await captureTestLead();
    const response = await api("PATCH", `/api/v1/leads/${lead.id}`, { body: { stage: "CONTACTED" } });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("CLIENTE: 403 (deviation: leads hold prospects' phone numbers), and the lead does not move", async () => {
    const client = await signInAs("CLIENTE");
    const lead = await captureTestLead();
    expect((await patchLead(client, lead.id, { stage: "CONTACTED" })).status).toBe(403);
    expect((await leadRow(lead.id)).stage).toBe("NEW");
  });

  it("ADMIN may move any company's lead", async () => {
    const admin = await signInAs("ADMIN");
    const company = await createTestCompany();
    const unit = await createTestBusinessUnit(company.id);
    const lead = (await postLead({ phone_e164: uniquePhone(), business_unit_id: unit.id })).body;
    expect((await patchLead(admin, lead.id, { stage: "CONTACTED" })).status).toBe(200);
  });

  it("another company's lead: 404 for a seller, and it does not move", async () => {
    const company = await createTestCompany();
    const unit = await createTestBusinessUnit(company.id);
    const lead = (await postLead({ phone_e164: uniquePhone(), business_unit_id: unit.id })).body;
    const response = await patchLead(seller, lead.id, { stage: "CONTACTED" });
    expect(response.status).toBe(404);
    expect(response.body.detail).toMatch(/lead not found/);
    expect((await leadRow(lead.id)).stage).toBe("NEW");
  });

  it("a seller of one business unit does not see another unit's lead of the same company", async () => {
    const company = await createTestCompany();
    const [unitA, unitB] = [await createTestBusinessUnit(company.id), await createTestBusinessUnit(company.id)];
    const sellerA = await signInAs("VENDEDOR", { companyId: company.id, businessUnitId: unitA.id });
    const leadA = (await postLead({ phone_e164: uniquePhone(), business_unit_id: unitA.id })).body;
    const leadB = (await postLead({ phone_e164: uniquePhone(), business_unit_id: unitB.id })).body;
    expect((await patchLead(sellerA, leadA.id, { stage: "CONTACTED" })).status).toBe(200);
    expect((await patchLead(sellerA, leadB.id, { stage: "CONTACTED" })).status).toBe(404);
  });

  it("an unknown id is 404, a malformed id 422", async () => {
    expect((await patchLead(seller, randomUUID(), { stage: "CONTACTED" })).status).toBe(404);
    expect((await patchLead(seller, "not-a-uuid", { stage: "CONTACTED" })).status).toBe(422);
  });
});
