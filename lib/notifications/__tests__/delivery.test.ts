import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { notifications } from "@/db/schema";
import { sweepOutboxFunction } from "@/inngest/functions/notifications/sweep-outbox";
import { inProcessRunner } from "@/inngest/send";
import type { BackgroundEvent } from "@/inngest/events";
import { inTransaction } from "@/lib/context";
import {
  deliverNotification,
  EVENT_DELIVERY_ATTEMPTS,
  findStrandedNotifications,
  MAX_DELIVERY_ATTEMPTS,
} from "@/lib/notifications/deliver-notification";
import { enqueueNotification, type NewNotification } from "@/lib/notifications/enqueue-notification";
import { whatsappTemplate, whatsappTemplateName, whatsappTemplateSetting } from "@/lib/notifications/templates";
import { systemCtx, uniqueEmail } from "@/test/fixtures";
import { GARBAGE_REPLY, type FakeReply, type FakeServer } from "@/test/fakes/http-server";
import { startFakeResend } from "@/test/fakes/resend";
import { startFakeWhatsApp, templateMessageProblem } from "@/test/fakes/whatsapp";

// Contract section 11: the outbox is written with the change that caused it and delivered afterwards.

let resend: FakeServer;
let whatsapp: FakeServer;

beforeAll(async () => {
  [resend, whatsapp] = await Promise.all([startFakeResend(), startFakeWhatsApp()]);
});

afterEach(async () => {
  // Nothing of one test may still run in the next, and the providers' settings go back as they were.
  await inProcessRunner().drain();
  vi.unstubAllEnvs();
  resend.reset();
  whatsapp.reset();
});

afterAll(async () => {
  await Promise.all([resend.close(), whatsapp.close()]);
});

function useEmailProvider() {
  vi.stubEnv("RESEND_API_KEY", "re_test_key");
  vi.stubEnv("RESEND_BASE_URL", resend.url);
}

function useMessagingProvider() {
  vi.stubEnv("WHATSAPP_TOKEN", "wa-test-token");
  vi.stubEnv("WHATSAPP_PHONE_NUMBER_ID", "1234567890");
  vi.stubEnv("WHATSAPP_API_BASE", whatsapp.url);
}

function withoutProviders() {
  vi.stubEnv("RESEND_API_KEY", undefined);
  vi.stubEnv("WHATSAPP_TOKEN", undefined);
  vi.stubEnv("WHATSAPP_PHONE_NUMBER_ID", undefined);
}

function welcomeEmail(extra: Partial<NewNotification> = {}): NewNotification {
  const email = uniqueEmail("welcome");
  return {
    channel: "EMAIL",
    recipient: email,
    template: "account.welcome",
    payload: { name: "Ana", email },
    ...extra,
    language: extra.language ?? "en",
  };
}

/** Enqueues in a transaction of its own (as a service would) and returns the new row's id. */
async function enqueueCommitted(input: NewNotification): Promise<string> {
  const id = await inTransaction(await systemCtx(), (tx) => enqueueNotification(tx, input));
  expect(id).not.toBeNull();
  return id!;
}

async function rowOf(id: string) {
  const [row] = await (await getDb()).select().from(notifications).where(eq(notifications.id, id));
  return row;
}

async function rowsFor(recipient: string) {
  return (await getDb()).select().from(notifications).where(eq(notifications.recipient, recipient));
}

