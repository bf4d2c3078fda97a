import { InngestTestEngine } from "@inngest/test";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { notifications } from "@/db/schema";
import { deliverNotificationFunction } from "@/inngest/functions/notifications/deliver-notification";
import { sweepOutboxFunction } from "@/inngest/functions/notifications/sweep-outbox";
import { uniqueEmail } from "@/test/fixtures";
import type { FakeServer } from "@/test/fakes/http-server";
import { startFakeResend } from "@/test/fakes/resend";

// The same background functions under Inngest's own executor (@inngest/test), as /api/inngest runs them.

let resend: FakeServer;

beforeAll(async () => {
  resend = await startFakeResend();
});

beforeEach(() => {
  vi.stubEnv("RESEND_API_KEY", "re_test_key");
  vi.stubEnv("RESEND_BASE_URL", resend.url);
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  resend.reset();
});

afterAll(async () => {
  await resend.close();
});

/** A committed outbox row whose event has not been delivered yet. */
async function pendingEmail(recipient = uniqueEmail("inngest")) {
  const [row] = await (
    await getDb()
  )
    .insert(notifications)
    .values({ channel: "EMAIL", recipient, template: "account.welcome", payload: { name: "Ines", email: recipient } })
    .returning();
  return row;
}

async function rowOf(id: string) {
  const [row] = await (await getDb()).select().from(notifications).where(eq(notifications.id, id));
  return row;
}

describe("deliverNotificationFunction under Inngest", () => {
  it("delivers the row named by a notifications/notification.created event", async () => {
    const row = await pendingEmail();
    const engine = new InngestTestEngine({ function: deliverNotificationFunction.inngestFunction });
    const { result, error, ctx } = await engine.execute({
      events: [{ name: "notifications/notification.created", data: { notification_id: row.id } }],
    });

    expect(error).toBeUndefined();
    expect(result).toBe("SENT");
    expect(ctx.step.run).toHaveBeenCalledWith("deliver", expect.any(Function));
    const delivered = await rowOf(row.id);
    expect(delivered.status).toBe("SENT");
    expect(delivered.providerMessageId).toBe(resend.requests[0].reply?.body.id);
    expect(resend.requests).toHaveLength(1);
    expect([resend.requests[0].body.to].flat()).toEqual([row.recipient]);
  });

  it("fails the run when the provider fails, leaving the row pending with the error for Inngest's retry", async () => {
    const row = await pendingEmail();
    resend.failAlways();
    // Inngest logs the step's error; the assertions below are what matters.
    vi.spyOn(console, "error").mockImplementation(() => {});
    const engine = new InngestTestEngine({ function: deliverNotificationFunction.inngestFunction });
    const { error } = await engine.execute({
      events: [{ name: "notifications/notification.created", data: { notification_id: row.id } }],
    });

    expect(error).toBeDefined();
    const after = await rowOf(row.id);
    expect(after.status).toBe("PENDING");
    expect(after.attempts).toBe(1);
    expect(after.error).toContain("the fake Resend is down");
  });
});

describe("sweepOutboxFunction under Inngest", () => {
  it("delivers the stranded rows it finds", async () => {
    const row = await pendingEmail();
    await (
      await getDb()
    )
      .update(notifications)
      .set({ updatedAt: sql`now() - interval '5 minutes'` })
      .where(eq(notifications.id, row.id));
    const engine = new InngestTestEngine({ function: sweepOutboxFunction.inngestFunction });
    const { result, error } = await engine.execute({
      events: [{ name: "inngest/scheduled.timer", data: { cron: "* * * * *" } }],
    });

    expect(error).toBeUndefined();
    expect(result).toMatchObject({ swept: expect.any(Number) });
    expect((result as { swept: number }).swept).toBeGreaterThanOrEqual(1);
    expect((await rowOf(row.id)).status).toBe("SENT");
  });
});
