import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { leads } from "@/db/schema";
import { markAbandonedCheckoutsFunction } from "@/inngest/functions/leads/mark-abandoned-checkouts";
import { inProcessRunner } from "@/inngest/send";
import { api } from "@/test/api";
import { GARBAGE_REPLY, type FakeReply } from "@/test/fakes/http-server";
import { FAKE_HUBSPOT_TOKEN, startFakeHubSpot, type FakeHubSpot } from "@/test/fakes/hubspot";
import { signInAs, type SignedIn } from "@/test/fixtures";
import { sweepCrmSyncFunction } from "@/inngest/functions/leads/sweep-crm-sync";
import { findLeadsToSync } from "../find-leads-to-sync";
import { markAbandonedCheckouts } from "../mark-abandoned-checkouts";
import { EVENT_CRM_SYNC_ATTEMPTS, MAX_CRM_SYNC_ATTEMPTS, syncLeadToCrm } from "../sync-lead-to-crm";
import { captureTestLead, leadRow, moveLead, patchLead, postLead } from "./helpers";

// Contract section 9's background work: abandoned checkouts after ABANDONED_CHECKOUT_MINUTES (with the
// clock passed in), and the CRM sync to HubSpot's contacts API (a local fake through CRM_API_BASE),
// retried by the in-process runner (BACKGROUND_RETRY_DELAY_MS is 5 ms in tests).

let hubspot: FakeHubSpot;
let seller: SignedIn;

beforeAll(async () => {
  hubspot = await startFakeHubSpot();
  seller = await signInAs("VENDEDOR");
});

beforeEach(() => {
  vi.stubEnv("HUBSPOT_ACCESS_TOKEN", FAKE_HUBSPOT_TOKEN);
  vi.stubEnv("CRM_API_BASE", hubspot.url);
});

afterEach(async () => {
  await inProcessRunner().drain();
  vi.unstubAllEnvs();
  hubspot.reset();
});

afterAll(async () => {
  await hubspot.close();
});

const MINUTE = 60_000;

/**
 * Makes a lead's last change or sync attempt look `seconds` old, as if that time had passed: its last
 * sync (if any) moves back as far, so that the order of the two stays as it was.
 */
async function ageLead(id: string, seconds: number) {
  const then = sql`now() - make_interval(secs => ${seconds})`;
  await (
    await getDb()
  )
    .update(leads)
    .set({ updatedAt: then, crmSyncedAt: sql`${leads.crmSyncedAt} - (${leads.updatedAt} - (${then}))` })
    .where(eq(leads.id, id));
}

/** One tick of the CRM sweep. */
async function sweepOnce() {
  await inProcessRunner().run(sweepCrmSyncFunction, { name: "inngest/scheduled.timer", data: { cron: "* * * * *" } });
}

/** The CRM calls about one phone number (creates and updates). */
function callsFor(phone: string) {
  return hubspot.requests.filter((request) => request.body?.properties?.phone === phone);
}

/** A lead whose checkout started at `at` (set in the database: the API stamps the real time). */
async function leadWithCheckoutAt(at: Date, extra: Partial<typeof leads.$inferInsert> = {}) {
  const lead = await captureTestLead();
  await (
    await getDb()
  )
    .update(leads)
    .set({ checkoutStartedAt: at, ...extra })
    .where(eq(leads.id, lead.id));
  return lead.id;
}

