// npm run soak [-- --duration 300 --warmup 90 --rate 30]: a load and soak run (issue 8 point 5) against the built
// service (`npm start`, the production server; `npm run build` first) on a fresh PostgreSQL database. Requests
// arrive in an OPEN loop at a fixed rate (each starts at its scheduled time whatever the earlier ones are doing;
// a start more than LATE_START_MS behind is counted late), in a weighted mix: quotes (most), issues, manual
// payments, card payment intents (Stripe is a local fake, test/fakes/stripe.ts), signed Stripe webhooks
// (renewal and first-payment invoice.paid, payment_intent.succeeded for the intents made, and re-deliveries of
// event ids already sent), public lead captures (from many client addresses: the service trusts one proxy hop)
// and assistant chats (local embedding and extractive answer, on the quality set's policy wording).
// Settings: --duration / SOAK_DURATION_S (300, measured after the warm-up), --warmup / SOAK_WARMUP_S (90: the
// first full garbage collection comes after 80 - 90 s, and until then RSS only climbs),
// --rate / SOAK_RATE (requests per second in all), BENCH_POSTGRES_URL and BENCH_NODE_FLAGS as for `npm run bench`.
// Unlike `npm run bench`, whose targets are figures, these checks are correctness: any FAIL exits 1.
//   - no 5xx, no network error, no answer other than the one the request expects (the workload is valid);
//   - every webhook event id stored once and PROCESSED by exactly one attempt (after the background drains),
//     one INVOICE transaction per paid invoice, every intent's transaction PAID, no policy activated twice;
//   - the server's RSS grows under 10%: the mean of the last minute against the first minute after the warm-up.
// Beside RSS, which swings by 100 - 200 MB with the garbage collector, it prints the V8 heap left after each full
// collection (the service runs with --trace-gc): a leak shows there as a rising floor.
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import http from "node:http";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import postgres from "postgres";
import type Stripe from "stripe";
import { loadQualitySet } from "@/lib/knowledge/quality/evaluate";
import { stripeEvent, signStripePayload } from "@/test/fakes/stripe-events";
import { startFakeStripe } from "@/test/fakes/stripe";
import { stripeInvoice } from "@/test/fakes/stripe-objects";
import { callApi, logIn } from "./lib/api";
import { Cleanup } from "./lib/cleanup";
import { cpuSecondsOf } from "./lib/cpu";
import { sendRequest, type LoopCall } from "./lib/load";
import { meanRss, rssBytesOf, sampleMemory } from "./lib/memory";
import type { BenchSettings } from "./lib/scenario";
import { BENCH_ADMIN, BENCH_SELLER, createBenchSeller, createBenchVersion, startBenchService } from "./lib/seed";
import { summarizeLatencies } from "./lib/stats";

const root = path.resolve(import.meta.dirname, "..");
const WEBHOOK_SECRET = "whsec_bench_soak";
/** A 2-core machine shared with other work keeps up with this comfortably: the service used 0.17 - 0.20 of a core at load average 13 - 17. */
const DEFAULT_RATE = 30;
const LATE_START_MS = 20;
const MAX_MEMORY_GROWTH = 0.1;
/** A --trace-gc line ("[pid:0x...]   1234 ms: Scavenge ...") and, in a full collection's, the heap used after it in MB. */
const GC_TRACE_LINE = /^\[\d+:0x[0-9a-f]+\]\s+[\d.]+ ms: /;
const FULL_GC_HEAP_AFTER = /Mark-Compact.*?-> ([\d.]+) \(/;
/** How long the webhooks' background processing may take after the load before the run is called failed. */
const DRAIN_TIMEOUT_MS = 180_000;
/** Access tokens live 15 minutes: sign in again well before. */
const RELOGIN_EVERY_MS = 10 * 60_000;
/** Seeded before the load: ACTIVE policies the renewals go to, PENDING_PAYMENT ones for the first payments. */
const SEED_ACTIVE = 20;
const SEED_PENDING = 40;
const CLIENTS = 10;
/** One webhook in REDELIVER_EVERY re-sends an event id already sent (re-signed, as Stripe re-sends). */
const REDELIVER_EVERY = 8;
/** Client addresses the lead captures come from, round robin: far below the 30 per minute each may send. */
const LEAD_ADDRESSES = 4096;

/** The mix, by weight: what share of the arrivals each kind of request is. */
const MIX = [
  { kind: "quote", weight: 45 },
  { kind: "issue", weight: 12 },
  { kind: "manualPayment", weight: 4 },
  { kind: "intent", weight: 4 },
  { kind: "webhook", weight: 20 },
  { kind: "lead", weight: 10 },
  { kind: "chat", weight: 5 },
] as const;
type Kind = (typeof MIX)[number]["kind"];

type Options = { durationMs: number; warmupMs: number; rate: number };

function readOptions(): Options {
  const { values } = parseArgs({
    options: { duration: { type: "string" }, warmup: { type: "string" }, rate: { type: "string" } },
  });
  const number = (flag: string | undefined, name: string, fallback: number, allowZero = false) => {
    const value = Number(flag ?? process.env[name] ?? fallback);
    if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0))
      throw new Error(`${name} (or its flag) must be a positive number`);
    return value;
  };
  return {
    durationMs: number(values.duration, "SOAK_DURATION_S", 300) * 1000,
    warmupMs: number(values.warmup, "SOAK_WARMUP_S", 90, true) * 1000,
    rate: number(values.rate, "SOAK_RATE", DEFAULT_RATE),
  };
}

