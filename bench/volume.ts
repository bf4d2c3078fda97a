// volume: the targets of reports.md section 3 on the book of an insurer of middle size, on the PostgreSQL
// server. The book (bench/lib/volume-seed.ts: 1,000,000 policies, 2,500,000 lives, 12,000,000 audit rows,
// 300,000 claims, 500,000 leads, 3,000,000 transactions over 20 companies and 200 units) is seeded once
// with set-based SQL into VOLUME_DATABASE (cover_volume) and kept: later runs migrate it with the project's
// migrations and reuse it; VOLUME_RESEED=1 seeds it again (minutes). Then, with the built service on it
// and policies being issued all along (2 callers, POST /emission/issue as a seller), it measures side by
// side: the four list targets and an administrator's policy search (VOLUME_CONCURRENCY callers each, 4 by default: a back office's desks, in
// alternating slices), the portfolio report, the CSV export of every policy and the lifecycle run of the
// book day, where 2% of the book is due a move. A target whose endpoint is not built yet (404, or an
// export answered as JSON) is printed as "SKIP (not built)".
import http from "node:http";
import postgres from "postgres";
import { callApi, logIn } from "./lib/api";
import { ADMIN_DATABASE_URL } from "./lib/database";
import { measureAlternating, runClosedLoop, type LoadResult, type LoadSamples } from "./lib/load";
import { rssBytesOf, sampleMemory } from "./lib/memory";
import type { Scenario, TargetCheck } from "./lib/scenario";
import { BENCH_ADMIN, BENCH_SELLER, startServiceOn } from "./lib/seed";
import { summarizeLatencies } from "./lib/stats";
import { bookId, prepareVolumeDatabase } from "./lib/volume-seed";

const DATABASE = process.env.VOLUME_DATABASE ?? "cover_volume";
const CONCURRENCY = Number(process.env.VOLUME_CONCURRENCY ?? 4);
/** Callers issuing policies the whole time the other targets run. */
const ISSUERS = 2;

const LIST_P95_MS = { policies: 50, policiesQ: 100, audit: 150, clientsQ: 100 };
/** Not in the contract's table: an administrator's `q` over every policy, held to the clients' target. */
const BOOK_POLICIES_Q_P95_MS = LIST_P95_MS.clientsQ;
const PORTFOLIO_MS = 2_000;
const LIFECYCLE_MS = 120_000;
const LIFECYCLE_GROWTH_BYTES = 100 * 1024 * 1024;
const EXPORT_MS = 90_000;
const EXPORT_GROWTH_BYTES = 200 * 1024 * 1024;
const ISSUE_P99_MS = 100;

const FAMILY = [
  { first_name: "Ana", last_name: "Ramírez", kinship_type: "SELF", date_of_birth: "1980-05-17" },
  { first_name: "Luis", last_name: "Ramírez", kinship_type: "SPOUSE", date_of_birth: "1978-09-02" },
  { first_name: "Sofía", last_name: "Ramírez", kinship_type: "CHILD", date_of_birth: "2012-01-30" },
];

type Skippable = { skipped: true } | { skipped: false; pass: boolean; label: string; notes: string[] };

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function withSql<T>(url: string, fn: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await fn(sql);
  } finally {
    await sql.end();
  }
}

/** The seller of unit 1, created through the API the first time; its token. */
async function sellerToken(baseUrl: string, adminToken: string, databaseUrl: string): Promise<string> {
  const [scope] = await withSql(databaseUrl, (sql) =>
    sql.unsafe<{ company_id: string; unit_id: string; exists: boolean }[]>(
      `select ${bookId("company", "1")} as company_id, ${bookId("unit", "1")} as unit_id,
        exists (select 1 from users where lower(email) = lower('${BENCH_SELLER.email}')) as exists`,
    ),
  );
  if (!scope.exists)
    await callApi(
      baseUrl,
      "POST",
      "/api/v1/auth/users",
      {
        ...BENCH_SELLER,
        full_name: "Vendedora de la sucursal 1",
        roles: ["VENDEDOR"],
        company_id: scope.company_id,
        business_unit_id: scope.unit_id,
      },
      adminToken,
    );
  return logIn(baseUrl, BENCH_SELLER.email, BENCH_SELLER.password);
}

/** Status of one GET, the body read and dropped. */
async function statusOf(url: string, token: string): Promise<{ status: number; type: string }> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  await response.body?.cancel();
  return { status: response.status, type: response.headers.get("content-type") ?? "" };
}

