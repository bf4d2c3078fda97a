// issue-policy: the built service (`npm start`, the production server) on the PostgreSQL server issuing
// policies of three beneficiaries (POST /api/v1/emission/issue) from 16 keep-alive connections at once.
// Every answer must be 201, and no policy number may repeat: neither among the answers nor in the
// database afterwards (count(*) = count(distinct policy_number)), since concurrent issues take turns on
// the year's counter row.
import http from "node:http";
import postgres from "postgres";
import { callApi, logIn } from "./lib/api";
import { createFreshDatabase } from "./lib/database";
import type { LoadResult } from "./lib/load";
import { freePort, startService } from "./lib/processes";
import type { Scenario } from "./lib/scenario";
import { summarizeLatencies } from "./lib/stats";

/** Issue 4 point 11: sixteen callers at once. */
const CONCURRENCY = 16;
const POOL_SIZE = "10";

const ADMIN = { email: "bench-admin@example.test", password: "bench-admin-password-2026" };
const SELLER = { email: "bench-seller@example.test", password: "bench-seller-password-2026" };

type ProductTree = { plans: { versions: { id: string }[] }[] };
type IssuedPolicy = { id: string; policy_number: string; final_price: string; beneficiaries: unknown[] };

/** A family of three as a seller enters it: the holder, a spouse in the surcharge band, a child abroad. */
const FAMILY = [
  { first_name: "Ana", last_name: "Pérez", kinship_type: "SELF", date_of_birth: "1980-05-17" },
  { first_name: "Luis", last_name: "Pérez", kinship_type: "SPOUSE", date_of_birth: "1962-09-02" },
  { first_name: "Sofía", last_name: "Pérez", kinship_type: "CHILD", date_of_birth: "2012-01-30", country_of_residence: "US" },
];

/** What one run of the load saw: each answer's latency, the numbers of the 201s, and what went wrong. */
type IssueSamples = { latencies: number[]; errors: number; errorSamples: string[]; numbers: string[]; seconds: number };

/**
 * A closed loop like bench/lib/load.ts, but counting 201 as success and keeping each answer's policy
 * number: `concurrency` callers, each on its own keep-alive connection and with its own client, send the
 * next issue as soon as the previous answer is read.
 */
async function issueLoad(baseUrl: string, token: string, bodies: string[], durationMs: number, into: IssueSamples): Promise<void> {
  const url = new URL(`${baseUrl}/api/v1/emission/issue`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: bodies.length, maxFreeSockets: bodies.length });
  const once = (body: Buffer) =>
    new Promise<void>((resolve) => {
      const fail = (error: Error) => {
        into.errors++;
        if (into.errorSamples.length < 3) into.errorSamples.push(`network error: ${error.message}`);
        resolve();
      };
      const sent = performance.now();
      const req = http.request(
        {
          hostname: url.hostname,
          port: url.port,
          path: url.pathname,
          method: "POST",
          agent,
          headers: { "content-type": "application/json", "content-length": body.byteLength, authorization: `Bearer ${token}` },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("error", fail);
          res.on("end", () => {
            into.latencies.push(performance.now() - sent);
            const text = Buffer.concat(chunks).toString("utf8");
            if (res.statusCode === 201) {
              into.numbers.push((JSON.parse(text) as IssuedPolicy).policy_number);
            } else {
              into.errors++;
              if (into.errorSamples.length < 3) into.errorSamples.push(`${res.statusCode} ${text.slice(0, 200)}`);
            }
            resolve();
          });
        },
      );
      req.on("error", fail);
      req.end(body);
    });
  const started = performance.now();
  const deadline = started + durationMs;
  try {
    await Promise.all(
      bodies.map(async (text) => {
        const body = Buffer.from(text);
        while (performance.now() < deadline) await once(body);
      }),
    );
  } finally {
    into.seconds += (performance.now() - started) / 1000;
    agent.destroy();
  }
}

function emptySamples(): IssueSamples {
  return { latencies: [], errors: 0, errorSamples: [], numbers: [], seconds: 0 };
}