/** What one endpoint saw: answers by status class, latencies of the measured period, a few unexpected answers. */
type EndpointStats = {
  latencies: number[];
  count: number;
  ok: number;
  clientErrors: number;
  serverErrors: number;
  networkErrors: number;
  unexpected: string[];
};

/** A webhook delivery: the event id and its exact payload; every send signs it anew (Stripe's tolerance is 300 s). */
type Delivery = { id: string; kind: "renewal" | "first" | "intent"; payload: string; intentId?: string };

/** The seeded world the requests act on, and what the run made of it. */
class World {
  readonly pendingPolicies: { id: string; price: string }[] = [];
  /** Seeded PENDING_PAYMENT policies with a subscription, for their first invoice.paid. */
  readonly subscribedPending: string[] = [];
  /** Seeded ACTIVE policies with a subscription, for the renewals. */
  readonly subscribedActive: string[] = [];
  /** Each seeded policy's subscription at the processor: only its own subscription's invoices count (trust.md section 6). */
  readonly subscriptionOf = new Map<string, string>();
  readonly intents: { policyId: string; intentId: string }[] = [];
  readonly sent: Delivery[] = [];
  readonly phones: string[] = [];
  leads = 0;
  events = 0;
  /** One creation time for every event: with equal times none is older than the newest applied, so none is IGNORED as late. */
  readonly created = Math.floor(Date.now() / 1000);

  /** `intentOf` finds an intent the (fake) processor made, to send its payment_intent.succeeded. */
  constructor(private readonly intentOf: (id: string) => Stripe.PaymentIntent | undefined) {}

  takePending() {
    return this.pendingPolicies.shift();
  }

  /** The next webhook: a re-delivery, a payment of an intent, a first payment of a PENDING_PAYMENT policy, or a renewal. */
  nextDelivery(): Delivery {
    const index = this.events++;
    if (index % REDELIVER_EVERY === REDELIVER_EVERY - 1 && this.sent.length > 0)
      return this.sent[Math.floor(Math.random() * this.sent.length)];
    const id = `evt_soak_${index.toString(36).padStart(8, "0")}`;
    const intent = this.intents.shift();
    let event: Stripe.Event;
    let kind: Delivery["kind"];
    if (intent) {
      kind = "intent";
      const made = this.intentOf(intent.intentId);
      if (!made) throw new Error(`the fake processor has no payment intent ${intent.intentId}`);
      const succeeded: Stripe.PaymentIntent = { ...made, status: "succeeded", amount_received: made.amount };
      event = stripeEvent("payment_intent.succeeded", succeeded, { id, created: this.created });
    } else {
      const pending = index % 10 === 3 ? this.subscribedPending.shift() : undefined;
      kind = pending ? "first" : "renewal";
      const policyId = pending ?? this.subscribedActive[index % this.subscribedActive.length];
      const invoice = stripeInvoice({
        id: `in_soak_${index.toString(36)}`,
        status: "paid",
        amount: 2500,
        subscription: this.subscriptionOf.get(policyId)!,
        subscriptionMetadata: { policy_id: policyId },
        billingReason: pending ? "subscription_create" : "subscription_cycle",
      });
      event = stripeEvent("invoice.paid", invoice, { id, created: this.created });
    }
    const delivery: Delivery = { id, kind, payload: JSON.stringify(event), intentId: intent?.intentId };
    this.sent.push(delivery);
    return delivery;
  }
}

