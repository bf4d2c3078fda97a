import { randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditLogs, beneficiaries, notifications, policies, policyEndorsements } from "@/db/schema";
import { person, yearsBefore } from "@/lib/emission/__tests__/helpers";
import { payInFull, requestsTo, subscribe, withFakeStripe } from "@/lib/payments/__tests__/helpers";
import { api } from "@/test/api";
import {
  createTestCompany,
  dateFromToday,
  expectAuditRow,
  issueTestPolicy,
  signInAs,
  type SignedIn,
} from "@/test/fixtures";

// lifecycle.md section 7: POST/GET /api/v1/emission/policies/{id}/endorsements, and a death (contract
// section 6) ending its life's cover and re-pricing the policy. The version of createSellableVersion:
// 25.00 in MX, 40.00 in US, +50% from age 60, entry up to 70.

const { fake } = withFakeStripe();

let admin: SignedIn;
let seller: SignedIn;
const today = dateFromToday(0);

beforeAll(async () => {
  [admin, seller] = await Promise.all([signInAs("ADMIN"), signInAs("VENDEDOR")]);
});

type Life = {
  id: string;
  kinship_type: string;
  price: string;
  cover_start_date: string;
  cover_end_date: string | null;
};

/** An ACTIVE policy (issued by the seller, its first premium recorded by hand) with these lives. */
async function activePolicy(lives: unknown[] = [person()], clientOverrides: Record<string, unknown> = {}) {
  const issued = await issueTestPolicy(seller, { beneficiaries: lives, clientOverrides });
  await payInFull(admin, issued.policy);
  return { client: issued.client, policy: issued.policy as typeof issued.policy & { beneficiaries: Life[] } };
}

function endorse(policyId: string, body: unknown, options: { token?: string; dryRun?: boolean } = {}) {
  const query = options.dryRun ? "?dry_run=true" : "";
  return api("POST", `/api/v1/emission/policies/${policyId}/endorsements${query}`, {
    token: options.token ?? seller.token,
    body,
  });
}

function markDeceased(beneficiaryId: string) {
  return api("POST", `/api/v1/emission/beneficiaries/${beneficiaryId}/mark-deceased`, { token: admin.token });
}

async function stored(policyId: string) {
  const db = await getDb();
  const [policy] = await db.select().from(policies).where(eq(policies.id, policyId));
  const lives = await db.select().from(beneficiaries).where(eq(beneficiaries.policyId, policyId));
  const endorsements = await db.select().from(policyEndorsements).where(eq(policyEndorsements.policyId, policyId));
  const [{ audits }] = await db
    .select({ audits: count() })
    .from(auditLogs)
    .where(and(eq(auditLogs.action, "POLICY_ENDORSED"), eq(auditLogs.entityId, policyId)));
  return { policy, lives, endorsements, audits };
}

async function endorsedNotices(email: string) {
  const db = await getDb();
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipient, email), eq(notifications.template, "policy.endorsed")));
}

const parent65 = () =>
  person({ first_name: "Rosa", last_name: "Pérez", kinship_type: "PARENT", date_of_birth: yearsBefore(today, 65) });
const spouse = (first_name = "Luis") => person({ first_name, kinship_type: "SPOUSE", date_of_birth: "1983-07-09" });

