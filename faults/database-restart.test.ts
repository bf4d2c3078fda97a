import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signStripePayload, stripeEvent } from "@/test/fakes/stripe-events";
import { stripeInvoice } from "@/test/fakes/stripe-objects";
import { createCluster, dropCluster, startCluster, stopCluster } from "./support/cluster";
import { call, sleep, startServer, type Answer, type RunningServer } from "./support/server";

// The database restarting under load: requests (health, reads, logins, Stripe webhooks) keep coming while
// the PostgreSQL server stops (a fast shutdown ends every session with 57P01) and, a few seconds later,
// starts again. Every answer in between must be a 503 {detail} with Retry-After, none a 500 and none left
// hanging; afterwards the same requests succeed again without anyone touching the service, and no webhook
// was acknowledged without being stored.

const PORT = 3761;
const ADMIN = { email: "faults.admin@example.test", password: "faults-admin-password-2026" };
const WEBHOOK_SECRET = "whsec_faults_restart_secret";
const OUTAGE_MS = 5_000;
/**
 * No answer may take longer than this, outage or not: the driver's connect timeout (10 s) and a margin. A
 * refused connection is known at once, but one attempted while PostgreSQL finishes its shutdown is neither
 * refused nor answered until then (seen here: up to 10 s, when the shutdown checkpoint is slow).
 */
const ANSWER_BOUND_MS = 13_000;
/** Most answers during the outage come at once: the median must stay under this. */
const OUTAGE_MEDIAN_MS = 1_000;

type Sample = Answer & { kind: string; startedAt: number; endedAt: number };

let server: RunningServer;
let token: string;
let databaseUrl: string;