/** Makes a row look older than the sweep's grace period, as if its event had been lost a while ago. */
async function ageRow(id: string, seconds = 120) {
  await (
    await getDb()
  )
    .update(notifications)
    .set({ updatedAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(eq(notifications.id, id));
}

/** One tick of the outbox sweep. */
async function sweepOnce() {
  await inProcessRunner().run(sweepOutboxFunction, { name: "inngest/scheduled.timer", data: { cron: "* * * * *" } });
}

describe("enqueueNotification", () => {
  it("writes the row in the caller's transaction and asks for delivery only after the commit", async () => {
    useEmailProvider();
    const input = welcomeEmail();
    let queued: BackgroundEvent[] = [];
    const id = await inTransaction(await systemCtx(), async (tx) => {
      const created = await enqueueNotification(tx, input);
      queued = [...(tx.pendingEvents ?? [])];
      // Still inside the transaction: nothing may have gone out yet.
      expect(resend.requests).toHaveLength(0);
      return created;
    });
    expect(queued).toEqual([{ name: "notifications/notification.created", data: { notification_id: id } }]);
    await inProcessRunner().drain();
    expect((await rowOf(id!)).status).toBe("SENT");
    expect(resend.requests).toHaveLength(1);
  });

  it("leaves no row and sends nothing when the transaction rolls back", async () => {
    useEmailProvider();
    const input = welcomeEmail();
    await expect(
      inTransaction(await systemCtx(), async (tx) => {
        await enqueueNotification(tx, input);
        throw new Error("the change that caused the notification failed");
      }),
    ).rejects.toThrow("the change that caused the notification failed");
    await inProcessRunner().drain();
    expect(await rowsFor(input.recipient)).toHaveLength(0);
    expect(resend.requests).toHaveLength(0);
  });

  it("refuses a template it does not know", async () => {
    await expect(
      inTransaction(await systemCtx(), (tx) => enqueueNotification(tx, welcomeEmail({ template: "no.such.template" }))),
    ).rejects.toThrow("unknown notification template");
  });

  it("needs a transaction, so that the row and its event cannot part", async () => {
    await expect(enqueueNotification(await systemCtx(), welcomeEmail())).rejects.toThrow("needs a transaction");
  });

  it("ignores a second enqueue with the same dedupe key", async () => {
    useEmailProvider();
    const dedupeKey = `expiry-notice:${crypto.randomUUID()}`;
    const first = welcomeEmail({ dedupeKey });
    const firstId = await enqueueCommitted(first);
    const second = await inTransaction(await systemCtx(), (tx) => enqueueNotification(tx, { ...first, dedupeKey }));
    expect(second).toBeNull();
    await inProcessRunner().drain();
    const rows = await (await getDb()).select().from(notifications).where(eq(notifications.dedupeKey, dedupeKey));
    expect(rows.map((row) => row.id)).toEqual([firstId]);
    expect(resend.requests).toHaveLength(1);
  });
});

describe("delivery without a provider", () => {
  it("records an e-mail as SKIPPED when RESEND_API_KEY is not set", async () => {
    withoutProviders();
    const id = await enqueueCommitted(welcomeEmail());
    await inProcessRunner().drain();
    const row = await rowOf(id);
    expect(row.status).toBe("SKIPPED");
    expect(row.sentAt).toBeNull();
    expect(row.error).toBeNull();
  });

  it("records a message as SKIPPED when WHATSAPP_TOKEN is not set", async () => {
    withoutProviders();
    vi.stubEnv("WHATSAPP_PHONE_NUMBER_ID", "1234567890");
    vi.stubEnv("WHATSAPP_API_BASE", whatsapp.url);
    const id = await enqueueCommitted({
      channel: "MESSAGING",
      recipient: "+5215512345678",
      template: "account.welcome",
      language: "en",
      payload: { name: "Ana" },
    });
    await inProcessRunner().drain();
    expect((await rowOf(id)).status).toBe("SKIPPED");
    expect(whatsapp.requests).toHaveLength(0);
  });
});

describe("delivery through the providers", () => {
  it("sends an e-mail through Resend and records the provider's id", async () => {
    useEmailProvider();
    vi.stubEnv("EMAIL_FROM", "Cover <notices@example.com>");
    const input = welcomeEmail();
    const id = await enqueueCommitted(input);
    await inProcessRunner().drain();

    const row = await rowOf(id);
    expect(row.status).toBe("SENT");
    expect(row.providerMessageId).toMatch(/^re_fake_\d+$/);
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.attempts).toBe(1);

    expect(resend.requests).toHaveLength(1);
    const [request] = resend.requests;
    expect(row.providerMessageId).toBe(request.reply?.body.id);
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/emails");
    expect(request.headers.authorization).toBe("Bearer re_test_key");
    expect(request.body.from).toBe("Cover <notices@example.com>");
    expect([request.body.to].flat()).toEqual([input.recipient]);
    expect(request.body.subject).toBe("Welcome to your funeral cover account");
    expect(request.body.text).toContain("Hello Ana");
    expect(request.body.text).toContain(input.recipient);
  });

  it("sends a message through the WhatsApp Cloud API and records the provider's id", async () => {
    useMessagingProvider();
    const id = await enqueueCommitted({
      channel: "MESSAGING",
      recipient: "+5215512345678",
      template: "account.welcome",
      language: "en",
      payload: { name: "Ana" },
    });
    await inProcessRunner().drain();

    const row = await rowOf(id);
    expect(row.status).toBe("SENT");
    expect(whatsapp.requests).toHaveLength(1);
    const [request] = whatsapp.requests;
    expect(row.providerMessageId).toMatch(/^wamid\.fake\d+$/);
    expect(row.providerMessageId).toBe(request.reply?.body.messages[0].id);
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/1234567890/messages");
    expect(request.headers.authorization).toBe("Bearer wa-test-token");
    // A conversation the business starts: an approved template in the recipient's language, never free text.
    expect(request.body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "5215512345678",
      type: "template",
      template: {
        name: "account_welcome",
        language: { code: "en_US" },
        components: [{ type: "body", parameters: [{ type: "text", text: "Ana" }] }],
      },
    });
    expect(request.reply?.status).toBe(200);
    // The row keeps what the message says, in English.
    expect(row).toMatchObject({ language: "en", subject: "Welcome to your funeral cover account" });
    expect(row.body).toContain("Hello Ana");
  });
});