/** GET /reports/portfolio for the whole book, three times (the first one cold). */
async function portfolio(baseUrl: string, token: string, day: string): Promise<Skippable> {
  const url = `${baseUrl}/api/v1/reports/portfolio?as_of=${day}`;
  const probe = await statusOf(url, token);
  if (probe.status === 404) return { skipped: true };
  const times: number[] = [];
  let status = 0;
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    await response.text();
    status = response.status;
    times.push(performance.now() - started);
  }
  const worst = Math.max(...times);
  return {
    skipped: false,
    pass: status === 200 && worst < PORTFOLIO_MS,
    label: `GET /reports/portfolio, whole book: slowest of 3 under ${PORTFOLIO_MS / 1000} s`,
    notes: [`portfolio report: ${times.map(s).join(", ")} (status ${status})`],
  };
}

/** Every policy as CSV, streamed and counted; the service's RSS sampled meanwhile. */
async function exportCsv(baseUrl: string, token: string, pid: number): Promise<Skippable> {
  const url = new URL(`${baseUrl}/api/v1/emission/policies?format=csv`);
  const before = rssBytesOf(pid) ?? 0;
  const memory = sampleMemory(pid, 100);
  const started = performance.now();
  const outcome = await new Promise<{ status: number; type: string; bytes: number; lines: number }>(
    (resolve, reject) => {
      const req = http.get(url, { headers: { authorization: `Bearer ${token}` } }, (res) => {
        const type = String(res.headers["content-type"] ?? "");
        let bytes = 0;
        let lines = 0;
        if (res.statusCode !== 200 || !type.startsWith("text/csv")) {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode ?? 0, type, bytes, lines }));
          return;
        }
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
        });
        res.on("end", () => resolve({ status: 200, type, bytes, lines }));
        res.on("error", reject);
      });
      req.on("error", reject);
    },
  );
  const elapsed = performance.now() - started;
  const samples = memory.stop();
  if (
    outcome.status === 404 ||
    (outcome.status === 200 && !outcome.type.startsWith("text/csv")) ||
    outcome.status === 422
  )
    return { skipped: true };
  const growth = Math.max(...samples.map((sample) => sample.rssBytes)) - before;
  return {
    skipped: false,
    pass: outcome.status === 200 && elapsed < EXPORT_MS && growth < EXPORT_GROWTH_BYTES,
    label: `export of every policy as CSV under ${EXPORT_MS / 1000} s, server RSS growth under ${mb(EXPORT_GROWTH_BYTES)}`,
    notes: [
      `CSV export: status ${outcome.status}, ${outcome.lines.toLocaleString("en")} lines, ${mb(outcome.bytes)} in ${s(elapsed)}; RSS ${mb(before)} before, peak growth ${mb(growth)}`,
    ],
  };
}

/**
 * Puts the due set back as the seed made it (a previous run of the same day moved it): statuses and dates,
 * and the rows that run wrote (history, terms, notices). Returns the moves the run should make.
 */
async function restoreDueSet(databaseUrl: string): Promise<{ due: number; byKind: Record<string, number> }> {
  return withSql(databaseUrl, async (sql) => {
    await sql.begin(async (tx) => {
      await tx.unsafe(`delete from policy_status_history h using volume_due d
        where h.policy_id = d.id and h.reason like '%(lifecycle run for %'`);
      await tx.unsafe(`delete from policy_terms t using volume_due d where t.policy_id = d.id`);
      await tx.unsafe(`delete from notifications where template <> 'policy.renewal_notice'`);
      await tx.unsafe(`update beneficiaries b set cover_end_date = null
        from volume_due d where b.policy_id = d.id and b.cover_end_date is not null and not b.deceased_flag`);
      await tx.unsafe(`update policies p set status = d.status, paid_to_date = d.paid_to_date, term_number = d.term_number,
          term_start_date = d.term_start_date, end_date = d.end_date, cancel_at = d.cancel_at, lapsed_on = d.lapsed_on,
          final_price = d.final_price, auto_renew = d.auto_renew, credit = d.credit,
          cancellation_reason_code = d.cancellation_reason_code
        from volume_due d
        where p.id = d.id and (p.status, p.paid_to_date, p.end_date, p.cancel_at, p.term_number)
          is distinct from (d.status, d.paid_to_date, d.end_date, d.cancel_at, d.term_number)`);
    });
    const rows = await sql<
      { kind: string; n: number }[]
    >`select kind, count(*)::int as n from volume_due group by kind`;
    const byKind = Object.fromEntries(rows.map((row) => [row.kind, row.n]));
    return { due: rows.reduce((sum, row) => sum + row.n, 0), byKind };
  });
}