beforeAll(async () => {
  databaseUrl = await createCluster();
  server = await startServer(PORT, {
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: "4",
    BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
    BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  const login = await call(`${server.url}/api/v1/auth/login`, { method: "POST", body: ADMIN });
  expect(login.status, login.text).toBe(200);
  token = (login.body as { access_token: string }).access_token;
});

afterAll(async () => {
  await server?.stop();
  await dropCluster();
});

const requests: Array<{ kind: string; send: () => Promise<Answer> }> = [
  { kind: "health", send: () => call(`${server.url}/api/v1/health`) },
  { kind: "me", send: () => call(`${server.url}/api/v1/auth/me`, { token }) },
  { kind: "countries", send: () => call(`${server.url}/api/v1/geography/countries`, { token }) },
  // A write: a new session row, and the failed-login counter read.
  { kind: "login", send: () => call(`${server.url}/api/v1/auth/login`, { method: "POST", body: ADMIN }) },
  // Stripe redelivers what was not acknowledged with a 2xx: during the outage the webhook must not say 200.
  { kind: "webhook", send: () => sendWebhook() },
];

/** The ids of the webhook events acknowledged with a 200 (each must then be stored). */
const acknowledged: string[] = [];

async function sendWebhook() {
  // An invoice of no policy of ours: stored, then ignored by its processing.
  const event = stripeEvent("invoice.paid", stripeInvoice({ status: "paid", amount: 2500 }));
  const payload = JSON.stringify(event);
  const answer = await call(`${server.url}/api/v1/payments/webhook`, {
    method: "POST",
    rawBody: payload,
    headers: { "stripe-signature": signStripePayload(payload, WEBHOOK_SECRET) },
  });
  if (answer.status === 200) acknowledged.push(event.id);
  return answer;
}

describe("the database restarts while requests arrive", () => {
  it("answers 503 {detail} with Retry-After while it is down, never 500 nor a hang, and recovers with no manual step", async () => {
    const samples: Sample[] = [];
    let running = true;
    const worker = async (offset: number) => {
      for (let i = offset; running; i++) {
        const { kind, send } = requests[i % requests.length];
        const startedAt = Date.now();
        const answer = await send();
        samples.push({ ...answer, kind, startedAt, endedAt: Date.now() });
        await sleep(50);
      }
    };
    const workers = [0, 1, 2, 3, 4].map((offset) => worker(offset));

    await sleep(2_000);
    const stoppingAt = Date.now();
    await stopCluster();
    const downAt = Date.now();
    await sleep(OUTAGE_MS);
    const restartingAt = Date.now();
    await startCluster();
    const upAt = Date.now();
    // Long enough for every kind of request to go through again several times.
    await sleep(8_000);
    running = false;
    await Promise.all(workers);

    const outageTimes = samples
      .filter((sample) => sample.startedAt >= stoppingAt && sample.startedAt < upAt)
      .map((sample) => sample.ms)
      .sort((a, b) => a - b);
    const median = outageTimes[Math.floor(outageTimes.length / 2)];
    console.log(
      `[faults] ${samples.length} answers, ${samples.filter((sample) => sample.status === 503).length} of them 503; stopping took ${downAt - stoppingAt} ms; ` +
        `${outageTimes.length} requests sent during the outage answered in ${median} ms (median), ${outageTimes.at(-1)} ms (slowest)`,
    );
    const show = (sample: Sample) =>
      `${sample.kind} ${sample.status} after ${sample.ms} ms: ${sample.text.slice(0, 200)}`;
    const context = () => `${samples.length} answers; server output:\n${server.output().slice(-3000)}`;

    // Before the outage: everything answered.
    const before = samples.filter((sample) => sample.endedAt < stoppingAt);
    expect(before.length, context()).toBeGreaterThan(8);
    for (const sample of before) expect(sample.status, show(sample)).toBe(200);

    // Never a 500, never an unexpected status, never a request left hanging; most outage answers at once.
    for (const sample of samples) {
      expect([200, 503], show(sample)).toContain(sample.status);
      expect(sample.ms, show(sample)).toBeLessThan(ANSWER_BOUND_MS);
    }
    expect(outageTimes.length).toBeGreaterThan(20);
    expect(median).toBeLessThan(OUTAGE_MEDIAN_MS);

    // Every 503 (the health check's too) is JSON with a detail that names no driver or SQL, and says when to retry.
    const unavailable = samples.filter((sample) => sample.status === 503);
    for (const sample of unavailable) {
      expect(sample.body, show(sample)).toMatchObject({ detail: expect.any(String) });
      expect(sample.text, show(sample)).not.toMatch(/ECONNREFUSED|57P0|terminating connection|select |postgres/i);
      expect(sample.headers.get("retry-after"), show(sample)).toMatch(/^\d+$/);
    }

    // While the server was down, every request of every kind was refused with a 503.
    const duringOutage = samples.filter((sample) => sample.startedAt > downAt + 200 && sample.endedAt < restartingAt);
    for (const { kind } of requests) {
      const ofKind = duringOutage.filter((sample) => sample.kind === kind);
      expect(ofKind.length, `${kind} requests during the outage; ${context()}`).toBeGreaterThan(0);
      for (const sample of ofKind) expect(sample.status, show(sample)).toBe(503);
    }

    // After the restart, with no manual step: each kind answers 200 again, and keeps doing so.
    for (const { kind } of requests) {
      const after = samples.filter((sample) => sample.kind === kind && sample.startedAt > upAt);
      const firstOk = after.findIndex((sample) => sample.status === 200);
      expect(firstOk, `${kind} never recovered; ${context()}`).toBeGreaterThanOrEqual(0);
      expect(after[firstOk].endedAt - upAt, `${kind} took too long to recover`).toBeLessThan(5_000);
      const settled = after.filter((sample) => sample.startedAt > upAt + 3_000);
      expect(settled.length, kind).toBeGreaterThan(2);
      // A 503 now could only be a connection attempt cut by the connect timeout (rarely seen here, on the
      // sandbox's network); anything quicker is the service failing to recover.
      for (const sample of settled) if (sample.status !== 200) expect(sample.ms, show(sample)).toBeGreaterThan(9_500);
      expect(settled.at(-1)!.status, show(settled.at(-1)!)).toBe(200);
    }

    // Every event acknowledged, before, during or after the outage, is stored: none was answered 200 unsaved.
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const stored =
        await sql`select processor_event_id from processor_events where processor_event_id in ${sql(acknowledged)}`;
      expect(stored.length).toBe(acknowledged.length);
    } finally {
      await sql.end();
    }
  });
});
