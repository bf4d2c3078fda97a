import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeServer } from "@/test/fakes/http-server";
import { startFakeResend } from "@/test/fakes/resend";
import { signStripePayload, stripeEvent } from "@/test/fakes/stripe-events";
import { stripeInvoice } from "@/test/fakes/stripe-objects";
import { createCluster, dropCluster } from "./support/cluster";
import { call, sleep, startServer, waitFor, type RunningServer } from "./support/server";

// The server killed (SIGKILL) between a commit and what it sets off: a policy issued while the e-mail
// provider is down leaves its notice PENDING in the outbox, and a Stripe webhook stored (acknowledged)
// whose processing is held up never finishes. A new server on the same database delivers the notice and
// processes the event, each exactly once.

const PORT = 3762;
const WEBHOOK_SECRET = "whsec_faults_webhook_secret";
const ADMIN = { email: "admin@demo.local", password: "demo-admin-2026" };

let databaseUrl: string;
let sql: postgres.Sql;
let resend: FakeServer;
let server: RunningServer | undefined;

beforeAll(async () => {
  databaseUrl = await createCluster();
  sql = postgres(databaseUrl, { max: 3, onnotice: () => {} });
  resend = await startFakeResend();
});

afterAll(async () => {
  await server?.stop();
  await sql?.end();
  await resend?.close();
  await dropCluster();
});

function serverEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    SEED_DEMO: "1",
    RESEND_API_KEY: "re_faults_key",
    RESEND_BASE_URL: resend.url,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    ...extra,
  };
}

function bornYearsAgo(years: number): string {
  return `${new Date().getUTCFullYear() - years}-06-15`;
}

/** A new client and its PENDING_PAYMENT policy of the demo version, issued through the API. */
async function issuePolicy(url: string, token: string) {
  const email = `crash.${Date.now()}@example.test`;
  const client = await call(`${url}/api/v1/emission/clients`, {
    method: "POST",
    token,
    body: {
      first_name: "Eva",
      last_name: "Crash",
      email,
      birth_date: bornYearsAgo(40),
      nationality: "MX",
      country_of_residence: "MX",
    },
  });
  expect(client.status, client.text).toBe(201);
  const products = (await call(`${url}/api/v1/products/`, { token })).body as Array<{
    name: string;
    plans: Array<{ versions: Array<{ id: string }> }>;
  }>;
  const demo = products.find((product) => product.name === "Repatriation Cover")!;
  const issued = await call(`${url}/api/v1/emission/issue`, {
    method: "POST",
    token,
    body: {
      client_id: (client.body as { id: string }).id,
      plan_version_id: demo.plans[0].versions[0].id,
      start_date: new Date().toISOString().slice(0, 10),
      beneficiaries: [{ first_name: "Eva", last_name: "Crash", kinship_type: "SELF", date_of_birth: bornYearsAgo(40) }],
    },
  });
  expect(issued.status, issued.text).toBe(201);
  return { ...(issued.body as { id: string; final_price: string; currency: string }), email };
}

const sendsTo = (recipient: string) =>
  resend.requests.filter((request) => [request.body?.to].flat().includes(recipient));