describe("the language of what is sent", () => {
  it("sends the subject and body kept on the row as they are, not rendered again", async () => {
    useEmailProvider();
    const id = await commitWithoutEvent(welcomeEmail({ language: "es" }));
    const row = await rowOf(id);
    expect(row).toMatchObject({ language: "es", subject: "Te damos la bienvenida a tu cuenta de cobertura funeraria" });
    expect(row.body).toContain("Hola Ana,");
    // Whatever the catalog says by the time it goes out, the row's words are what is sent.
    await (
      await getDb()
    )
      .update(notifications)
      .set({ subject: "Asunto guardado", body: "Texto guardado" })
      .where(eq(notifications.id, id));
    expect(await deliverNotification(await getDb(), id)).toBe("SENT");
    expect(resend.requests).toHaveLength(1);
    expect(resend.requests[0].body).toMatchObject({ subject: "Asunto guardado", text: "Texto guardado" });
  });

  it("a row without a body (written before rendering moved to enqueue) is rendered at delivery in DEFAULT_LOCALE", async () => {
    useEmailProvider();
    vi.stubEnv("DEFAULT_LOCALE", "en");
    const recipient = uniqueEmail("old-row");
    const [{ id }] = await (
      await getDb()
    )
      .insert(notifications)
      .values({ channel: "EMAIL", recipient, template: "account.welcome", payload: { name: "Eva", email: recipient } })
      .returning({ id: notifications.id });
    expect(await deliverNotification(await getDb(), id)).toBe("SENT");
    expect(resend.requests[0].body.subject).toBe("Welcome to your funeral cover account");
    expect(resend.requests[0].body.text).toContain("Hello Eva");
  });

  it("a WhatsApp message to a Spanish client: the es_MX template named by its setting, values in Spanish", async () => {
    useMessagingProvider();
    vi.stubEnv("WHATSAPP_TEMPLATE_PAYMENT_RETRY_LIMIT", "cobro_fallido_v2");
    const id = await enqueueCommitted({
      channel: "MESSAGING",
      recipient: "+5215599887766",
      template: "payment.retry_limit",
      language: "es",
      payload: { name: "Lucía", policy_number: "FC-2026-000042", amount: "1250.5", currency: "MXN" },
    });
    await inProcessRunner().drain();
    const row = await rowOf(id);
    expect(row.status).toBe("SENT");
    expect(row).toMatchObject({
      language: "es",
      subject: "Actualiza el método de pago de tu póliza FC-2026-000042",
    });
    expect(row.body).toContain("Intentamos cobrar 1,250.50 MXN de tu póliza FC-2026-000042");
    expect(whatsapp.requests).toHaveLength(1);
    expect(whatsapp.requests[0].body).toMatchObject({
      type: "template",
      to: "5215599887766",
      template: {
        name: "cobro_fallido_v2",
        language: { code: "es_MX" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Lucía" },
              { type: "text", text: "FC-2026-000042" },
              { type: "text", text: "1,250.50 MXN" },
            ],
          },
        ],
      },
    });
  });

  it("the template names default to the notification's name, and each has its setting", () => {
    expect(whatsappTemplateName("payment.arrears_reminder", {})).toBe("payment_arrears_reminder");
    expect(whatsappTemplateSetting("payment.arrears_reminder")).toBe("WHATSAPP_TEMPLATE_PAYMENT_ARREARS_REMINDER");
    expect(
      whatsappTemplateName("payment.arrears_reminder", { WHATSAPP_TEMPLATE_PAYMENT_ARREARS_REMINDER: "recordatorio" }),
    ).toBe("recordatorio");
    // A parameter may not hold a line break: white space is collapsed.
    const template = whatsappTemplate("payment.failed", { name: "Ana\nMaría", amount: "5", currency: "USD" }, "en");
    expect(template.components[0].parameters[0].text).toBe("Ana María");
  });

  it("the fake WhatsApp API refuses what the real one refuses: free text, and a template without a language", () => {
    const text = { messaging_product: "whatsapp", to: "5215512345678", type: "text", text: { body: "hola" } };
    expect(templateMessageProblem(text)).toContain("needs a template");
    const noLanguage = {
      messaging_product: "whatsapp",
      to: "5215512345678",
      type: "template",
      template: { name: "account_welcome", components: [] },
    };
    expect(templateMessageProblem(noLanguage)).toContain("language.code");
    expect(
      templateMessageProblem({ ...noLanguage, template: { ...noLanguage.template, language: { code: "es_MX" } } }),
    ).toBeNull();
  });
});

