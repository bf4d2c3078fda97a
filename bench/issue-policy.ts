// issue-policy: the built service (`npm start`, the production server) on the PostgreSQL server issuing
// policies of three beneficiaries (POST /api/v1/emission/issue) from 16 keep-alive connections at once.
// Every answer must be 201, and no policy number may repeat: neither among the answers nor in the
// database afterwards (count(*) = count(distinct policy_number)), since concurrent issues take turns on
// the year's counter row.
import postgres from "postgres";
import { callApi } from "./lib/api";
import { runClosedLoop, type LoadResult, type LoadSamples } from "./lib/load";
import type { Scenario } from "./lib/scenario";
import { createBenchSeller, createBenchVersion, startBenchService } from "./lib/seed";
import { summarizeLatencies } from "./lib/stats";

/** Issue 4 point 11: sixteen callers at once. */
const CONCURRENCY = 16;

type IssuedPolicy = { id: string; policy_number: string; final_price: string; beneficiaries: unknown[] };

/** A family of three as a seller enters it: the holder, a spouse in the surcharge band, a child abroad. */
const FAMILY = [
  { first_name: "Ana", last_name: "Pérez", kinship_type: "SELF", date_of_birth: "1980-05-17" },
  { first_name: "Luis", last_name: "Pérez", kinship_type: "SPOUSE", date_of_birth: "1962-09-02" },
  {
    first_name: "Sofía",
    last_name: "Pérez",
    kinship_type: "CHILD",
    date_of_birth: "2012-01-30",
    country_of_residence: "US",
  },
];

/** What one run of the load saw, with the numbers of the 201s. */
type IssueSamples = LoadSamples & { numbers: string[] };

function emptySamples(): IssueSamples {
  return { latencies: [], errors: 0, errorSamples: [], numbers: [], seconds: 0 };
}

/** A closed loop counting 201 as success and keeping each answer's number: each caller issues for its own client. */
function issueLoad(
  baseUrl: string,
  token: string,
  bodies: string[],
  durationMs: number,
  into: IssueSamples,
): Promise<void> {
  const calls = bodies.map((body) => ({
    body: Buffer.from(body),
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
  }));
  return runClosedLoop({
    url: `${baseUrl}/api/v1/emission/issue`,
    method: "POST",
    callers: calls.length,
    durationMs,
    into,
    next: (caller) => calls[caller],
    accept: (status, text) => {
      if (status !== 201) return false;
      into.numbers.push((JSON.parse(text) as IssuedPolicy).policy_number);
      return true;
    },
  });
}

export const issuePolicy: Scenario = {
  name: "issue-policy",
  async run(settings, cleanup, log) {
    const { service, databaseUrl, adminToken } = await startBenchService(settings, cleanup, log, {
      database: "bench_issue_policy",
    });

    // Seed through the API: a version sold in MX and (at its own price) in the US with a surcharge from
    // 60, a seller, and one client per connection.
    const versionId = await createBenchVersion(service.baseUrl, adminToken, {
      productName: "Bench repatriation cover",
      countries: [
        { country_code: "MX", is_available: true },
        { country_code: "US", is_available: true, price: "40.00" },
      ],
      ageSurcharges: [{ min_age: 60, max_age: 70, percentage: "20" }],
    });
    const sellerToken = await createBenchSeller(service.baseUrl, adminToken);
    const startDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const bodies: string[] = [];
    for (let index = 0; index < CONCURRENCY; index++) {
      const client = await callApi<{ id: string }>(
        service.baseUrl,
        "POST",
        "/api/v1/emission/clients",
        {
          first_name: "Ana",
          last_name: `Pérez ${index}`,
          email: `bench-client-${index}@example.test`,
          birth_date: "1980-05-17",
          nationality: "MX",
          country_of_residence: "MX",
        },
        sellerToken,
      );
      bodies.push(
        JSON.stringify({
          client_id: client.id,
          plan_version_id: versionId,
          start_date: startDate,
          beneficiaries: FAMILY,
        }),
      );
    }
    // 25.00 (MX, 40s) + 30.00 (MX, 60s: +20%) + 40.00 (US override) = 95.00.
    const probe = await callApi<IssuedPolicy>(
      service.baseUrl,
      "POST",
      "/api/v1/emission/issue",
      JSON.parse(bodies[0]),
      sellerToken,
    );
    if (probe.final_price !== "95.00" || probe.beneficiaries.length !== 3)
      throw new Error(`unexpected policy ${JSON.stringify(probe)}`);
    log(
      `seeded: version ${versionId}, a VENDEDOR, ${CONCURRENCY} clients; a probe issued ${probe.policy_number} at ${probe.final_price} USD`,
    );

    log(
      `warming up ${settings.warmupMs / 1000} s, then measuring ${settings.durationMs / 1000} s at ${CONCURRENCY} connections`,
    );
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
      [stored] = await sql<
        { total: number; distinct: number }[]
      >`select count(*)::int as total, count(distinct policy_number)::int as distinct from policies`;
    } finally {
      await sql.end();
    }
    const databaseDuplicates = stored.total - stored.distinct;
    // A repeated number is a wrong answer: count it as a failed request, so the run exits non-zero.
    if (repeatedAnswers + databaseDuplicates > 0) {
      result.errors += repeatedAnswers + databaseDuplicates;
      result.errorSamples.push(
        `duplicate policy numbers: ${repeatedAnswers} among the answers, ${databaseDuplicates} in the database`,
      );
    }

    return {
      title: `POST /api/v1/emission/issue, 3 beneficiaries each, ${CONCURRENCY} keep-alive connections, PostgreSQL server`,
      measurements: [{ label: "service (npm start)", result }],
      notes: [
        `policies answered 201: ${answered.length} (probe, warm-up and measured); stored: ${stored.total}, distinct numbers: ${stored.distinct}`,
      ],
      checks: [
        { label: `no policy number answered twice (${repeatedAnswers} repeated)`, pass: repeatedAnswers === 0 },
        {
          label: `count(*) = count(distinct policy_number) in the database (${stored.total} = ${stored.distinct})`,
          pass: databaseDuplicates === 0,
        },
        {
          label: `every 201 answer is a stored policy (${answered.length} answered, ${stored.total} stored)`,
          pass: answered.length === stored.total,
        },
      ],
    };
  },
};
