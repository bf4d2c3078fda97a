// webhooks: signed Stripe deliveries (POST /api/v1/payments/webhook) against the built service (`npm start`,
// the production server) on the PostgreSQL server, from keep-alive connections at a fixed concurrency.
// Issue 5 point 7: at least 300 acknowledged (200) per second, and afterwards every event processed exactly
// once. The stream is what a live book of policies receives: mostly invoice.paid for monthly renewals of
// ACTIVE policies (distinct invoices: each records one transaction and moves nothing), a share of first
// payments of PENDING_PAYMENT policies (each moves its policy to ACTIVE once and renders its certificate in
// the background), a share of event types the service does not handle (stored IGNORED), and a share of
// replays of ids already sent (acknowledged, not stored or processed again). Once the load ends, the
// scenario waits for the background processing to finish and checks the database: every distinct id stored
// once, PROCESSED or IGNORED as its type says, none RECEIVED or FAILED, one processing attempt each, one
// transaction per paid invoice, one PENDING_PAYMENT -> ACTIVE history row per activated policy.
import postgres from "postgres";
import Stripe from "stripe";
import { callApi } from "./lib/api";
import { cpuSecondsOf } from "./lib/cpu";
import { runClosedLoop, type LoadResult, type LoadSamples } from "./lib/load";
import type { Scenario } from "./lib/scenario";
import { createBenchSeller, createBenchVersion, startBenchService } from "./lib/seed";
import { summarizeLatencies } from "./lib/stats";

const TARGET_ACKS_PER_SECOND = 300;
/** ACTIVE policies the renewals are spread over, and PENDING_PAYMENT ones awaiting their first payment (seeded through the API). */
const ACTIVE_POLICIES = 100;
const PENDING_POLICIES = 200;
/** Every REPLAY_EVERY-th request re-sends an event already sent; every IGNORED_EVERY-th is a type not handled; every FIRST_PAYMENT_EVERY-th a first payment. */
const REPLAY_EVERY = 10;
const IGNORED_EVERY = 20;
const FIRST_PAYMENT_EVERY = 20;
/** How long the background processing may take after the load before the run is called failed. */
const DRAIN_TIMEOUT_MS = 180_000;

const WEBHOOK_SECRET = "whsec_bench_webhooks";

/** One delivery as Stripe makes it: the exact body and its signature header. */
type Delivery = {
  id: string;
  kind: "renewal" | "first" | "ignored";
  policyId: string;
  body: Buffer;
  signature: string;
};

/**
 * Builds the events. All share one `created` second: the service ignores an event created before the
 * newest one applied to its policy, and with equal times none is late, so every paid invoice must be
 * PROCESSED whatever order the concurrent requests commit in.
 */
class EventSource {
  private next = 0;
  private nextPending = 0;
  readonly sent: Delivery[] = [];
  readonly created = Math.floor(Date.now() / 1000);

  constructor(
    private readonly activeIds: string[],
    private readonly pendingIds: string[],
  ) {}

  take(): Delivery {
    const index = this.next++;
    if (index % REPLAY_EVERY === REPLAY_EVERY - 1 && this.sent.length > 0) {
      // A replay: the same bytes again, as Stripe re-sends an event it thinks was not received.
      return this.sent[Math.floor(Math.random() * this.sent.length)];
    }
    let kind: Delivery["kind"] = index % IGNORED_EVERY === IGNORED_EVERY - 2 ? "ignored" : "renewal";
    let policyId = this.activeIds[index % this.activeIds.length];
    if (kind === "renewal" && index % FIRST_PAYMENT_EVERY === 3 && this.nextPending < this.pendingIds.length) {
      kind = "first";
      policyId = this.pendingIds[this.nextPending++];
    }
    const id = `evt_bench_${index.toString(36).padStart(8, "0")}`;
    const event =
      kind !== "ignored"
        ? {
            id,
            object: "event",
            api_version: Stripe.API_VERSION,
            created: this.created,
            type: "invoice.paid",
            livemode: false,
            pending_webhooks: 1,
            request: { id: null, idempotency_key: null },
            data: {
              object: {
                id: `in_bench_${index.toString(36)}`,
                object: "invoice",
                amount_due: 2500,
                amount_paid: 2500,
                currency: "usd",
                status: "paid",
                billing_reason: kind === "first" ? "subscription_create" : "subscription_cycle",
                created: this.created,
                status_transitions: { paid_at: this.created },
                metadata: {},
                parent: {
                  type: "subscription_details",
                  subscription_details: {
                    subscription: `sub_bench_${policyId.slice(0, 8)}`,
                    metadata: { policy_id: policyId },
                  },
                },
              },
            },
          }
        : {
            id,
            object: "event",
            api_version: Stripe.API_VERSION,
            created: this.created,
            type: "customer.created",
            livemode: false,
            pending_webhooks: 1,
            request: { id: null, idempotency_key: null },
            data: {
              object: { id: `cus_bench_${index.toString(36)}`, object: "customer", metadata: { policy_id: policyId } },
            },
          };
    const payload = JSON.stringify(event);
    const delivery: Delivery = {
      id,
      kind,
      policyId,
      body: Buffer.from(payload),
      signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    };
    this.sent.push(delivery);
    return delivery;
  }
}