describe("markAbandonedCheckouts (controlled clock)", () => {
  it("flags only checkouts older than ABANDONED_CHECKOUT_MINUTES without a purchase; a second run changes nothing", async () => {
    vi.stubEnv("ABANDONED_CHECKOUT_MINUTES", "30");
    const db = await getDb();
    // Every other lead of this file's database is already past this window's decisions.
    await markAbandonedCheckouts(db, new Date("2031-01-01T00:00:00Z"));
    const now = new Date("2030-06-01T12:00:00Z");
    const old = await leadWithCheckoutAt(new Date(now.getTime() - 31 * MINUTE));
    const edge = await leadWithCheckoutAt(new Date(now.getTime() - 30 * MINUTE));
    const recent = await leadWithCheckoutAt(new Date(now.getTime() - 29 * MINUTE));
    const bought = await leadWithCheckoutAt(new Date(now.getTime() - 90 * MINUTE), {
      purchaseCompletedAt: new Date(now.getTime() - 80 * MINUTE),
    });
    const noCheckout = (await captureTestLead()).id;

    expect(await markAbandonedCheckouts(db, now)).toBe(1);
    expect((await leadRow(old)).abandonedCheckoutFlag).toBe(true);
    for (const id of [edge, recent, bought, noCheckout])
      expect((await leadRow(id)).abandonedCheckoutFlag, id).toBe(false);
    const flaggedAt = (await leadRow(old)).updatedAt;
    expect(flaggedAt.toISOString()).toBe(now.toISOString());

    // Idempotent: run again at the same time and a little later; only the lead that crossed the window since.
    expect(await markAbandonedCheckouts(db, now)).toBe(0);
    expect((await leadRow(old)).updatedAt.toISOString()).toBe(flaggedAt.toISOString());
    expect(await markAbandonedCheckouts(db, new Date(now.getTime() + 90_000))).toBe(2);
    expect((await leadRow(recent)).abandonedCheckoutFlag).toBe(true);
    expect((await leadRow(bought)).abandonedCheckoutFlag).toBe(false);
  });

  it("the default window is 60 minutes", async () => {
    vi.stubEnv("ABANDONED_CHECKOUT_MINUTES", undefined);
    const db = await getDb();
    await markAbandonedCheckouts(db, new Date("2031-01-01T00:00:00Z"));
    const now = new Date("2030-07-01T12:00:00Z");
    const fiftyNine = await leadWithCheckoutAt(new Date(now.getTime() - 59 * MINUTE));
    const sixtyOne = await leadWithCheckoutAt(new Date(now.getTime() - 61 * MINUTE));
    expect(await markAbandonedCheckouts(db, now)).toBe(1);
    expect((await leadRow(sixtyOne)).abandonedCheckoutFlag).toBe(true);
    expect((await leadRow(fiftyNine)).abandonedCheckoutFlag).toBe(false);
  });

  it("a flagged lead that then completes the purchase is cleared, and the next run does not flag it again", async () => {
    vi.stubEnv("ABANDONED_CHECKOUT_MINUTES", "5");
    const db = await getDb();
    const id = await leadWithCheckoutAt(new Date(Date.now() - 10 * MINUTE));
    await markAbandonedCheckouts(db, new Date());
    expect((await api("GET", `/api/v1/leads/${id}`, { token: seller.token })).body.abandoned_checkout_flag).toBe(true);
    expect((await patchLead(seller, id, { purchase_completed: true })).body.abandoned_checkout_flag).toBe(false);
    await markAbandonedCheckouts(db, new Date(Date.now() + 60 * MINUTE));
    expect((await leadRow(id)).abandonedCheckoutFlag).toBe(false);
  });

  it("the cron function flags through the same service (with the real clock)", async () => {
    vi.stubEnv("ABANDONED_CHECKOUT_MINUTES", "1");
    const id = await leadWithCheckoutAt(new Date(Date.now() - 2 * MINUTE));
    await inProcessRunner().run(markAbandonedCheckoutsFunction, { name: "inngest/scheduled.timer", data: {} });
    expect((await leadRow(id)).abandonedCheckoutFlag).toBe(true);
  });
});