type RunAnswer = { as_of: string; moved: Record<string, number>; notices: number };

/** POST /lifecycle/run for the book day, after putting the due set back; time and RSS. */
async function lifecycleRun(
  baseUrl: string,
  token: string,
  pid: number,
  databaseUrl: string,
  day: string,
): Promise<Skippable> {
  const { due, byKind } = await restoreDueSet(databaseUrl);
  const before = rssBytesOf(pid) ?? 0;
  const memory = sampleMemory(pid, 200);
  const started = performance.now();
  const answer = await callApi<RunAnswer>(baseUrl, "POST", "/api/v1/lifecycle/run", { as_of: day }, token);
  const elapsed = performance.now() - started;
  const samples = memory.stop();
  const growth = Math.max(...samples.map((sample) => sample.rssBytes)) - before;
  const moved = Object.values(answer.moved).reduce((sum, n) => sum + n, 0);
  return {
    skipped: false,
    pass: elapsed < LIFECYCLE_MS && growth < LIFECYCLE_GROWTH_BYTES && moved === due,
    label: `lifecycle run of the book day (${due.toLocaleString("en")} due, 2% of the book) under ${LIFECYCLE_MS / 1000} s, RSS growth under ${mb(LIFECYCLE_GROWTH_BYTES)}, each due policy moved`,
    notes: [
      `lifecycle run for ${day}: ${s(elapsed)}, moved ${JSON.stringify(answer.moved)} (${moved} of ${due} due: ${JSON.stringify(byKind)}), ${answer.notices} notices; RSS ${mb(before)} before, peak growth ${mb(growth)}`,
    ],
  };
}