function pickKind(): Kind {
  const total = MIX.reduce((sum, entry) => sum + entry.weight, 0);
  let draw = Math.random() * total;
  for (const entry of MIX) {
    draw -= entry.weight;
    if (draw < 0) return entry.kind;
  }
  return "quote";
}

async function main(): Promise<number> {
  if (!existsSync(path.join(root, ".next", "BUILD_ID")) || !existsSync(path.join(root, ".next", "custom-server.js"))) {
    console.error(
      "[soak] no build found (.next/BUILD_ID or .next/custom-server.js is missing): run `npm run build` first, then `npm run soak`.",
    );
    return 1;
  }
  const options = readOptions();
  const log = (line: string) => console.log(`[soak] ${line}`);
  const cleanup = new Cleanup();
  cleanup.onSignals();
  try {
    return await soak(options, cleanup, log);
  } finally {
    await cleanup.runAll();
  }
}

async function soak(
  { durationMs, warmupMs, rate }: Options,
  cleanup: Cleanup,
  log: (line: string) => void,
): Promise<number> {
  const loadBefore = loadavg()[0];
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const stripe = await startFakeStripe();
  cleanup.add("stop the fake Stripe", () => stripe.close());
  const settings: BenchSettings = {
    root,
    concurrency: 0,
    warmupMs,
    durationMs,
    slices: 1,
    // --trace-gc prints a line per collection; a full one (Mark-Compact) says how much heap survived it.
    serviceNodeFlags: [...(process.env.BENCH_NODE_FLAGS ?? "").split(" ").filter(Boolean), "--trace-gc"],
  };
  const {
    service,
    databaseUrl,
    adminToken: firstAdminToken,
  } = await startBenchService(settings, cleanup, log, {
    database: "bench_soak",
    // One trusted proxy hop: the lead captures' X-Forwarded-For then names their client addresses.
    env: {
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_SECRET_KEY: "sk_test_soak",
      STRIPE_API_BASE: stripe.url,
      TRUSTED_PROXY_HOPS: "1",
    },
  });
  const base = service.baseUrl;
  // The service's output: the heap left after each full collection, timed from the load's start, and the
  // last lines other than the collector's, to show when a check fails.
  const heapAfterFullGc: { atMs: number; heapMb: number }[] = [];
  const serviceLines: string[] = [];
  let partialLine = "";
  let loadStartedAt: number | null = null;
  let collections = 0;
  service.onOutput((text) => {
    const lines = (partialLine + text).split("\n");
    partialLine = lines.pop() ?? "";
    for (const line of lines) {
      if (!GC_TRACE_LINE.test(line)) {
        if (line.trim() === "") continue;
        serviceLines.push(line);
        if (serviceLines.length > 40) serviceLines.shift();
        continue;
      }
      collections++;
      const full = FULL_GC_HEAP_AFTER.exec(line);
      if (full && loadStartedAt !== null)
        heapAfterFullGc.push({ atMs: performance.now() - loadStartedAt, heapMb: Number(full[1]) });
    }
  });
  const tokens = { admin: firstAdminToken, seller: await createBenchSeller(base, firstAdminToken) };

  // Seed through the API: a version sold in MX, clients, the knowledge the chats ask about, and policies.
  const versionId = await createBenchVersion(base, tokens.admin, {
    productName: "Soak repatriation cover",
    countries: [{ country_code: "MX", is_available: true }],
  });
  const clientIds: string[] = [];
  for (let index = 0; index < CLIENTS; index++) {
    const client = await callApi<{ id: string }>(
      base,
      "POST",
      "/api/v1/emission/clients",
      {
        first_name: "Ana",
        last_name: `Soak ${index}`,
        email: `soak-client-${index}@example.test`,
        birth_date: "1980-05-17",
        nationality: "MX",
        country_of_residence: "MX",
      },
      tokens.seller,
    );
    clientIds.push(client.id);
  }
  const { wording, questions } = loadQualitySet();
  // An administrator names the company of a document (trust.md section 5): the bench seller's, its own.
  const { company_id: companyId } = await callApi<{ company_id: string }>(
    base,
    "GET",
    "/api/v1/auth/me",
    undefined,
    tokens.admin,
  );
  await callApi(
    base,
    "POST",
    "/api/v1/ai/knowledge",
    { title: "Policy wording", content: wording, company_id: companyId },
    tokens.admin,
  );
  // The chats come from API keys of the company, taken in turn: one asker may ask 20 questions a minute
  // (trust.md section 5), and each key gets at most 15 a minute of the chats the rate asks for.
  const chatShare =
    (MIX.find((entry) => entry.kind === "chat")?.weight ?? 0) / MIX.reduce((sum, entry) => sum + entry.weight, 0);
  const chatKeys: string[] = [];
  for (let index = 0; index < Math.ceil((rate * 60 * chatShare) / 15) + 1; index++) {
    const created = await callApi<{ key: string }>(
      base,
      "POST",
      "/api/v1/auth/api-keys",
      { name: `soak chat ${index + 1}`, permissions: ["chat:use", "knowledge:read"], company_id: companyId },
      tokens.admin,
    );
    chatKeys.push(created.key);
  }
  let chats = 0;
  const startDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const issueBody = (index: number) =>
    JSON.stringify({
      client_id: clientIds[index % clientIds.length],
      plan_version_id: versionId,
      start_date: startDate,
      beneficiaries: [{ first_name: "Ana", last_name: "Soak", kinship_type: "SELF", date_of_birth: "1980-05-17" }],
    });
  const world = new World((id) => stripe.paymentIntents.get(id));
  for (let index = 0; index < SEED_ACTIVE + SEED_PENDING; index++) {
    const policy = await callApi<{ id: string; final_price: string }>(
      base,
      "POST",
      "/api/v1/emission/issue",
      JSON.parse(issueBody(index)),
      tokens.seller,
    );
    const subscribed = await callApi<{ processor_subscription_id: string }>(
      base,
      "POST",
      "/api/v1/payments/subscription",
      { policy_id: policy.id, processor_payment_method_id: "pm_card_visa" },
      tokens.seller,
    );
    world.subscriptionOf.set(policy.id, subscribed.processor_subscription_id);
    if (index < SEED_ACTIVE) {
      await callApi(
        base,
        "POST",
        "/api/v1/payments/manual",
        { policy_id: policy.id, amount: policy.final_price, reference: "soak seed" },
        tokens.admin,
      );
      world.subscribedActive.push(policy.id);
    } else {
      world.subscribedPending.push(policy.id);
    }
  }
  const quoteBody = JSON.stringify({ plan_version_id: versionId, age: 45, country_code: "MX", quantity: 1 });
  const chatSessions = Array.from({ length: 8 }, () => randomUUID());
  log(
    `seeded: ${CLIENTS} clients, ${SEED_ACTIVE} ACTIVE and ${SEED_PENDING} PENDING_PAYMENT policies, the policy wording (${questions.length} questions to ask)`,
  );

  // Access tokens expire after 15 minutes; a long soak signs in again.
  const relogin = setInterval(() => {
    void (async () => {
      tokens.admin = await logIn(base, BENCH_ADMIN.email, BENCH_ADMIN.password);
      tokens.seller = await logIn(base, BENCH_SELLER.email, BENCH_SELLER.password);
    })().catch((error) => log(`signing in again failed: ${error instanceof Error ? error.message : error}`));
  }, RELOGIN_EVERY_MS);
  cleanup.add("stop signing in again", () => clearInterval(relogin));

  // Each kind of request: its endpoint, what it sends, the status it expects and what it does with the answer.
  const json = (token: string) => ({ "content-type": "application/json", authorization: `Bearer ${token}` });
  type Request = {
    endpoint: string;
    method: "POST";
    path: string;
    call: LoopCall;
    expect: number[];
    then?: (text: string) => void;
  };
  let issued = 0;
  const build = (kind: Kind): Request => {
    switch (kind) {
      case "issue":
        return {
          endpoint: "POST /emission/issue",
          method: "POST",
          path: "/api/v1/emission/issue",
          call: { body: Buffer.from(issueBody(issued++)), headers: json(tokens.seller) },
          expect: [201],
          then: (text) => {
            const policy = JSON.parse(text) as { id: string; final_price: string };
            world.pendingPolicies.push({ id: policy.id, price: policy.final_price });
          },
        };
      case "manualPayment":
      case "intent": {
        const policy = world.takePending();
        if (!policy) return build("issue");
        if (kind === "manualPayment") {
          return {
            endpoint: "POST /payments/manual",
            method: "POST",
            path: "/api/v1/payments/manual",
            call: {
              body: Buffer.from(JSON.stringify({ policy_id: policy.id, amount: policy.price, reference: "soak" })),
              headers: json(tokens.admin),
            },
            expect: [201],
          };
        }
        return {
          endpoint: "POST /payments/intent",
          method: "POST",
          path: "/api/v1/payments/intent",
          call: { body: Buffer.from(JSON.stringify({ policy_id: policy.id })), headers: json(tokens.seller) },
          expect: [201],
          then: (text) =>
            world.intents.push({
              policyId: policy.id,
              intentId: (JSON.parse(text) as { processor_payment_intent_id: string }).processor_payment_intent_id,
            }),
        };
      }
      case "webhook": {
        const delivery = world.nextDelivery();
        return {
          endpoint: "POST /payments/webhook",
          method: "POST",
          path: "/api/v1/payments/webhook",
          call: {
            body: Buffer.from(delivery.payload),
            headers: {
              "content-type": "application/json",
              "stripe-signature": signStripePayload(delivery.payload, WEBHOOK_SECRET),
            },
          },
          expect: [200],
        };
      }
      case "lead": {
        const index = world.leads++;
        // One capture in five is a phone seen before (200, the same lead); the rest are new (201).
        const isRepeat = index % 5 === 4 && world.phones.length > 0;
        const phone = isRepeat
          ? world.phones[Math.floor(Math.random() * world.phones.length)]
          : `+5255${String(10_000_000 + index).padStart(8, "0")}`;
        if (!isRepeat) world.phones.push(phone);
        const address = index % LEAD_ADDRESSES;
        return {
          endpoint: "POST /leads",
          method: "POST",
          path: "/api/v1/leads/",
          call: {
            body: Buffer.from(
              JSON.stringify({ phone_e164: phone, first_name: "Lead", source_channel: "web", utm_source: "soak" }),
            ),
            headers: { "content-type": "application/json", "x-forwarded-for": `10.0.${address >> 8}.${address & 255}` },
          },
          expect: [200, 201],
        };
      }
      case "chat":
        return {
          endpoint: "POST /ai/chat",
          method: "POST",
          path: "/api/v1/ai/chat",
          call: {
            body: Buffer.from(
              JSON.stringify({
                message: questions[Math.floor(Math.random() * questions.length)].question,
                session_id: chatSessions[Math.floor(Math.random() * chatSessions.length)],
              }),
            ),
            headers: { "content-type": "application/json", "x-api-key": chatKeys[chats++ % chatKeys.length] },
          },
          expect: [200],
        };
      default:
        return {
          endpoint: "POST /plans/calculate-price",
          method: "POST",
          path: "/api/v1/plans/calculate-price",
          call: { body: Buffer.from(quoteBody), headers: json(tokens.seller) },
          expect: [200],
        };
    }
  };

  const stats = new Map<string, EndpointStats>();
  const statsOf = (endpoint: string) => {
    let entry = stats.get(endpoint);
    if (!entry)
      stats.set(
        endpoint,
        (entry = {
          latencies: [],
          count: 0,
          ok: 0,
          clientErrors: 0,
          serverErrors: 0,
          networkErrors: 0,
          unexpected: [],
        }),
      );
    return entry;
  };
  // `timeout` lets the agent honour the server's Keep-Alive hint (Node applies the hint only under a timeout of
  // its own): an idle connection is dropped before the server closes it, not reused as it closes (ECONNRESET).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64, timeout: 60_000 });
  cleanup.add("close the load's connections", () => agent.destroy());
  const inFlight = new Set<Promise<void>>();
  let late = 0;
  let arrivals = 0;
  let maxInFlight = 0;

  log(
    `rate ${rate} requests/s (open loop), warm-up ${warmupMs / 1000} s, then ${durationMs / 1000} s measured; mix ${MIX.map((entry) => `${entry.kind} ${entry.weight}`).join(", ")}`,
  );
  const memory = sampleMemory(service.pid);
  const cpuBefore = cpuSecondsOf(service.pid);
  const started = performance.now();
  loadStartedAt = started;
  const end = started + warmupMs + durationMs;
  const interval = 1000 / rate;
  let nextProgress = started + 30_000;
  for (let index = 0; ; index++) {
    const due = started + index * interval;
    if (due >= end) break;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const startedAt = performance.now();
    if (startedAt - due > LATE_START_MS) late++;
    arrivals++;
    const request = build(pickKind());
    const measured = due >= started + warmupMs;
    const entry = statsOf(request.endpoint);
    const pending = sendRequest(agent, new URL(base + request.path), request.method, request.call).then((answer) => {
      entry.count++;
      if ("error" in answer) {
        entry.networkErrors++;
        if (entry.unexpected.length < 3) entry.unexpected.push(`network error: ${answer.error.message}`);
        return;
      }
      // Latency from the scheduled start, so a late start counts against the answer (no coordinated omission).
      if (measured) entry.latencies.push(answer.ms + (startedAt - due));
      if (answer.status >= 500) entry.serverErrors++;
      else if (answer.status >= 400) entry.clientErrors++;
      let problem = request.expect.includes(answer.status) ? null : `${answer.status} ${answer.text.slice(0, 200)}`;
      if (!problem) {
        try {
          request.then?.(answer.text);
        } catch (error) {
          problem = `${answer.status} answer not understood (${error instanceof Error ? error.message : error}): ${answer.text.slice(0, 200)}`;
        }
      }
      if (!problem) entry.ok++;
      else if (entry.unexpected.length < 3) entry.unexpected.push(problem);
    });
    inFlight.add(pending);
    maxInFlight = Math.max(maxInFlight, inFlight.size);
    void pending.finally(() => inFlight.delete(pending));
    if (startedAt >= nextProgress) {
      nextProgress += 30_000;
      log(
        `${((startedAt - started) / 1000).toFixed(0)} s: ${arrivals} sent, ${inFlight.size} in flight, ${late} late starts, service RSS ${mb(rssBytesOf(service.pid) ?? Number.NaN)}, load average ${loadavg()[0].toFixed(1)}`,
      );
    }
  }
  const loadEnded = performance.now();
  const samples = memory.stop();
  const cpuAfter = cpuSecondsOf(service.pid);
  await Promise.all(inFlight);
  const loadAverage = loadavg()[0];
  log(
    `load done: ${arrivals} requests in ${((loadEnded - started) / 1000).toFixed(0)} s, ${late} started more than ${LATE_START_MS} ms late, at most ${maxInFlight} in flight; waiting for the webhooks' background processing`,
  );

  // Webhooks: wait until nothing is left RECEIVED, then compare the database with what was sent.
  const distinct = new Map(world.sent.map((delivery) => [delivery.id, delivery]));
  const webhookStats = stats.get("POST /payments/webhook");
  const deliveries = webhookStats?.count ?? 0;
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  cleanup.add("close the check's connection", () => sql.end());
  const drainDeadline = Date.now() + DRAIN_TIMEOUT_MS;
  let waiting = Number.POSITIVE_INFINITY;
  while (Date.now() < drainDeadline) {
    [{ waiting }] = await sql<
      { waiting: number }[]
    >`select count(*)::int as waiting from processor_events where status = 'RECEIVED'`;
    if (waiting === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const drainSeconds = (performance.now() - loadEnded) / 1000;
  const byStatus = await sql<{ status: string; n: number; notOnce: number }[]>`
    select status, count(*)::int as n, count(*) filter (where attempts <> 1)::int as "notOnce" from processor_events group by status order by status`;
  const [{ stored, storedDistinct, unknown }] = await sql<
    { stored: number; storedDistinct: number; unknown: number }[]
  >`
    select count(*)::int as stored, count(distinct processor_event_id)::int as "storedDistinct",
      count(*) filter (where not (processor_event_id = any(${[...distinct.keys()]})))::int as unknown
    from processor_events`;
  const [{ invoices, invoiceIds, intentsPaid, doubleActivations }] = await sql<
    { invoices: number; invoiceIds: number; intentsPaid: number; doubleActivations: number }[]
  >`
    select
      (select count(*)::int from transactions where kind = 'INVOICE') as invoices,
      (select count(distinct processor_invoice_id)::int from transactions where kind = 'INVOICE') as "invoiceIds",
      (select count(*)::int from transactions where kind = 'INTENT' and status = 'PAID' and processor_payment_intent_id = any(${[...distinct.values()].flatMap((delivery) => delivery.intentId ?? [])})) as "intentsPaid",
      (select count(*)::int from (select policy_id from policy_status_history where from_status = 'PENDING_PAYMENT' and to_status = 'ACTIVE' group by policy_id having count(*) > 1) twice) as "doubleActivations"`;
  const statusCount = (status: string) => byStatus.find((row) => row.status === status)?.n ?? 0;
  const notOnce = byStatus.reduce((sum, row) => sum + row.notOnce, 0);
  const paidInvoices = [...distinct.values()].filter((delivery) => delivery.kind !== "intent").length;
  const intentEvents = distinct.size - paidInvoices;

  // Memory: the first minute after the warm-up against the last minute (shorter windows for a short run).
  const window = Math.min(60_000, durationMs / 3);
  const firstMinute = meanRss(samples, warmupMs, warmupMs + window);
  const lastMinute = meanRss(samples, warmupMs + durationMs - window, warmupMs + durationMs);
  const growth = (lastMinute - firstMinute) / firstMinute;

  // The report.
  const row = (cells: string[]) =>
    `  ${cells[0].padEnd(30)}${cells
      .slice(1)
      .map((cell) => cell.padStart(9))
      .join("")}`;
  const ms = (value: number) => (Number.isNaN(value) ? "-" : `${value.toFixed(1)}`);
  console.log(
    `\nsoak: ${rate} requests/s open loop for ${durationMs / 1000} s after ${warmupMs / 1000} s of warm-up, built service on PostgreSQL`,
  );
  console.log(
    row(["endpoint (latencies in ms)", "count", "req/s", "p50", "p95", "p99", "max", "2xx", "4xx", "5xx", "net err"]),
  );
  const totals = { serverErrors: 0, networkErrors: 0, unexpected: 0 };
  for (const [endpoint, entry] of [...stats.entries()].sort((a, b) => b[1].count - a[1].count)) {
    const summary = summarizeLatencies(entry.latencies);
    console.log(
      row([
        endpoint,
        String(entry.count),
        (entry.latencies.length / (durationMs / 1000)).toFixed(1),
        ms(summary.p50),
        ms(summary.p95),
        ms(summary.p99),
        ms(summary.max),
        String(entry.count - entry.clientErrors - entry.serverErrors - entry.networkErrors),
        String(entry.clientErrors),
        String(entry.serverErrors),
        String(entry.networkErrors),
      ]),
    );
    for (const sample of entry.unexpected) console.log(`    unexpected: ${sample}`);
    totals.serverErrors += entry.serverErrors;
    totals.networkErrors += entry.networkErrors;
    totals.unexpected += entry.count - entry.ok;
  }
  const cpuNote =
    cpuBefore !== null && cpuAfter !== null
      ? `${(cpuAfter - cpuBefore).toFixed(1)} s (${((cpuAfter - cpuBefore) / ((loadEnded - started) / 1000)).toFixed(2)} of a core)`
      : "not measurable here";
  console.log(
    `  arrivals ${arrivals}, started late (> ${LATE_START_MS} ms) ${late}, at most ${maxInFlight} in flight; service CPU during the load ${cpuNote}`,
  );
  console.log(
    `  webhooks: ${deliveries} deliveries, ${distinct.size} distinct events (${deliveries - distinct.size} re-deliveries): ${paidInvoices} invoice.paid, ${intentEvents} payment_intent.succeeded; ` +
      `stored ${byStatus.map((entry) => `${entry.status} ${entry.n}`).join(", ")}; drained ${drainSeconds.toFixed(1)} s after the load`,
  );
  // RSS rises and falls with the garbage collector by tens of MB within a minute: the lowest sample of each
  // window (about what survives a collection) is printed beside the means as a second view.
  // Full collections come every minute or two at this rate: the heap each leaves after the warm-up, first to last.
  const fullAfterWarmup = heapAfterFullGc.filter((entry) => entry.atMs >= warmupMs);
  const lowest = (fromMs: number, toMs: number) =>
    Math.min(
      ...samples.filter((sample) => sample.atMs >= fromMs && sample.atMs < toMs).map((sample) => sample.rssBytes),
    );
  console.log(
    `  server RSS (mean of 1 s samples): first ${window / 1000} s after the warm-up ${mb(firstMinute)}, last ${window / 1000} s ${mb(lastMinute)} (${(growth * 100).toFixed(1)}%); ` +
      `lowest ${mb(lowest(warmupMs, warmupMs + window))} and ${mb(lowest(warmupMs + durationMs - window, warmupMs + durationMs))}; highest ${mb(Math.max(...samples.map((sample) => sample.rssBytes)))}`,
  );
  console.log(
    `  V8 heap used after each full collection (--trace-gc; ${collections} collections in all): ` +
      (fullAfterWarmup.length === 0
        ? "no full collection after the warm-up"
        : `${fullAfterWarmup.map((entry) => `${(entry.atMs / 1000).toFixed(0)} s ${entry.heapMb.toFixed(1)} MB`).join(", ")}` +
          (fullAfterWarmup.length > 1
            ? ` (last against first: ${((100 * (fullAfterWarmup.at(-1)!.heapMb - fullAfterWarmup[0].heapMb)) / fullAfterWarmup[0].heapMb).toFixed(1)}%)`
            : "")),
  );
  const checks = [
    { label: `no 5xx answers (${totals.serverErrors})`, pass: totals.serverErrors === 0 },
    { label: `no network errors (${totals.networkErrors})`, pass: totals.networkErrors === 0 },
    { label: `every answer the one expected (${totals.unexpected} others)`, pass: totals.unexpected === 0 },
    {
      label: `every webhook event id stored once (${distinct.size} sent, ${stored} stored, ${storedDistinct} distinct, ${unknown} unknown)`,
      pass: stored === distinct.size && storedDistinct === stored && unknown === 0,
    },
    {
      label: `every event PROCESSED (${statusCount("PROCESSED")} of ${distinct.size}; ${waiting} left RECEIVED)`,
      pass: statusCount("PROCESSED") === distinct.size,
    },
    {
      label: `each event processed by exactly one attempt, re-deliveries not again (${notOnce} with attempts <> 1)`,
      pass: notOnce === 0,
    },
    {
      label: `one INVOICE transaction per paid invoice (${invoices} rows, ${invoiceIds} invoices, ${paidInvoices} events)`,
      pass: invoices === paidInvoices && invoiceIds === invoices,
    },
    {
      label: `every paid intent's transaction PAID (${intentsPaid} of ${intentEvents})`,
      pass: intentsPaid === intentEvents,
    },
    { label: `no policy activated twice (${doubleActivations})`, pass: doubleActivations === 0 },
    {
      label: `server RSS growth under ${MAX_MEMORY_GROWTH * 100}% after the warm-up (${(growth * 100).toFixed(1)}%)`,
      pass: growth < MAX_MEMORY_GROWTH,
    },
  ];
  for (const check of checks) console.log(`  ${check.pass ? "PASS" : "FAIL"}  ${check.label}`);
  if (checks.some((check) => !check.pass))
    console.log(`\nthe service's last output (garbage collections left out):\n${serviceLines.join("\n")}`);
  console.log(
    `\nmachine: ${availableParallelism()} CPU cores, Node ${process.version}; 1-minute load average ${loadBefore.toFixed(1)} before, ${loadAverage.toFixed(1)} at the end of the load`,
  );
  return checks.every((check) => check.pass) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