describe("the server killed between a commit and its background work", () => {
  it("delivers the outbox's notice and processes the stored webhook once each, after a restart", async () => {
    // The e-mail provider is down, and a failed delivery would be retried only in ten minutes.
    resend.failAlways();
    server = await startServer(PORT, serverEnv({ BACKGROUND_RETRY_DELAY_MS: "600000" }));
    const login = await call(`${server.url}/api/v1/auth/login`, { method: "POST", body: ADMIN });
    expect(login.status, login.text).toBe(200);
    const token = (login.body as { access_token: string }).access_token;

    // 1. The issue commits its notice; the one delivery attempt fails.
    const policy = await issuePolicy(server.url, token);
    await waitFor(
      "the failed delivery attempt",
      async () => (sendsTo(policy.email).length > 0 ? true : undefined),
      15_000,
    );
    const [pending] =
      await sql`select id, status, attempts, error from notifications where recipient = ${policy.email}`;
    expect(pending).toMatchObject({
      status: "PENDING",
      attempts: 1,
      error: expect.stringContaining("the fake Resend is down"),
    });

    // 2. A webhook is stored and acknowledged, but its processing waits on the policy's row, which this
    // test holds locked; the server dies while it waits.
    // The invoice is of the policy's own subscription (trust.md section 6: no other counts); this server
    // has no processor to make one, so its row is written as the subscription route would write it.
    await sql`insert into subscriptions (policy_id, processor_subscription_id, status, billing_anchor_day) values (${policy.id}, 'sub_faults_crash', 'ACTIVE', 1)`;
    const invoice = stripeInvoice({
      status: "paid",
      amount: Math.round(Number(policy.final_price) * 100),
      currency: policy.currency.toLowerCase(),
      subscription: "sub_faults_crash",
      subscriptionMetadata: { policy_id: policy.id },
      attemptCount: 1,
      billingReason: "subscription_create",
    });
    const event = stripeEvent("invoice.paid", invoice);
    const payload = JSON.stringify(event);
    const lock = await sql.reserve();
    try {
      await lock`begin`;
      await lock`select id from policies where id = ${policy.id} for update`;
      const acknowledged = await call(`${server.url}/api/v1/payments/webhook`, {
        method: "POST",
        rawBody: payload,
        headers: { "stripe-signature": signStripePayload(payload, WEBHOOK_SECRET) },
      });
      expect(acknowledged.status, acknowledged.text).toBe(200);
      await waitFor(
        "the event's processing to wait on the policy's lock",
        async () =>
          (await sql`select 1 from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`)
            .length > 0
            ? true
            : undefined,
        15_000,
      );

      await server.kill();
    } finally {
      await lock`rollback`;
      lock.release();
    }
    const [stored] = await sql`select status, attempts from processor_events where processor_event_id = ${event.id}`;
    expect(stored).toMatchObject({ status: "RECEIVED", attempts: 0 });
    expect((await sql`select status from policies where id = ${policy.id}`)[0].status).toBe("PENDING_PAYMENT");
    expect((await sql`select status from notifications where recipient = ${policy.email}`)[0].status).toBe("PENDING");

    // The sweeps leave rows younger than a minute (their event may still be on its way): age them, as if
    // the restart had taken that long, instead of waiting for it.
    await sql`update notifications set updated_at = now() - interval '5 minutes' where recipient = ${policy.email}`;
    await sql`update processor_events set received_at = now() - interval '5 minutes' where processor_event_id = ${event.id}`;

    // 3. The provider is back; a new server on the same database finishes both, at its next sweep.
    resend.reset();
    server = await startServer(PORT, serverEnv());
    const done = await waitFor(
      "the sweeps after the restart",
      async () => {
        const [notice] = await sql`select status, attempts from notifications where recipient = ${policy.email}`;
        const [processed] =
          await sql`select status, attempts from processor_events where processor_event_id = ${event.id}`;
        return notice.status === "SENT" && processed.status === "PROCESSED" ? { notice, processed } : undefined;
      },
      100_000,
      500,
    );
    // Anything sent twice would arrive within these seconds.
    await sleep(3_000);

    expect(done.notice).toMatchObject({ status: "SENT", attempts: 2 });
    expect(sendsTo(policy.email), server.output()).toHaveLength(1);
    expect(sendsTo(policy.email)[0].reply?.status).toBe(200);

    expect(done.processed).toMatchObject({ status: "PROCESSED", attempts: 1 });
    expect((await sql`select status from policies where id = ${policy.id}`)[0].status).toBe("ACTIVE");
    const moves =
      await sql`select to_status from policy_status_history where policy_id = ${policy.id} order by changed_at`;
    expect(moves.map((row) => row.to_status)).toEqual(["PENDING_PAYMENT", "ACTIVE"]);
    const charges = await sql`select status from transactions where processor_invoice_id = ${invoice.id}`;
    expect(charges.map((row) => row.status)).toEqual(["PAID"]);
  });
});