describe("failures and retries", () => {
  it("records the provider's error on the row and throws, so that the attempt is retried", async () => {
    useEmailProvider();
    // Committed without its event, so that only this test's direct call delivers it.
    const id = await commitWithoutEvent(welcomeEmail());
    resend.failAlways();
    await expect(deliverNotification(await getDb(), id)).rejects.toThrow("attempt 1");
    const row = await rowOf(id);
    expect(row.status).toBe("PENDING");
    expect(row.attempts).toBe(1);
    expect(row.error).toContain("the fake Resend is down");
    expect(row.claimedAt).toBeNull();
  });

  it("a provider down for longer than the event's attempts: the row stays PENDING with the error, for the sweep", async () => {
    useEmailProvider();
    resend.failAlways();
    const silence = vi.spyOn(console, "error").mockImplementation(() => {});
    const id = await enqueueCommitted(welcomeEmail());
    await inProcessRunner().drain();
    silence.mockRestore();

    const row = await rowOf(id);
    // The event's five attempts (one and four retries) failed; far fewer than MAX_DELIVERY_ATTEMPTS.
    expect(row).toMatchObject({ status: "PENDING", attempts: EVENT_DELIVERY_ATTEMPTS, claimedAt: null, sentAt: null });
    expect(row.error).toContain("the fake Resend is down");
    expect(resend.requests).toHaveLength(EVENT_DELIVERY_ATTEMPTS);
    expect(EVENT_DELIVERY_ATTEMPTS).toBeLessThan(MAX_DELIVERY_ATTEMPTS);
  });

  it("the sweep retries with a back-off (1 min, then 2 min ...) and delivers once, after the provider recovers", async () => {
    useEmailProvider();
    resend.failAlways();
    const silence = vi.spyOn(console, "error").mockImplementation(() => {});
    const input = welcomeEmail();
    const id = await enqueueCommitted(input);
    await inProcessRunner().drain();
    silence.mockRestore();
    const db = await getDb();
    expect((await rowOf(id)).attempts).toBe(5);

    // Right after the event's last failure, and before its minute has passed, the sweep leaves it.
    expect(await findStrandedNotifications(db)).not.toContain(id);
    await ageRow(id, 50);
    expect(await findStrandedNotifications(db)).not.toContain(id);
    await ageRow(id, 70);
    expect(await findStrandedNotifications(db)).toContain(id);

    // The provider is still down: the sweep's attempt fails, the row stays PENDING and now rests 2 minutes.
    await sweepOnce();
    const after6 = await rowOf(id);
    expect(after6).toMatchObject({ status: "PENDING", attempts: 6, claimedAt: null });
    expect(after6.error).toContain("the fake Resend is down");
    expect(await findStrandedNotifications(db)).not.toContain(id);
    await ageRow(id, 70);
    expect(await findStrandedNotifications(db)).not.toContain(id);
    await ageRow(id, 130);
    expect(await findStrandedNotifications(db)).toContain(id);

    // The provider is back: the next sweep sends it, once; later sweeps leave it.
    resend.reset();
    await sweepOnce();
    expect(await rowOf(id)).toMatchObject({ status: "SENT", attempts: 7, error: null });
    await ageRow(id, 7200);
    await sweepOnce();
    const sent = resend.requests.filter((request) => [request.body.to].flat().includes(input.recipient));
    expect(sent).toHaveLength(1);
    expect(sent[0].reply?.status).toBe(200);
  });

  it("the back-off doubles up to an hour and stays there", async () => {
    useEmailProvider();
    const db = await getDb();
    const id = await commitWithoutEvent(welcomeEmail());
    for (const [attempts, seconds] of [
      [0, 60],
      [5, 60],
      [6, 120],
      [7, 240],
      [10, 1920],
      [11, 3600],
      [15, 3600],
      [MAX_DELIVERY_ATTEMPTS - 1, 3600],
    ]) {
      await db.update(notifications).set({ attempts }).where(eq(notifications.id, id));
      await ageRow(id, seconds - 10);
      expect(await findStrandedNotifications(db), `attempts ${attempts}, ${seconds - 10} s`).not.toContain(id);
      await ageRow(id, seconds + 10);
      expect(await findStrandedNotifications(db), `attempts ${attempts}, ${seconds + 10} s`).toContain(id);
    }
    // Out of the way of the other tests' sweeps.
    await db.update(notifications).set({ status: "SKIPPED" }).where(eq(notifications.id, id));
  });

  it(`the last attempt (${MAX_DELIVERY_ATTEMPTS}) marks the row FAILED with the error, and the sweep leaves it for good`, async () => {
    useEmailProvider();
    const db = await getDb();
    const input = welcomeEmail();
    const id = await commitWithoutEvent(input);
    await db
      .update(notifications)
      .set({ attempts: MAX_DELIVERY_ATTEMPTS - 1, error: "the fake Resend is down" })
      .where(eq(notifications.id, id));
    await ageRow(id, 3700);
    resend.failAlways();
    expect(await deliverNotification(db, id)).toBe("FAILED");
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: "FAILED", attempts: MAX_DELIVERY_ATTEMPTS, claimedAt: null, sentAt: null });
    expect(row.error).toContain("the fake Resend is down");
    expect(resend.requests).toHaveLength(1);

    // Visible, and never taken again, however long it waits.
    await ageRow(id, 86_400);
    expect(await findStrandedNotifications(db)).not.toContain(id);
    resend.reset();
    await sweepOnce();
    expect(await deliverNotification(db, id)).toBe("NOT_PENDING");
    expect(resend.requests.filter((request) => [request.body.to].flat().includes(input.recipient))).toHaveLength(0);
    expect((await rowOf(id)).status).toBe("FAILED");
  });

  it("every update of a row moves updated_at, the time the back-off counts from", async () => {
    useEmailProvider();
    const db = await getDb();
    const id = await commitWithoutEvent(welcomeEmail());
    resend.failAlways();
    await ageRow(id, 3600);
    const before = (await rowOf(id)).updatedAt;
    await expect(deliverNotification(db, id)).rejects.toThrow("attempt 1");
    const after = (await rowOf(id)).updatedAt;
    expect(after.getTime()).toBeGreaterThan(before.getTime() + 3_000_000);
    expect(Math.abs(after.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it("ends SENT after two failures, with attempts = 3 and the error cleared", async () => {
    useMessagingProvider();
    whatsapp.failNext(2);
    const id = await enqueueCommitted({
      channel: "MESSAGING",
      recipient: "+34600111222",
      template: "account.welcome",
      language: "en",
      payload: { name: "Luis" },
    });
    await inProcessRunner().drain();

    const row = await rowOf(id);
    expect(row.status).toBe("SENT");
    expect(row.attempts).toBe(3);
    expect(row.error).toBeNull();
    expect(whatsapp.requests).toHaveLength(3);
    expect(whatsapp.requests.map((request) => request.reply?.status)).toEqual([500, 500, 200]);
    expect(row.providerMessageId).toBe(whatsapp.requests[2].reply?.body.messages[0].id);
  });

  it("a provider that does not answer: the attempt ends at OUTBOUND_TIMEOUT_MS, the row keeps why, and the retry sends one e-mail (same Idempotency-Key)", async () => {
    useEmailProvider();
    vi.stubEnv("OUTBOUND_TIMEOUT_MS", "300");
    const id = await commitWithoutEvent(welcomeEmail());
    resend.hang(3_000);
    const started = Date.now();
    await expect(deliverNotification(await getDb(), id)).rejects.toThrow("Resend did not answer within 300 ms");
    // Well within the 3 s the fake holds its answer.
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await rowOf(id)).toMatchObject({
      status: "PENDING",
      attempts: 1,
      claimedAt: null,
      error: "Resend did not answer within 300 ms",
    });

    // The provider answers again; it had taken the first request, so the retry must not make a second e-mail.
    resend.hang(0);
    expect(await deliverNotification(await getDb(), id)).toBe("SENT");
    expect(resend.requests).toHaveLength(2);
    const [first, second] = resend.requests;
    expect(first.headers["idempotency-key"]).toBe(`notification-${id}`);
    expect(second.headers["idempotency-key"]).toBe(first.headers["idempotency-key"]);
    expect(second.reply?.body.id).toBe(first.reply?.body.id);
    expect(await rowOf(id)).toMatchObject({
      status: "SENT",
      attempts: 2,
      error: null,
      providerMessageId: first.reply?.body.id,
    });
  });

  it.each<[string, FakeReply]>([
    ["a page that is not JSON", GARBAGE_REPLY],
    ["JSON without the e-mail's id", { status: 200, body: { queued: true } }],
  ])(
    "a provider answering %s is retried until it answers, and the row ends SENT with the e-mail's id",
    async (_, reply) => {
      useEmailProvider();
      resend.failNext(2, reply);
      const id = await enqueueCommitted(welcomeEmail());
      await inProcessRunner().drain();
      expect(resend.requests).toHaveLength(3);
      const row = await rowOf(id);
      expect(row).toMatchObject({ status: "SENT", attempts: 3, error: null });
      expect(row.providerMessageId).toBe(resend.requests[2].reply?.body.id);
    },
  );

  it("does not touch a row that is no longer pending", async () => {
    withoutProviders();
    const id = await enqueueCommitted(welcomeEmail());
    await inProcessRunner().drain();
    expect((await rowOf(id)).status).toBe("SKIPPED");
    useEmailProvider();
    expect(await deliverNotification(await getDb(), id)).toBe("NOT_PENDING");
    expect((await rowOf(id)).status).toBe("SKIPPED");
    expect(resend.requests).toHaveLength(0);
  });
});

/** Commits a notification as enqueueNotification does, then drops its event: a crash right after the commit. */
async function commitWithoutEvent(input: NewNotification): Promise<string> {
  const ctx = await systemCtx();
  const id = await ctx.db.transaction((tx) => enqueueNotification({ ...ctx, db: tx, pendingEvents: [] }, input));
  expect(id).not.toBeNull();
  return id!;
}

describe("nothing is lost when the process stops between commit and delivery", () => {
  it("the sweep finds the stranded row and delivers it", async () => {
    useEmailProvider();
    const input = welcomeEmail();
    const id = await commitWithoutEvent(input);
    await inProcessRunner().drain();
    expect((await rowOf(id)).status).toBe("PENDING");
    expect(resend.requests).toHaveLength(0);

    // A row younger than the grace period may still have its event on the way: the sweep leaves it.
    expect(await findStrandedNotifications(await getDb())).not.toContain(id);

    await ageRow(id);
    expect(await findStrandedNotifications(await getDb())).toContain(id);
    await inProcessRunner().run(sweepOutboxFunction, { name: "inngest/scheduled.timer", data: { cron: "* * * * *" } });

    const row = await rowOf(id);
    expect(row.status).toBe("SENT");
    expect(resend.requests).toHaveLength(1);
    expect([resend.requests[0].body.to].flat()).toEqual([input.recipient]);
  });

  it("also delivers a row written straight into the outbox", async () => {
    useEmailProvider();
    const recipient = uniqueEmail("direct");
    const [{ id }] = await (
      await getDb()
    )
      .insert(notifications)
      .values({
        channel: "EMAIL",
        recipient,
        template: "account.welcome",
        payload: { name: "Eva" },
        updatedAt: new Date(Date.now() - 10 * 60_000),
      })
      .returning({ id: notifications.id });
    await inProcessRunner().run(sweepOutboxFunction, { name: "inngest/scheduled.timer", data: {} });
    expect((await rowOf(id)).status).toBe("SENT");
    expect(resend.requests).toHaveLength(1);
  });

  it("the sweep leaves a row that a live worker has claimed, and retakes one whose worker died", async () => {
    useEmailProvider();
    const db = await getDb();
    const live = await commitWithoutEvent(welcomeEmail());
    const dead = await commitWithoutEvent(welcomeEmail());
    await db.update(notifications).set({ claimedAt: new Date() }).where(eq(notifications.id, live));
    await db
      .update(notifications)
      .set({ claimedAt: new Date(Date.now() - 30 * 60_000) })
      .where(eq(notifications.id, dead));
    await ageRow(live);
    await ageRow(dead);

    const stranded = await findStrandedNotifications(db);
    expect(stranded).toContain(dead);
    expect(stranded).not.toContain(live);
    await inProcessRunner().run(sweepOutboxFunction, { name: "inngest/scheduled.timer", data: {} });
    expect((await rowOf(dead)).status).toBe("SENT");
    expect((await rowOf(live)).status).toBe("PENDING");
    expect(await deliverNotification(db, live)).toBe("NOT_PENDING");
  });

  it("two concurrent deliveries of one row send it once", async () => {
    useEmailProvider();
    const id = await commitWithoutEvent(welcomeEmail());
    const db = await getDb();
    const outcomes = await Promise.all([
      deliverNotification(db, id),
      deliverNotification(db, id),
      deliverNotification(db, id),
    ]);
    expect(outcomes.sort()).toEqual(["NOT_PENDING", "NOT_PENDING", "SENT"]);
    expect(resend.requests).toHaveLength(1);
    const row = await rowOf(id);
    expect(row.status).toBe("SENT");
    expect(row.attempts).toBe(1);
  });
});