export const issuePolicy: Scenario = {
  name: "issue-policy",
  async run(settings, cleanup, log) {
    const databaseUrl = await createFreshDatabase(cleanup, "bench_issue_policy");
    log(`database ${new URL(databaseUrl).pathname.slice(1)} created`);

    const service = await startService(
      cleanup,
      settings.root,
      await freePort(),
      {
        DATABASE_URL: databaseUrl,
        DATABASE_POOL_SIZE: POOL_SIZE,
        AUTH_SECRET: "bench-secret-of-at-least-thirty-two-characters",
        BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
        BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
      },
      settings.serviceNodeFlags,
    );
    log(`service ready at ${service.baseUrl} (pid ${service.pid})`);

    // Seed through the API: a version sold in MX and (at its own price) in the US with a surcharge from
    // 60, a seller, and one client per connection.
    const adminToken = await logIn(service.baseUrl, ADMIN.email, ADMIN.password);
    const product = await callApi<ProductTree>(
      service.baseUrl,
      "POST",
      "/api/v1/products/",
      {
        name: "Bench repatriation cover",
        plans: [
          {
            name: "Bench plan",
            versions: [
              {
                version_label: "bench",
                cost_price: "10.00",
                public_price: "25.00",
                currency: "USD",
                max_entry_age: 70,
                max_renewal_age: 80,
                wtime_suicide: 730,
                wtime_accident: 0,
                wtime_preexisting: 180,
                countries: [
                  { country_code: "MX", is_available: true },
                  { country_code: "US", is_available: true, price: "40.00" },
                ],
                age_surcharges: [{ min_age: 60, max_age: 70, percentage: "20" }],
              },
            ],
          },
        ],
      },
      adminToken,
    );
    const versionId = product.plans[0].versions[0].id;
    await callApi(service.baseUrl, "POST", "/api/v1/auth/users", { ...SELLER, full_name: "Bench Seller", roles: ["VENDEDOR"] }, adminToken);
    const sellerToken = await logIn(service.baseUrl, SELLER.email, SELLER.password);
    const startDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const bodies: string[] = [];
    for (let index = 0; index < CONCURRENCY; index++) {
      const client = await callApi<{ id: string }>(
        service.baseUrl,
        "POST",
        "/api/v1/emission/clients",
        { first_name: "Ana", last_name: `Pérez ${index}`, email: `bench-client-${index}@example.test`, birth_date: "1980-05-17", nationality: "MX", country_of_residence: "MX" },
        sellerToken,
      );
      bodies.push(JSON.stringify({ client_id: client.id, plan_version_id: versionId, start_date: startDate, beneficiaries: FAMILY }));
    }
    // 25.00 (MX, 40s) + 30.00 (MX, 60s: +20%) + 40.00 (US override) = 95.00.
    const probe = await callApi<IssuedPolicy>(service.baseUrl, "POST", "/api/v1/emission/issue", JSON.parse(bodies[0]), sellerToken);
    if (probe.final_price !== "95.00" || probe.beneficiaries.length !== 3) throw new Error(`unexpected policy ${JSON.stringify(probe)}`);
    log(`seeded: version ${versionId}, a VENDEDOR, ${CONCURRENCY} clients; a probe issued ${probe.policy_number} at ${probe.final_price} USD`);

    log(`warming up ${settings.warmupMs / 1000} s, then measuring ${settings.durationMs / 1000} s at ${CONCURRENCY} connections`);
    const warmup = emptySamples();
    await issueLoad(service.baseUrl, sellerToken, bodies, settings.warmupMs, warmup);
    const measured = emptySamples();
    await issueLoad(service.baseUrl, sellerToken, bodies, settings.durationMs, measured);
    const result: LoadResult = {
      ...summarizeLatencies(measured.latencies),
      requests: measured.latencies.length,
      errors: measured.errors + warmup.errors,
      seconds: measured.seconds,
      requestsPerSecond: measured.latencies.length / measured.seconds,
      errorSamples: [...warmup.errorSamples, ...measured.errorSamples].slice(0, 3),
    };

    // Every 201 of the run, warm-up and probe included, against what the database holds.
    const answered = [probe.policy_number, ...warmup.numbers, ...measured.numbers];
    const repeatedAnswers = answered.length - new Set(answered).size;
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    let stored: { total: number; distinct: number };
    try {
      [stored] = await sql<{ total: number; distinct: number }[]>`select count(*)::int as total, count(distinct policy_number)::int as distinct from policies`;
    } finally {
      await sql.end();
    }
    const databaseDuplicates = stored.total - stored.distinct;
    // A repeated number is a wrong answer: count it as a failed request, so the run exits non-zero.
    if (repeatedAnswers + databaseDuplicates > 0) {
      result.errors += repeatedAnswers + databaseDuplicates;
      result.errorSamples.push(`duplicate policy numbers: ${repeatedAnswers} among the answers, ${databaseDuplicates} in the database`);
    }

    return {
      title: `POST /api/v1/emission/issue, 3 beneficiaries each, ${CONCURRENCY} keep-alive connections, PostgreSQL server`,
      measurements: [{ label: "service (npm start)", result }],
      notes: [
        `policies answered 201: ${answered.length} (probe, warm-up and measured); stored: ${stored.total}, distinct numbers: ${stored.distinct}`,
      ],
      checks: [
        { label: `no policy number answered twice (${repeatedAnswers} repeated)`, pass: repeatedAnswers === 0 },
        { label: `count(*) = count(distinct policy_number) in the database (${stored.total} = ${stored.distinct})`, pass: databaseDuplicates === 0 },
        { label: `every 201 answer is a stored policy (${answered.length} answered, ${stored.total} stored)`, pass: answered.length === stored.total },
      ],
    };
  },
};