describe("POST /api/v1/emission/policies/{id}/endorsements: adding and removing lives", () => {
  it("adds a life from today, priced at its age today, and re-prices the policy at once (201)", async () => {
    const { client, policy } = await activePolicy();
    const response = await endorse(policy.id, { add: [parent65()], reason: "mother joins" });
    expect(response.status, response.text).toBe(201);

    const added = {
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      first_name: "Rosa",
      last_name: "Pérez",
      kinship_type: "PARENT",
      date_of_birth: yearsBefore(today, 65),
      country_of_residence: null,
      age_at_start: 65,
      age_at_term_start: 65,
      price: "37.50",
      deceased_flag: false,
      cover_start_date: today,
      cover_end_date: null,
    };
    expect(response.body.endorsement).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      effective_date: today,
      reason: "mother joins",
      premium_before: "25.00",
      premium_after: "62.50",
      added: [added],
      removed: [],
      created_by: seller.user.id,
      created_at: expect.any(String),
    });
    expect(response.body.policy).toMatchObject({ id: policy.id, status: "ACTIVE", final_price: "62.50" });
    expect(response.body.policy.beneficiaries).toEqual([
      expect.objectContaining({ id: policy.beneficiaries[0].id, cover_end_date: null, price: "25.00" }),
      { ...added, id: response.body.endorsement.added[0].id },
    ]);

    const after = await stored(policy.id);
    expect(after.policy.finalPrice).toBe("62.50");
    expect(after.endorsements).toHaveLength(1);
    expect(after.endorsements[0]).toMatchObject({
      id: response.body.endorsement.id,
      effectiveDate: today,
      premiumBefore: "25.00",
      premiumAfter: "62.50",
      createdBy: seller.user.id,
    });
    const audit = await expectAuditRow("POLICY_ENDORSED", policy.id);
    expect(audit.details).toMatchObject({ premium_before: "25.00", premium_after: "62.50", removed: [] });
    const [notice] = await endorsedNotices(client.email);
    expect(notice).toMatchObject({ channel: "EMAIL", language: client.preferred_language });
    expect(notice.payload).toMatchObject({ premium_before: "25.00", premium_after: "62.50", added: 1, removed: 0 });

    // The same policy read back shows the new life and premium.
    const read = await api("GET", `/api/v1/emission/policies/${policy.id}`, { token: seller.token });
    expect(read.body.final_price).toBe("62.50");
    expect(read.body.beneficiaries.map((life: Life) => life.kinship_type)).toEqual(["SELF", "PARENT"]);
  });

  it("prices an added life in its own country, else the client's", async () => {
    const { policy } = await activePolicy([person()], { country_of_residence: "US" });
    const response = await endorse(policy.id, {
      add: [
        person({ first_name: "Eva", kinship_type: "CHILD", date_of_birth: "2015-01-01" }),
        person({ first_name: "Iris", kinship_type: "CHILD", date_of_birth: "2016-01-01", country_of_residence: "MX" }),
      ],
      reason: "two children",
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body.endorsement.added.map((life: Life) => life.price)).toEqual(["40.00", "25.00"]);
    expect(response.body.endorsement).toMatchObject({ premium_before: "40.00", premium_after: "105.00" });
  });

  it("removes a life: its cover ends today, it stays listed, and the premium drops (201)", async () => {
    const { policy } = await activePolicy([person(), spouse()]);
    const spouseId = policy.beneficiaries[1].id;
    const response = await endorse(policy.id, { remove: [spouseId], reason: "divorce" });
    expect(response.status, response.text).toBe(201);
    expect(response.body.endorsement).toMatchObject({
      premium_before: "50.00",
      premium_after: "25.00",
      added: [],
      removed: [expect.objectContaining({ id: spouseId, cover_end_date: today, price: "25.00" })],
    });
    expect(
      response.body.policy.beneficiaries.map((life: Life) => [life.id, life.cover_start_date, life.cover_end_date]),
    ).toEqual([
      [policy.beneficiaries[0].id, dateFromToday(1), null],
      [spouseId, dateFromToday(1), today],
    ]);
    expect(response.body.policy.final_price).toBe("25.00");
  });

  it("replaces a SPOUSE in one endorsement: the one removed no longer counts", async () => {
    const { policy } = await activePolicy([person(), spouse()]);
    const response = await endorse(policy.id, {
      remove: [policy.beneficiaries[1].id],
      add: [spouse("Mario")],
      reason: "new spouse",
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body.endorsement.premium_after).toBe("50.00");
    expect(response.body.policy.beneficiaries).toHaveLength(3);
  });

  it("keeps a premium already paid: the paid-to date and credit do not move", async () => {
    const { policy } = await activePolicy();
    const before = await stored(policy.id);
    expect((await endorse(policy.id, { add: [parent65()], reason: "x" })).status).toBe(201);
    const after = await stored(policy.id);
    expect([after.policy.paidToDate, after.policy.credit]).toEqual([before.policy.paidToDate, before.policy.credit]);
  });
});