export const volume: Scenario = {
  name: "volume",
  async run(settings, cleanup, log) {
    const { url: databaseUrl, day } = await prepareVolumeDatabase(ADMIN_DATABASE_URL, DATABASE, {
      reseed: process.env.VOLUME_RESEED === "1",
      log,
    });
    const service = await startServiceOn(settings, cleanup, databaseUrl);
    log(`service ready at ${service.baseUrl} (pid ${service.pid}) on ${DATABASE}`);
    const adminToken = await logIn(service.baseUrl, BENCH_ADMIN.email, BENCH_ADMIN.password);
    const seller = await sellerToken(service.baseUrl, adminToken, databaseUrl);

    // Issuing all along: each caller for a client of the seller's unit (clients 1 and 201 of the book).
    const [{ a, b, version }] = await withSql(databaseUrl, (sql) =>
      sql.unsafe<{ a: string; b: string; version: string }[]>(
        `select ${bookId("client", "1")} as a, ${bookId("client", "201")} as b, ${bookId("version", "1")} as version`,
      ),
    );
    const startDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const issueCalls = [a, b].slice(0, ISSUERS).map((clientId) => ({
      body: Buffer.from(
        JSON.stringify({ client_id: clientId, plan_version_id: version, start_date: startDate, beneficiaries: FAMILY }),
      ),
      headers: { "content-type": "application/json", authorization: `Bearer ${seller}` },
    }));
    const issued: LoadSamples = { latencies: [], errors: 0, seconds: 0, errorSamples: [] };
    let issuing = true;
    const issueLoop = (async () => {
      while (issuing)
        await runClosedLoop({
          url: `${service.baseUrl}/api/v1/emission/issue`,
          method: "POST",
          callers: issueCalls.length,
          durationMs: 5_000,
          into: issued,
          next: (caller) => issueCalls[caller],
          accept: (status) => status === 201,
        });
    })();

    const weekFrom = new Date(Date.parse(day) - 7 * 86_400_000).toISOString().slice(0, 10);
    const api = (path: string) => `${service.baseUrl}/api/v1${path}`;
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    const lists = [
      {
        label: "policies ACTIVE, seller",
        target: LIST_P95_MS.policies,
        request: { url: api("/emission/policies?status=ACTIVE"), headers: auth(seller), pid: service.pid },
      },
      {
        label: "policies ACTIVE q=ramirez, seller",
        target: LIST_P95_MS.policiesQ,
        request: { url: api("/emission/policies?status=ACTIVE&q=ramirez"), headers: auth(seller), pid: service.pid },
      },
      {
        label: "audit policies 7 days, admin",
        target: LIST_P95_MS.audit,
        request: {
          url: api(`/audit?entity=policies&date_from=${weekFrom}T00:00:00Z&date_to=${day}T00:00:00Z`),
          headers: auth(adminToken),
          pid: service.pid,
        },
      },
      {
        label: "policies q=ramirez, admin (book)",
        target: BOOK_POLICIES_Q_P95_MS,
        request: { url: api("/emission/policies?q=ramirez"), headers: auth(adminToken), pid: service.pid },
      },
      {
        label: "clients q=nuñez, admin (book)",
        target: LIST_P95_MS.clientsQ,
        request: {
          url: api(`/emission/clients?q=${encodeURIComponent("nuñez")}`),
          headers: auth(adminToken),
          pid: service.pid,
        },
      },
    ];
    // The answers must say what the targets mean: a total, and rows.
    for (const list of lists) {
      const body = await callApi<{ total: number; items: unknown[] }>(
        service.baseUrl,
        "GET",
        list.request.url.slice(service.baseUrl.length),
        undefined,
        list.request.headers.authorization.slice("Bearer ".length),
      );
      log(`${list.label}: total ${body.total}, first page ${body.items.length} rows`);
    }
    log(
      `measuring the lists: ${CONCURRENCY} callers each, ${settings.durationMs / 1000} s each in ${settings.slices} slices, issuing meanwhile`,
    );
    const results = await measureAlternating(
      lists.map((list) => list.request),
      {
        concurrency: CONCURRENCY,
        warmupMs: settings.warmupMs,
        durationMs: settings.durationMs,
        slices: settings.slices,
      },
    );

    // Where the issues' tail comes from: their latencies split by what ran beside them.
    const phases = [{ name: "the lists", from: 0 }];
    const phase = (name: string) => phases.push({ name, from: issued.latencies.length });
    log("portfolio report");
    phase("the report");
    const report = await portfolio(service.baseUrl, adminToken, day);
    log("CSV export of every policy");
    phase("the export");
    const csv = await exportCsv(service.baseUrl, adminToken, service.pid);
    log("lifecycle run of the book day");
    phase("the lifecycle run");
    const run = await lifecycleRun(service.baseUrl, adminToken, service.pid, databaseUrl, day);

    issuing = false;
    await issueLoop;
    const issueResult: LoadResult = {
      ...summarizeLatencies(issued.latencies),
      requests: issued.latencies.length,
      errors: issued.errors,
      seconds: issued.seconds,
      requestsPerSecond: issued.latencies.length / issued.seconds,
      errorSamples: issued.errorSamples,
    };

    const checks: TargetCheck[] = lists.map((list, at) => ({
      label: `${list.label}: p95 ${results[at].p95.toFixed(1)} ms under ${list.target} ms`,
      pass: results[at].errors === 0 && results[at].p95 < list.target,
    }));
    const notes = phases.map(({ name, from }, at) => {
      const latencies = issued.latencies.slice(from, phases[at + 1]?.from ?? issued.latencies.length);
      const { p50, p99 } = summarizeLatencies(latencies);
      return `issue during ${name}: ${latencies.length} issued, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`;
    });
    const skippable = (name: string, outcome: Skippable) => {
      if (outcome.skipped) {
        notes.push(`SKIP (not built)  ${name}`);
        return;
      }
      notes.push(...outcome.notes);
      checks.push({ label: outcome.label, pass: outcome.pass });
    };
    skippable("GET /reports/portfolio (answers 404)", report);
    skippable("export of every policy as CSV (format=csv not answered as text/csv)", csv);
    skippable("lifecycle run", run);
    checks.push({
      label: `POST /emission/issue while the rest runs: p99 ${issueResult.p99.toFixed(1)} ms under ${ISSUE_P99_MS} ms (${issueResult.requests} issued)`,
      pass: issueResult.errors === 0 && issueResult.p99 < ISSUE_P99_MS,
    });
    return {
      title: `the targets of reports.md section 3 on ${DATABASE} (book day ${day}), side by side`,
      measurements: [
        ...lists.map((list, at) => ({ label: list.label, result: results[at] })),
        { label: `issue (${ISSUERS} callers, all along)`, result: issueResult },
      ],
      notes,
      checks,
    };
  },
};