describe("CRM sync (fake HubSpot)", () => {
  it("QUALIFIED: one create with the lead's properties, crm_lead_id stored; CONVERTED: a PATCH to that id, no second create", async () => {
    const lead = await captureTestLead({ first_name: "Lucía", last_name: "Ramírez", email: "lucia.crm@example.com" });
    await moveLead(seller, lead.id, "CONTACTED");
    await inProcessRunner().drain();
    expect(hubspot.requests).toHaveLength(0);

    await moveLead(seller, lead.id, "QUALIFIED");
    await inProcessRunner().drain();
    expect(hubspot.creates()).toHaveLength(1);
    const create = hubspot.creates()[0];
    expect(create.path).toBe("/crm/v3/objects/contacts");
    expect(create.headers.authorization).toBe(`Bearer ${FAKE_HUBSPOT_TOKEN}`);
    expect(create.body).toEqual({
      properties: {
        phone: lead.phone_e164,
        firstname: "Lucía",
        lastname: "Ramírez",
        email: "lucia.crm@example.com",
        lifecyclestage: "salesqualifiedlead",
      },
    });
    const contactId = create.reply!.body.id as string;
    const synced = (await api("GET", `/api/v1/leads/${lead.id}`, { token: seller.token })).body;
    expect(synced).toMatchObject({
      crm_lead_id: contactId,
      crm_sync_error: null,
      crm_synced_at: expect.stringMatching(/Z$/),
    });
    const row = await leadRow(lead.id);
    expect(row.crmSyncError).toBeNull();
    expect(row.crmSyncedAt).not.toBeNull();

    await moveLead(seller, lead.id, "CONVERTED");
    await inProcessRunner().drain();
    expect(hubspot.creates()).toHaveLength(1);
    expect(hubspot.updates()).toHaveLength(1);
    expect(hubspot.updates()[0]).toMatchObject({
      path: `/crm/v3/objects/contacts/${contactId}`,
      body: { properties: { lifecyclestage: "customer", phone: lead.phone_e164 } },
    });
    expect(hubspot.contacts.size).toBe(1);
    expect(hubspot.contacts.get(contactId)!.properties.lifecyclestage).toBe("customer");
    expect((await leadRow(lead.id)).crmLeadId).toBe(contactId);
  });

  it("regression (trust.md section 4): an anonymous post of a synced lead's phone sends the CRM nothing it did not change", async () => {
    const lead = await captureTestLead({ first_name: "Lucía", last_name: "Ramírez" });
    await moveLead(seller, lead.id, "QUALIFIED");
    await inProcessRunner().drain();
    const contactId = hubspot.creates()[0].reply!.body.id as string;
    const db = await getDb();
    await ageLead(lead.id, 7200);
    expect(await findLeadsToSync(db)).not.toContain(lead.id);

    // Names are set: the post changes nothing, so the lead is not due and the sweep sends nothing.
    const probe = await postLead({ phone_e164: lead.phone_e164, first_name: "Mallory", last_name: "Intruder" });
    expect(probe.status).toBe(200);
    expect(probe.body).toEqual({ id: lead.id });
    await ageLead(lead.id, 7200);
    expect(await findLeadsToSync(db)).not.toContain(lead.id);
    await sweepOnce();
    expect(callsFor(lead.phone_e164)).toHaveLength(1);
    expect(hubspot.contacts.get(contactId)!.properties).toMatchObject({ firstname: "Lucía", lastname: "Ramírez" });

    // The e-mail was empty: the post fills it, and the next sync sends the lead as it now is, names unchanged.
    expect(
      (await postLead({ phone_e164: lead.phone_e164, first_name: "Mallory", email: "lucia.crm@example.com" })).status,
    ).toBe(200);
    await ageLead(lead.id, 70);
    await sweepOnce();
    const calls = callsFor(lead.phone_e164);
    expect(calls.map((request) => request.method)).toEqual(["POST", "PATCH"]);
    expect(calls[1].body.properties).toMatchObject({
      firstname: "Lucía",
      lastname: "Ramírez",
      email: "lucia.crm@example.com",
    });
    expect(hubspot.contacts.get(contactId)!.properties.firstname).toBe("Lucía");
  });

  it("stages other than QUALIFIED and CONVERTED, markers and scores send nothing", async () => {
    const lead = await captureTestLead();
    await moveLead(seller, lead.id, "CONTACTED", "DISQUALIFIED", "CONTACTED");
    await patchLead(seller, lead.id, { lead_score: 10, checkout_started: true });
    await inProcessRunner().drain();
    expect(hubspot.requests).toHaveLength(0);
  });

  it("a CRM failing twice then answering: retried by the runner, one contact, crm_sync_error cleared", async () => {
    const lead = await captureTestLead();
    hubspot.failNext(2);
    await moveLead(seller, lead.id, "QUALIFIED");
    await inProcessRunner().drain();
    expect(hubspot.creates().map((request) => request.reply!.status)).toEqual([500, 500, 201]);
    expect(hubspot.contacts.size).toBe(1);
    const row = await leadRow(lead.id);
    expect(row.crmLeadId).toBe(hubspot.creates()[2].reply!.body.id);
    expect(row.crmSyncError).toBeNull();
  });

  it("while the CRM fails the lead records why; the next successful sync clears it", async () => {
    const lead = await captureTestLead();
    const db = await getDb();
    hubspot.failNext(1);
    await expect(syncLeadToCrm(db, lead.id)).rejects.toThrow(/500/);
    const failing = await leadRow(lead.id);
    expect(failing.crmSyncError).toMatch(/the CRM answered 500/);
    expect(failing.crmLeadId).toBeNull();

    expect(await syncLeadToCrm(db, lead.id)).toBe("CREATED");
    const recovered = await leadRow(lead.id);
    expect(recovered.crmSyncError).toBeNull();
    expect(recovered.crmLeadId).toBe(hubspot.creates()[1].reply!.body.id);
    expect(await syncLeadToCrm(db, lead.id)).toBe("UPDATED");
    expect(hubspot.creates()).toHaveLength(2);
  });

  it("a CRM that keeps failing: every retry is spent and crm_sync_error stays set, no crm_lead_id", async () => {
    const lead = await captureTestLead();
    hubspot.failAlways();
    await moveLead(seller, lead.id, "QUALIFIED");
    await inProcessRunner().drain();
    // The first attempt and the function's six retries; the lead is left to the CRM sweep, not given up.
    expect(hubspot.creates()).toHaveLength(EVENT_CRM_SYNC_ATTEMPTS);
    const row = await leadRow(lead.id);
    expect(row.crmLeadId).toBeNull();
    expect(row.crmSyncError).toMatch(/the CRM answered 500/);
    expect(row.crmSyncError).not.toMatch(/gave up/);
    expect(row.crmSyncAttempts).toBe(EVENT_CRM_SYNC_ATTEMPTS);
    await ageLead(lead.id, 70);
    expect(await findLeadsToSync(await getDb())).toContain(lead.id);
    // Out of the way of the other tests' sweeps.
    await (await getDb()).update(leads).set({ stage: "DISQUALIFIED" }).where(eq(leads.id, lead.id));
  });

  it.each<[string, FakeReply, RegExp]>([
    ["a page that is not JSON", GARBAGE_REPLY, /the CRM answered something that is not JSON/],
    ["JSON without a contact id", { status: 201, body: { status: "ok" } }, /the CRM's answer has no contact id/],
    ["a bare null", { status: 201, body: null }, /the CRM's answer has no contact id/],
  ])(
    "a CRM answering %s: the lead records why, and the runner retries until one contact is made",
    async (_, reply, why) => {
      const lead = await captureTestLead();
      hubspot.failNext(1, reply);
      await expect(syncLeadToCrm(await getDb(), lead.id)).rejects.toThrow(why);
      expect((await leadRow(lead.id)).crmSyncError).toMatch(why);
      expect((await leadRow(lead.id)).crmLeadId).toBeNull();

      hubspot.failNext(2, reply);
      await moveLead(seller, lead.id, "QUALIFIED");
      await inProcessRunner().drain();
      // The direct call, the runner's two failed attempts, and the one that went through.
      expect(hubspot.creates()).toHaveLength(4);
      expect(hubspot.contacts.size).toBe(1);
      const row = await leadRow(lead.id);
      expect(row.crmLeadId).toBe(hubspot.creates()[3].reply!.body.id);
      expect(row.crmSyncError).toBeNull();
    },
  );

  it("a wrong token: HubSpot's 401 is recorded", async () => {
    vi.stubEnv("HUBSPOT_ACCESS_TOKEN", "pat-wrong");
    const lead = await captureTestLead();
    await expect(syncLeadToCrm(await getDb(), lead.id)).rejects.toThrow(/401/);
    expect((await leadRow(lead.id)).crmSyncError).toMatch(/401/);
    expect(hubspot.contacts.size).toBe(0);
  });

  it("a CRM that does not answer within OUTBOUND_TIMEOUT_MS: the call gives up and the lead records it", async () => {
    vi.stubEnv("OUTBOUND_TIMEOUT_MS", "200");
    hubspot.hang(5_000);
    const lead = await captureTestLead();
    const started = Date.now();
    await expect(syncLeadToCrm(await getDb(), lead.id)).rejects.toThrow(/did not answer in time/);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect((await leadRow(lead.id)).crmSyncError).toMatch(/did not answer in time/);
  });

  it("not configured: no request, and crm_sync_error says why", async () => {
    vi.stubEnv("HUBSPOT_ACCESS_TOKEN", undefined);
    const lead = await captureTestLead();
    await moveLead(seller, lead.id, "QUALIFIED");
    await inProcessRunner().drain();
    expect(hubspot.requests).toHaveLength(0);
    const row = await leadRow(lead.id);
    expect(row.crmLeadId).toBeNull();
    expect(row.crmSyncError).toMatch(/not configured.*HUBSPOT_ACCESS_TOKEN/);
    // The lead read shows it, so the back office can say why the lead is not in the CRM.
    const read = await api("GET", `/api/v1/leads/${lead.id}`, { token: seller.token });
    expect(read.body).toMatchObject({ crm_lead_id: null, crm_synced_at: null, crm_sync_error: row.crmSyncError });
  });

  it("concurrent syncs of one lead create one contact (the others update it)", async () => {
    // On the PostgreSQL server these five run on separate connections; the lead's row lock makes them take turns.
    const lead = await captureTestLead();
    const db = await getDb();
    await db.update(leads).set({ stage: "QUALIFIED" }).where(eq(leads.id, lead.id));
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => syncLeadToCrm(db, lead.id)));
    expect(outcomes.sort()).toEqual(["CREATED", "UPDATED", "UPDATED", "UPDATED", "UPDATED"]);
    expect(hubspot.creates()).toHaveLength(1);
    expect(hubspot.contacts.size).toBe(1);
    expect((await leadRow(lead.id)).crmLeadId).toBe([...hubspot.contacts.keys()][0]);
  });

  it("QUALIFIED and CONVERTED in quick succession still make one contact", async () => {
    const lead = await captureTestLead();
    await moveLead(seller, lead.id, "QUALIFIED", "CONVERTED");
    await inProcessRunner().drain();
    expect(hubspot.creates()).toHaveLength(1);
    expect(hubspot.contacts.size).toBe(1);
    const [contact] = hubspot.contacts.values();
    expect(contact.properties.lifecyclestage).toBe("customer");
  });

  it("an unknown lead id: nothing sent", async () => {
    expect(await syncLeadToCrm(await getDb(), "00000000-0000-4000-8000-000000000000")).toBe("NOT_FOUND");
    expect(hubspot.requests).toHaveLength(0);
  });
});