describe("POST .../endorsements: who and which policies", () => {
  it("answers 409 naming the status for a policy that is not ACTIVE, changing nothing", async () => {
    const { policy } = await issueTestPolicy(seller);
    const response = await endorse(policy.id, { add: [parent65()], reason: "x" });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      detail: `policy ${policy.policy_number} is PENDING_PAYMENT: lives are added or removed only while it is ACTIVE`,
      code: "conflict",
    });
    expect((await stored(policy.id)).endorsements).toEqual([]);
    expect((await endorse(policy.id, { add: [parent65()], reason: "x" }, { dryRun: true })).status).toBe(409);
  });

  it("answers 404 for an unknown policy and for another company's seller", async () => {
    const unknown = await endorse(randomUUID(), { add: [parent65()], reason: "x" });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: "policy not found", code: "not_found" });
    const { policy } = await activePolicy();
    const stranger = await signInAs("VENDEDOR", { companyId: (await createTestCompany()).id });
    const response = await endorse(policy.id, { add: [parent65()], reason: "x" }, { token: stranger.token });
    expect(response.status).toBe(404);
    expect((await stored(policy.id)).endorsements).toEqual([]);
  });

  it("refuses a CLIENTE (403) and a caller without credentials (401)", async () => {
    const { policy } = await activePolicy();
    const cliente = await signInAs("CLIENTE");
    expect((await endorse(policy.id, { add: [parent65()], reason: "x" }, { token: cliente.token })).status).toBe(403);
    const anonymous = await api("POST", `/api/v1/emission/policies/${policy.id}/endorsements`, {
      body: { add: [parent65()], reason: "x" },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("POST .../endorsements: the rules (422 with their items, nothing stored)", () => {
  async function expectRefused(
    policyId: string,
    body: unknown,
    expected: { detail?: string; code?: string; errors: unknown[] },
  ) {
    const before = await stored(policyId);
    const response = await endorse(policyId, body);
    expect(response.status, response.text).toBe(422);
    expect(response.body.errors).toEqual(expected.errors);
    if (expected.detail) expect(response.body.detail).toBe(expected.detail);
    if (expected.code) expect(response.body.code).toBe(expected.code);
    // Nothing changed, and a dry run is refused the same way.
    expect(await stored(policyId)).toEqual(before);
    const dry = await endorse(policyId, body, { dryRun: true });
    expect([dry.status, dry.body.errors]).toEqual([422, expected.errors]);
  }

  it("requires a reason of 1 to 1000 characters", async () => {
    const { policy } = await activePolicy();
    await expectRefused(
      policy.id,
      { add: [parent65()] },
      { code: "validation_error", errors: [{ path: "reason", message: expect.any(String), code: "required" }] },
    );
    await expectRefused(
      policy.id,
      { add: [parent65()], reason: "  " },
      { errors: [{ path: "reason", message: "is required", code: "required" }] },
    );
    await expectRefused(
      policy.id,
      { add: [parent65()], reason: "x".repeat(1001) },
      { errors: [{ path: "reason", message: expect.any(String), code: "too_long" }] },
    );
  });

  it("refuses an endorsement with nothing to add or remove", async () => {
    const { policy } = await activePolicy();
    const errors = [{ path: "", message: "give at least one life to add or remove", code: "no_changes" }];
    await expectRefused(policy.id, { reason: "nothing" }, { errors });
    await expectRefused(policy.id, { add: [], remove: [], reason: "nothing" }, { errors });
  });

  it("refuses unknown ids, other policies' lives and ids listed twice (remove.N)", async () => {
    const { policy } = await activePolicy([person(), spouse()]);
    const other = await activePolicy();
    const spouseId = policy.beneficiaries[1].id;
    const unknown = randomUUID();
    await expectRefused(
      policy.id,
      { remove: [unknown, other.policy.beneficiaries[0].id, spouseId, spouseId], reason: "x" },
      {
        detail: `beneficiary ${unknown}: is not a beneficiary of this policy`,
        code: "business_rule",
        errors: [
          { path: "remove.0", message: "is not a beneficiary of this policy", code: "not_policy_beneficiary" },
          { path: "remove.1", message: "is not a beneficiary of this policy", code: "not_policy_beneficiary" },
          { path: "remove.3", message: "is listed twice", code: "duplicate" },
        ],
      },
    );
  });

  it("refuses to remove a deceased life or one already removed", async () => {
    const { policy } = await activePolicy([person(), spouse(), parent65()]);
    const [, spouseLife, parentLife] = policy.beneficiaries;
    expect((await markDeceased(parentLife.id)).status).toBe(200);
    expect((await endorse(policy.id, { remove: [spouseLife.id], reason: "divorce" })).status).toBe(201);
    await expectRefused(
      policy.id,
      { remove: [parentLife.id, spouseLife.id], reason: "x" },
      {
        errors: [
          { path: "remove.0", message: "is deceased and cannot be removed", code: "beneficiary_deceased" },
          { path: "remove.1", message: `was removed already (cover ended on ${today})`, code: "already_removed" },
        ],
      },
    );
  });

  it("refuses to leave the policy without a covered life", async () => {
    const { policy } = await activePolicy([person(), spouse()]);
    await expectRefused(
      policy.id,
      { remove: policy.beneficiaries.map((life) => life.id), reason: "x" },
      {
        detail: "a policy must keep at least one covered life",
        errors: [{ path: "remove", message: "would leave the policy without a covered life", code: "no_life_left" }],
      },
    );
    // Removing them all while adding one keeps a life.
    const response = await endorse(policy.id, {
      remove: policy.beneficiaries.map((life) => life.id),
      add: [parent65()],
      reason: "only the mother",
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body.endorsement.premium_after).toBe("37.50");
  });

  it("checks added lives as at issue, at their age today (add.N.<field>)", async () => {
    const { policy } = await activePolicy([person(), spouse()]);
    await expectRefused(
      policy.id,
      {
        add: [
          person({ first_name: "Otro" }),
          spouse("Otra"),
          person({ kinship_type: "PARENT", date_of_birth: yearsBefore(today, 71) }),
          person({ kinship_type: "CHILD", date_of_birth: "2010-01-01", country_of_residence: "AR" }),
        ],
        reason: "x",
      },
      {
        detail: "added beneficiary 1: only one SELF beneficiary per policy",
        errors: [
          {
            path: "add.0.kinship_type",
            message: "only one SELF beneficiary per policy",
            code: "duplicate_kinship",
          },
          {
            path: "add.1.kinship_type",
            message: "only one SPOUSE beneficiary per policy",
            code: "duplicate_kinship",
          },
          {
            path: "add.2.date_of_birth",
            message: `age 71 at ${today} exceeds the maximum entry age of 70`,
            code: "above_max_entry_age",
          },
          {
            path: "add.3.country_of_residence",
            message: "the plan is not available in AR",
            code: "not_available_in_country",
          },
        ],
      },
    );
    // Two of a kind within the added lives, with none covered yet.
    const single = await activePolicy();
    await expectRefused(
      single.policy.id,
      { add: [spouse(), spouse("Otra")], reason: "x" },
      {
        errors: [
          { path: "add.1.kinship_type", message: "only one SPOUSE beneficiary per policy", code: "duplicate_kinship" },
        ],
      },
    );
    // Aged exactly 70 today is still accepted.
    const seventy = person({ kinship_type: "PARENT", date_of_birth: yearsBefore(today, 70) });
    expect((await endorse(single.policy.id, { add: [seventy], reason: "x" })).status).toBe(201);
  });
});

describe("?dry_run=true", () => {
  it("answers 200 with the body the endorsement would have, ids of new things null, and stores nothing", async () => {
    const { client, policy } = await activePolicy([person(), spouse()]);
    const subscription = await subscribe(seller.token, policy.id);
    const body = { add: [parent65()], remove: [policy.beneficiaries[1].id], reason: "preview" };
    const before = await stored(policy.id);
    const requestsBefore = fake().requests.length;

    const dry = await endorse(policy.id, body, { dryRun: true });
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body.endorsement).toMatchObject({
      id: null,
      created_at: null,
      premium_before: "50.00",
      premium_after: "62.50",
      added: [expect.objectContaining({ id: null, cover_start_date: today, price: "37.50" })],
      removed: [expect.objectContaining({ id: policy.beneficiaries[1].id, cover_end_date: today })],
    });
    expect(dry.body.policy.final_price).toBe("62.50");
    expect(dry.body.policy.beneficiaries.map((life: Life) => life.id)).toEqual([
      policy.beneficiaries[0].id,
      policy.beneficiaries[1].id,
      null,
    ]);

    // No row, no audit, no notice, no call to the processor.
    expect(await stored(policy.id)).toEqual(before);
    expect(before.endorsements).toEqual([]);
    expect(before.audits).toBe(0);
    expect(await endorsedNotices(client.email)).toEqual([]);
    expect(fake().requests.length).toBe(requestsBefore);
    expect(fake().subscriptions.get(subscription)!.items.data[0].price.unit_amount).toBe(5000);

    // The real endorsement answers the same, with the ids it stored.
    const real = await endorse(policy.id, body);
    expect(real.status, real.text).toBe(201);
    const { id, created_at, ...rest } = real.body.endorsement;
    expect({ ...rest, added: rest.added.map((life: Life) => ({ ...life, id: null })) }).toEqual({
      ...dry.body.endorsement,
      id: undefined,
      created_at: undefined,
    });
    expect([id, created_at]).toEqual([expect.any(String), expect.any(String)]);
    expect({ ...real.body.policy, beneficiaries: undefined }).toEqual({
      ...dry.body.policy,
      beneficiaries: undefined,
    });
  });
});

describe("the card subscription", () => {
  it("bills the new premium from the next invoice, without proration", async () => {
    const { policy } = await activePolicy();
    const subscription = await subscribe(seller.token, policy.id);
    expect(fake().subscriptions.get(subscription)!.items.data[0].price.unit_amount).toBe(2500);
    const response = await endorse(policy.id, { add: [parent65()], reason: "mother joins" });
    expect(response.status, response.text).toBe(201);
    const remote = fake().subscriptions.get(subscription)!;
    expect(remote.items.data[0].price).toMatchObject({ unit_amount: 6250, currency: "usd" });
    const [update] = requestsTo(fake(), "POST", new RegExp(`^/v1/subscriptions/${subscription}$`));
    expect(update.body).toMatchObject({ proration_behavior: "none" });
  });
});

describe("GET /api/v1/emission/policies/{id}/endorsements", () => {
  it("lists the policy's endorsements newest first, for whoever may read it", async () => {
    const { policy } = await activePolicy([person(), spouse()]);
    const first = await endorse(policy.id, { add: [parent65()], reason: "first" });
    const second = await endorse(policy.id, { remove: [policy.beneficiaries[1].id], reason: "second" });
    const response = await api("GET", `/api/v1/emission/policies/${policy.id}/endorsements`, { token: seller.token });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual([second.body.endorsement, first.body.endorsement]);

    const stranger = await signInAs("VENDEDOR", { companyId: (await createTestCompany()).id });
    const hidden = await api("GET", `/api/v1/emission/policies/${policy.id}/endorsements`, {
      token: stranger.token,
    });
    expect(hidden.status).toBe(404);
    const unknown = await api("GET", `/api/v1/emission/policies/${randomUUID()}/endorsements`, {
      token: admin.token,
    });
    expect(unknown.status).toBe(404);
  });
});

describe("marking a life deceased", () => {
  it("ends its cover that day and re-prices the policy as an endorsement by the system", async () => {
    const { client, policy } = await activePolicy([person(), parent65()]);
    const subscription = await subscribe(seller.token, policy.id);
    const parentId = policy.beneficiaries[1].id;
    expect(policy.final_price).toBe("62.50");

    expect((await markDeceased(parentId)).status).toBe(200);
    const after = await stored(policy.id);
    expect(after.policy).toMatchObject({ status: "ACTIVE", finalPrice: "25.00" });
    expect(after.lives.find((life) => life.id === parentId)).toMatchObject({
      deceasedFlag: true,
      coverEndDate: today,
    });
    const listed = await api("GET", `/api/v1/emission/policies/${policy.id}/endorsements`, { token: seller.token });
    expect(listed.body).toEqual([
      expect.objectContaining({
        effective_date: today,
        reason: `Rosa Pérez died (marked deceased on ${today})`,
        premium_before: "62.50",
        premium_after: "25.00",
        added: [],
        removed: [expect.objectContaining({ id: parentId, deceased_flag: true, cover_end_date: today })],
        created_by: "system:deceased",
      }),
    ]);
    expect(fake().subscriptions.get(subscription)!.items.data[0].price.unit_amount).toBe(2500);
    expect(await endorsedNotices(client.email)).toHaveLength(1);

    // Marking again changes nothing more.
    expect((await markDeceased(parentId)).status).toBe(200);
    expect((await stored(policy.id)).endorsements).toHaveLength(1);
  });

  it("and an endorsement at the same moment: the premium is the sum of the lives covered after both", async () => {
    const { policy } = await activePolicy([person(), spouse(), parent65()]);
    const child = person({ first_name: "Eva", kinship_type: "CHILD", date_of_birth: "2015-01-01" });
    const [death, endorsement] = await Promise.all([
      markDeceased(policy.beneficiaries[1].id),
      endorse(policy.id, { add: [child], reason: "a child" }),
    ]);
    expect([death.status, endorsement.status]).toEqual([200, 201]);
    const after = await stored(policy.id);
    expect(after.policy.finalPrice).toBe("87.50");
    expect(after.endorsements).toHaveLength(2);
  });

  it("a policy whose last life dies keeps its status, with nothing left to pay", async () => {
    const { policy } = await activePolicy();
    expect((await markDeceased(policy.beneficiaries[0].id)).status).toBe(200);
    const after = await stored(policy.id);
    expect(after.policy).toMatchObject({ status: "ACTIVE", finalPrice: "0.00" });
    expect(after.endorsements).toHaveLength(1);
    // With no covered life left, nothing can be removed, and an addition is still an ACTIVE policy's change.
    const response = await endorse(policy.id, { add: [parent65()], reason: "x" });
    expect(response.status, response.text).toBe(201);
    expect(response.body.endorsement).toMatchObject({ premium_before: "0.00", premium_after: "37.50" });
  });

  it("leaves a life removed earlier with its own end of cover, and the premium as it is", async () => {
    const { policy } = await activePolicy([person(), spouse()]);
    const spouseId = policy.beneficiaries[1].id;
    expect((await endorse(policy.id, { remove: [spouseId], reason: "divorce" })).status).toBe(201);
    const db = await getDb();
    await db.update(beneficiaries).set({ coverEndDate: "2020-01-01" }).where(eq(beneficiaries.id, spouseId));
    expect((await markDeceased(spouseId)).status).toBe(200);
    const after = await stored(policy.id);
    expect(after.lives.find((life) => life.id === spouseId)?.coverEndDate).toBe("2020-01-01");
    expect(after.policy.finalPrice).toBe("25.00");
    expect(after.endorsements).toHaveLength(1);
  });
});