/** What one run of the load saw, with the deliveries acknowledged. */
type Samples = LoadSamples & { acknowledged: number };

function emptySamples(): Samples {
  return { latencies: [], acknowledged: 0, errors: 0, errorSamples: [], seconds: 0 };
}

/** A closed loop of signed deliveries, each acknowledged by 200 `{"received":true}`. */
function deliverLoad(
  baseUrl: string,
  source: EventSource,
  concurrency: number,
  durationMs: number,
  into: Samples,
): Promise<void> {
  return runClosedLoop({
    url: `${baseUrl}/api/v1/payments/webhook`,
    method: "POST",
    callers: concurrency,
    durationMs,
    into,
    next: () => {
      const delivery = source.take();
      return {
        body: delivery.body,
        headers: { "content-type": "application/json", "stripe-signature": delivery.signature },
      };
    },
    accept: (status, text) => {
      if (status !== 200 || text !== '{"received":true}') return false;
      into.acknowledged++;
      return true;
    },
  });
}

export const webhooks: Scenario = {
  name: "webhooks",
  async run(settings, cleanup, log) {
    const { service, databaseUrl, adminToken } = await startBenchService(settings, cleanup, log, {
      database: "bench_webhooks",
      env: { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
    });

    // Seed through the API: a version sold in MX, a seller, a client, and its policies.
    const versionId = await createBenchVersion(service.baseUrl, adminToken, {
      productName: "Bench repatriation cover",
      countries: [{ country_code: "MX", is_available: true }],
    });
    const sellerToken = await createBenchSeller(service.baseUrl, adminToken);
    const client = await callApi<{ id: string }>(
      service.baseUrl,
      "POST",
      "/api/v1/emission/clients",
      {
        first_name: "Ana",
        last_name: "Pérez",
        email: "bench-client@example.test",
        birth_date: "1980-05-17",
        nationality: "MX",
        country_of_residence: "MX",
      },
      sellerToken,
    );
    const startDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const issueBody = {
      client_id: client.id,
      plan_version_id: versionId,
      start_date: startDate,
      beneficiaries: [{ first_name: "Ana", last_name: "Pérez", kinship_type: "SELF", date_of_birth: "1980-05-17" }],
    };
    const issued: string[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (issued.length < ACTIVE_POLICIES + PENDING_POLICIES) {
          issued.push(
            (await callApi<{ id: string }>(service.baseUrl, "POST", "/api/v1/emission/issue", issueBody, sellerToken))
              .id,
          );
        }
      }),
    );
    const activeIds = issued.slice(0, ACTIVE_POLICIES);
    const pendingIds = issued.slice(ACTIVE_POLICIES, ACTIVE_POLICIES + PENDING_POLICIES);
    // The book's ACTIVE policies were paid before (here by manual payments); their certificates are rendered
    // in the background, and the load starts once they all are, so it does not compete with that.
    for (const policyId of activeIds) {
      await callApi(
        service.baseUrl,
        "POST",
        "/api/v1/payments/manual",
        { policy_id: policyId, amount: "25.00", reference: "bench seed" },
        adminToken,
      );
    }
    const seedSql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      for (let waited = 0; ; waited += 250) {
        const [{ rendered }] = await seedSql<
          { rendered: number }[]
        >`select count(*)::int as rendered from policy_documents`;
        if (rendered >= ACTIVE_POLICIES) break;
        if (waited > DRAIN_TIMEOUT_MS)
          throw new Error(`only ${rendered} of ${ACTIVE_POLICIES} certificates were rendered`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    } finally {
      await seedSql.end();
    }
    log(
      `seeded: ${ACTIVE_POLICIES} ACTIVE policies (certificates rendered) and ${PENDING_POLICIES} PENDING_PAYMENT ones, of one client`,
    );

    const source = new EventSource(activeIds, pendingIds);
    const concurrency = settings.concurrency;
    log(
      `warming up ${settings.warmupMs / 1000} s, then measuring ${settings.durationMs / 1000} s at ${concurrency} connections`,
    );
    const warmup = emptySamples();
    await deliverLoad(service.baseUrl, source, concurrency, settings.warmupMs, warmup);
    const measured = emptySamples();
    const cpuBefore = cpuSecondsOf(service.pid);
    await deliverLoad(service.baseUrl, source, concurrency, settings.durationMs, measured);
    const loadEnded = performance.now();
    const cpuAfterLoad = cpuSecondsOf(service.pid);
    const result: LoadResult = {
      ...summarizeLatencies(measured.latencies),
      requests: measured.latencies.length,
      errors: measured.errors + warmup.errors,
      seconds: measured.seconds,
      requestsPerSecond: measured.acknowledged / measured.seconds,
      errorSamples: [...warmup.errorSamples, ...measured.errorSamples].slice(0, 3),
    };

    const distinct = new Map(source.sent.map((delivery) => [delivery.id, delivery]));
    const deliveries = warmup.latencies.length + measured.latencies.length;
    const replays = deliveries - distinct.size;
    const paid = [...distinct.values()].filter((delivery) => delivery.kind !== "ignored");
    const paidIds = paid.map((delivery) => delivery.id);
    const ignoredIds = [...distinct.values()]
      .filter((delivery) => delivery.kind === "ignored")
      .map((delivery) => delivery.id);
    // Each first payment names its own PENDING_PAYMENT policy, which must move to ACTIVE exactly once.
    const activated = paid.filter((delivery) => delivery.kind === "first").length;
    log(
      `load done: ${deliveries} deliveries (${distinct.size} distinct events, ${replays} replays); waiting for the background processing`,
    );

    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      // Wait until nothing is left RECEIVED (or the time is up); FAILED rows are reported, not waited for.
      let pending = Number.POSITIVE_INFINITY;
      const drainDeadline = Date.now() + DRAIN_TIMEOUT_MS;
      while (Date.now() < drainDeadline) {
        [{ pending }] = await sql<
          { pending: number }[]
        >`select count(*)::int as pending from processor_events where status = 'RECEIVED'`;
        if (pending === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const drainSeconds = (performance.now() - loadEnded) / 1000;
      const cpuAfterDrain = cpuSecondsOf(service.pid);
      // The backlog drained after the load is the measured deliveries' processing: it counts against them.
      const cpuNote =
        cpuBefore !== null && cpuAfterLoad !== null && cpuAfterDrain !== null
          ? `service CPU: ${(cpuAfterLoad - cpuBefore).toFixed(1)} s in the ${measured.seconds.toFixed(1)} s measured (${((cpuAfterLoad - cpuBefore) / measured.seconds).toFixed(2)} of a core) ` +
            `and ${(cpuAfterDrain - cpuAfterLoad).toFixed(1)} s draining: ${((1000 * (cpuAfterDrain - cpuBefore)) / Math.max(measured.latencies.length, 1)).toFixed(2)} ms per delivery, ` +
            `acknowledged and processed; one free core would do about ${(measured.latencies.length / Math.max(cpuAfterDrain - cpuBefore, 0.01)).toFixed(0)} per second`
          : "service CPU: not measurable here (no /proc)";

      const byStatus = await sql<{ type: string; status: string; n: number; retried: number }[]>`
        select type, status, count(*)::int as n, count(*) filter (where attempts <> 1)::int as retried
        from processor_events group by type, status order by type, status`;
      const count = (type: string, status: string) =>
        byStatus.find((row) => row.type === type && row.status === status)?.n ?? 0;
      const [{ stored, storedDistinct }] = await sql<{ stored: number; storedDistinct: number }[]>`
        select count(*)::int as stored, count(distinct processor_event_id)::int as "storedDistinct" from processor_events`;
      const [{ unknown }] = await sql<{ unknown: number }[]>`
        select count(*)::int as unknown from processor_events where not (processor_event_id = any(${[...distinct.keys()]}))`;
      const retried = byStatus.reduce((sum, row) => sum + row.retried, 0);
      const [{ invoices, invoiceIds }] = await sql<{ invoices: number; invoiceIds: number }[]>`
        select count(*)::int as invoices, count(distinct processor_invoice_id)::int as "invoiceIds" from transactions where kind = 'INVOICE'`;
      const [{ moves, movedPolicies, active, renders }] = await sql<
        { moves: number; movedPolicies: number; active: number; renders: number }[]
      >`
        select
          (select count(*)::int from policy_status_history where from_status = 'PENDING_PAYMENT' and to_status = 'ACTIVE') as moves,
          (select count(distinct policy_id)::int from policy_status_history where from_status = 'PENDING_PAYMENT' and to_status = 'ACTIVE') as "movedPolicies",
          (select count(*)::int from policies where status = 'ACTIVE') as active,
          (select count(*)::int from policy_documents) as renders`;
      const policiesActive = ACTIVE_POLICIES + activated;

      const processedPaid = count("invoice.paid", "PROCESSED");
      const ignoredOther = count("customer.created", "IGNORED");
      const leftOver = byStatus
        .filter((row) => row.status === "RECEIVED" || row.status === "FAILED")
        .reduce((sum, row) => sum + row.n, 0);
      const checks = [
        {
          label: `every distinct event stored once (${distinct.size} sent, ${stored} stored, ${storedDistinct} distinct, ${unknown} unknown)`,
          pass: stored === distinct.size && storedDistinct === stored && unknown === 0,
        },
        { label: `no event left RECEIVED or FAILED (${leftOver})`, pass: leftOver === 0 },
        {
          label: `every invoice.paid PROCESSED (${processedPaid} of ${paidIds.length})`,
          pass: processedPaid === paidIds.length,
        },
        {
          label: `every unhandled type IGNORED (${ignoredOther} of ${ignoredIds.length})`,
          pass: ignoredOther === ignoredIds.length,
        },
        {
          label: `each event processed by one attempt, replays not again (${retried} with attempts <> 1)`,
          pass: retried === 0,
        },
        {
          label: `one INVOICE transaction per paid invoice (${invoices} rows, ${invoiceIds} invoices, ${paidIds.length} events)`,
          pass: invoices === paidIds.length && invoiceIds === invoices,
        },
        {
          label: `one PENDING_PAYMENT -> ACTIVE history row per activated policy (${moves} rows, ${movedPolicies} policies, ${active} ACTIVE, expected ${policiesActive})`,
          pass: moves === policiesActive && movedPolicies === policiesActive && active === policiesActive,
        },
        {
          label: `acknowledged per second >= ${TARGET_ACKS_PER_SECOND} (${result.requestsPerSecond.toFixed(0)})`,
          pass: result.requestsPerSecond >= TARGET_ACKS_PER_SECOND,
        },
      ];
      // A lost or doubled event is a wrong answer: count it as an error, so the run exits non-zero.
      const wrong = checks.slice(0, -1).filter((check) => !check.pass).length;
      if (wrong > 0) {
        result.errors += wrong;
        result.errorSamples.push(`${wrong} processing check(s) failed: ${JSON.stringify(byStatus)}`);
      }
      return {
        title: `POST /api/v1/payments/webhook, signed invoice.paid renewals (1 in ${FIRST_PAYMENT_EVERY} a first payment, 1 in ${IGNORED_EVERY} unhandled, 1 in ${REPLAY_EVERY} a replay), ${concurrency} keep-alive connections, PostgreSQL server`,
        measurements: [{ label: "service (npm start), acks/s", result }],
        notes: [
          `deliveries: ${deliveries} (warm-up ${warmup.latencies.length}, measured ${measured.latencies.length}); acknowledged ${warmup.acknowledged + measured.acknowledged}; distinct events ${distinct.size}, replays ${replays}`,
          `stored: ${byStatus.map((row) => `${row.type} ${row.status} ${row.n}`).join(", ")}`,
          `first payments: ${activated} policies activated, certificates kept ${renders} (${ACTIVE_POLICIES} seeded)`,
          `background processing finished ${drainSeconds.toFixed(1)} s after the load ended (${pending} still RECEIVED)`,
          cpuNote,
        ],
        checks,
      };
    } finally {
      await sql.end();
    }
  },
};