describe("the CRM sweep (fake HubSpot)", () => {
  it("a CRM down for longer than the event's retries: the sweep retries with a back-off and creates the contact once after it recovers", async () => {
    const lead = await captureTestLead();
    const db = await getDb();
    hubspot.failAlways();
    const silence = vi.spyOn(console, "error").mockImplementation(() => {});
    await moveLead(seller, lead.id, "QUALIFIED");
    await inProcessRunner().drain();
    silence.mockRestore();
    expect(await leadRow(lead.id)).toMatchObject({ crmLeadId: null, crmSyncAttempts: EVENT_CRM_SYNC_ATTEMPTS });

    // Right after the event's last failure, and before a minute has passed, the sweep leaves it.
    expect(await findLeadsToSync(db)).not.toContain(lead.id);
    await ageLead(lead.id, 50);
    expect(await findLeadsToSync(db)).not.toContain(lead.id);
    await ageLead(lead.id, 70);
    expect(await findLeadsToSync(db)).toContain(lead.id);

    // Still down at the sweep: one more failure recorded, and two minutes of rest before the next.
    await sweepOnce();
    const failing = await leadRow(lead.id);
    expect(failing).toMatchObject({ crmLeadId: null, crmSyncAttempts: EVENT_CRM_SYNC_ATTEMPTS + 1 });
    expect(failing.crmSyncError).toMatch(/the CRM answered 500/);
    expect(await findLeadsToSync(db)).not.toContain(lead.id);
    await ageLead(lead.id, 70);
    expect(await findLeadsToSync(db)).not.toContain(lead.id);
    await ageLead(lead.id, 130);
    expect(await findLeadsToSync(db)).toContain(lead.id);

    // The CRM is back: one contact, the error cleared, and later sweeps leave the lead alone.
    hubspot.reset();
    await sweepOnce();
    const synced = await leadRow(lead.id);
    expect(synced).toMatchObject({ crmSyncError: null, crmSyncAttempts: 0 });
    expect(synced.crmLeadId).toBe(hubspot.creates()[0].reply!.body.id);
    await ageLead(lead.id, 7200);
    expect(await findLeadsToSync(db)).not.toContain(lead.id);
    await sweepOnce();
    expect(callsFor(lead.phone_e164)).toHaveLength(1);
    expect(hubspot.contacts.size).toBe(1);
  });

  it("a stage move whose event was lost (a crash after the commit) is synced by the sweep: created once, then updated", async () => {
    const lead = await captureTestLead();
    const db = await getDb();
    // The moves are committed without their events.
    await db.update(leads).set({ stage: "QUALIFIED" }).where(eq(leads.id, lead.id));
    expect(await findLeadsToSync(db)).not.toContain(lead.id);
    await ageLead(lead.id, 70);
    expect(await findLeadsToSync(db)).toContain(lead.id);
    await sweepOnce();
    const created = await leadRow(lead.id);
    expect(created.crmLeadId).not.toBeNull();
    expect(created.crmSyncedAt!.getTime()).toBe(created.updatedAt.getTime());
    expect(hubspot.creates().filter((request) => request.body.properties.phone === lead.phone_e164)).toHaveLength(1);

    await db.update(leads).set({ stage: "CONVERTED" }).where(eq(leads.id, lead.id));
    await ageLead(lead.id, 70);
    expect(await findLeadsToSync(db)).toContain(lead.id);
    await sweepOnce();
    const calls = callsFor(lead.phone_e164);
    expect(calls.map((request) => request.method)).toEqual(["POST", "PATCH"]);
    expect(calls[1]).toMatchObject({
      path: `/crm/v3/objects/contacts/${created.crmLeadId}`,
      body: { properties: { lifecyclestage: "customer" } },
    });
    expect((await leadRow(lead.id)).crmLeadId).toBe(created.crmLeadId);
    await ageLead(lead.id, 7200);
    expect(await findLeadsToSync(db)).not.toContain(lead.id);
  });

  it(`the back-off is capped at an hour; after ${MAX_CRM_SYNC_ATTEMPTS} failed attempts the sweep gives up, says so, and a new move starts over`, async () => {
    const lead = await captureTestLead();
    const db = await getDb();
    await db
      .update(leads)
      .set({ stage: "QUALIFIED", crmSyncAttempts: MAX_CRM_SYNC_ATTEMPTS - 1, crmSyncError: "the CRM answered 500" })
      .where(eq(leads.id, lead.id));
    await ageLead(lead.id, 3590);
    expect(await findLeadsToSync(db)).not.toContain(lead.id);
    await ageLead(lead.id, 3610);
    expect(await findLeadsToSync(db)).toContain(lead.id);

    hubspot.failAlways();
    await sweepOnce();
    const row = await leadRow(lead.id);
    expect(row).toMatchObject({ crmLeadId: null, crmSyncAttempts: MAX_CRM_SYNC_ATTEMPTS });
    expect(row.crmSyncError).toMatch(
      new RegExp(`the CRM answered 500.*\\(gave up after ${MAX_CRM_SYNC_ATTEMPTS} attempts\\)$`),
    );
    expect((await api("GET", `/api/v1/leads/${lead.id}`, { token: seller.token })).body.crm_sync_error).toBe(
      row.crmSyncError,
    );
    await ageLead(lead.id, 86_400);
    expect(await findLeadsToSync(db)).not.toContain(lead.id);

    // Moving the lead again is a new request: the event syncs it, and the count starts over.
    hubspot.reset();
    await moveLead(seller, lead.id, "CONVERTED");
    await inProcessRunner().drain();
    expect(await leadRow(lead.id)).toMatchObject({ crmSyncError: null, crmSyncAttempts: 0 });
    expect(callsFor(lead.phone_e164)).toHaveLength(1);
  });

  it("finds nothing while the CRM is not configured", async () => {
    const lead = await captureTestLead();
    const db = await getDb();
    await db.update(leads).set({ stage: "QUALIFIED" }).where(eq(leads.id, lead.id));
    await ageLead(lead.id, 70);
    vi.stubEnv("HUBSPOT_ACCESS_TOKEN", undefined);
    expect(await findLeadsToSync(db)).toEqual([]);
    vi.stubEnv("HUBSPOT_ACCESS_TOKEN", FAKE_HUBSPOT_TOKEN);
    expect(await findLeadsToSync(db)).toContain(lead.id);
    await syncLeadToCrm(db, lead.id);
  });
});
