import { InngestTestEngine } from "@inngest/test";
import { and, count, eq, like, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { auditLogs, loginAttempts, rateLimitCounters } from "@/db/schema";
import { backgroundFunctions } from "@/inngest/index";
import { sweepLimitsFunction } from "@/inngest/functions/operations/sweep-limits";
import { InProcessRunner } from "@/inngest/runner";
import { sweepLoginAttempts } from "@/lib/identity/login-attempts";
import { consumeRateLimit, SWEEP_BATCH_SIZE, sweepRateLimitCounters } from "@/lib/operations/rate-limit";
import { api } from "@/test/api";
import { testAddress, uniqueEmail } from "@/test/fixtures";

// Trust section 6: sign-in attempts and rate-limit counters are deleted once out of their window by a
// background sweep, so a flood of addresses or keys leaves nothing behind; USER_LOGIN_FAILED stays.

const MINUTE = 60_000;

afterEach(() => {
  vi.useRealTimers();
});

async function counters(prefix: string): Promise<number> {
  const [row] = await (
    await getDb()
  )
    .select({ n: count() })
    .from(rateLimitCounters)
    .where(like(rateLimitCounters.key, `${prefix}%`));
  return row.n;
}

async function attempts(domain: string): Promise<number> {
  const [row] = await (
    await getDb()
  )
    .select({ n: count() })
    .from(loginAttempts)
    .where(like(loginAttempts.email, `%@${domain}`));
  return row.n;
}

async function failedLoginAudits(domain: string): Promise<number> {
  const [row] = await (
    await getDb()
  )
    .select({ n: count() })
    .from(auditLogs)
    .where(and(eq(auditLogs.action, "USER_LOGIN_FAILED"), sql`${auditLogs.details}->>'email' like ${`%@${domain}`}`));
  return row.n;
}

/** A flood: `keys` one-minute and one-hour counters, and failed sign-ins from `addresses` addresses; when it started and ended. */
async function flood(tag: string, { keys, addresses }: { keys: number; addresses: number }) {
  const db = await getDb();
  const now = Date.now();
  const minuteStart = new Date(Math.floor(now / MINUTE) * MINUTE);
  const hourStart = new Date(Math.floor(now / (60 * MINUTE)) * 60 * MINUTE);
  // Most of it set-based (far more rows than one batch of the sweep), some through the real paths.
  await db.execute(sql`
    insert into rate_limit_counters (key, window_start, count, expires_at)
    select ${`${tag}:minute:`}::text || n, ${minuteStart.toISOString()}::timestamptz, 1, ${new Date(minuteStart.getTime() + MINUTE).toISOString()}::timestamptz
    from generate_series(1, ${keys}::int) n
    union all
    select ${`${tag}:hour:`}::text || n, ${hourStart.toISOString()}::timestamptz, 1, ${new Date(hourStart.getTime() + 60 * MINUTE).toISOString()}::timestamptz
    from generate_series(1, ${keys}::int) n`);
  await db.execute(sql`
    insert into login_attempts (email, ip_address, attempted_at)
    select 'flood' || n || ${`@${tag}.test`}::text, '10.' || (n / 65536) || '.' || (n / 256 % 256) || '.' || (n % 256), ${new Date(now).toISOString()}::timestamptz
    from generate_series(1, ${addresses}::int) n`);
  for (let i = 0; i < 20; i++) {
    await consumeRateLimit(db, { key: `${tag}:minute:real:${i}`, limit: 30, windowSeconds: 60, message: "limited" });
    await consumeRateLimit(db, { key: `${tag}:hour:real:${i}`, limit: 5, windowSeconds: 3600, message: "limited" });
  }
  for (let i = 0; i < 10; i++) {
    const res = await api("POST", "/api/v1/auth/login", {
      body: { email: uniqueEmail("nobody").replace("@example.com", `@${tag}.test`), password: "a-guessed-password" },
      headers: { "x-forwarded-for": testAddress() },
    });
    expect(res.status).toBe(401);
  }
  return { started: now, ended: Date.now() };
}

const endOfWindow = (at: number, windowMs: number) => new Date(Math.ceil(at / windowMs) * windowMs);

describe("the sweep of the limits' tables", () => {
  it(
    "deletes each attempt and counter once out of its window, whatever the flood, and keeps the audit of the failures",
    async () => {
      // The hour's counters must outlive the minute's: not in the last two minutes of an hour (a wait of up
      // to two minutes, which the test's own time limit below covers).
      const intoHour = Date.now() % (60 * MINUTE);
      if (intoHour > 58 * MINUTE) await new Promise((resolve) => setTimeout(resolve, 60 * MINUTE - intoHour + 50));
      const tag = `sweep${Date.now()}`;
      const keys = 2 * SWEEP_BATCH_SIZE + 100;
      const addresses = 2 * SWEEP_BATCH_SIZE + 100;
      const { started, ended } = await flood(tag, { keys, addresses });
      const db = await getDb();
      expect(await counters(`${tag}:minute:`)).toBe(keys + 20);
      expect(await counters(`${tag}:hour:`)).toBe(keys + 20);
      expect(await attempts(`${tag}.test`)).toBe(addresses + 10);
      expect(await failedLoginAudits(`${tag}.test`)).toBe(10);

      // Nothing is out of its window yet.
      await sweepRateLimitCounters(db, new Date(ended));
      await sweepLoginAttempts(db, new Date(ended));
      expect(await counters(`${tag}:`)).toBe(2 * (keys + 20));
      expect(await attempts(`${tag}.test`)).toBe(addresses + 10);

      // The minute's counters end with their window; the hour's and the 15 minutes of attempts go on.
      await sweepRateLimitCounters(db, endOfWindow(ended, MINUTE));
      expect(await counters(`${tag}:minute:`)).toBe(0);
      expect(await counters(`${tag}:hour:`)).toBe(keys + 20);
      await sweepLoginAttempts(db, new Date(started + 14 * MINUTE));
      expect(await attempts(`${tag}.test`)).toBe(addresses + 10);

      await sweepLoginAttempts(db, new Date(ended + 15 * MINUTE + 1000));
      expect(await attempts(`${tag}.test`)).toBe(0);
      await sweepRateLimitCounters(db, endOfWindow(ended, 60 * MINUTE));
      expect(await counters(`${tag}:`)).toBe(0);
      // The failures stay in the audit log.
      expect(await failedLoginAudits(`${tag}.test`)).toBe(10);
    },
    3 * MINUTE,
  );

  it("is a cron of every minute, and runs in-process and under Inngest", async () => {
    expect(backgroundFunctions).toContain(sweepLimitsFunction);
    expect(sweepLimitsFunction.trigger).toEqual({ cron: "* * * * *" });

    // Each flood is swept an hour and a bit later by the clock the functions read.
    vi.useFakeTimers({ toFake: ["Date"] });
    const inProcess = `inprocess${Date.now()}`;
    await flood(inProcess, { keys: 50, addresses: 50 });
    vi.setSystemTime(Date.now() + 61 * MINUTE);
    await new InProcessRunner([sweepLimitsFunction]).run(sweepLimitsFunction, {
      name: "inngest/scheduled.timer",
      data: { cron: "* * * * *" },
    });
    expect(await counters(`${inProcess}:`)).toBe(0);
    expect(await attempts(`${inProcess}.test`)).toBe(0);

    const underInngest = `inngest${Date.now()}`;
    await flood(underInngest, { keys: 50, addresses: 50 });
    vi.setSystemTime(Date.now() + 61 * MINUTE);
    const engine = new InngestTestEngine({ function: sweepLimitsFunction.inngestFunction });
    const { result, error } = await engine.execute({
      events: [{ name: "inngest/scheduled.timer", data: { cron: "* * * * *" } }],
    });
    expect(error).toBeUndefined();
    expect(result).toEqual({ loginAttempts: expect.any(Number), rateLimitCounters: expect.any(Number) });
    expect((result as { loginAttempts: number }).loginAttempts).toBeGreaterThanOrEqual(60);
    expect((result as { rateLimitCounters: number }).rateLimitCounters).toBeGreaterThanOrEqual(140);
    expect(await counters(`${underInngest}:`)).toBe(0);
    expect(await attempts(`${underInngest}.test`)).toBe(0);
    expect(await failedLoginAudits(`${inProcess}.test`)).toBe(10);
    expect(await failedLoginAudits(`${underInngest}.test`)).toBe(10);
  });
});
