// lifecycle: the daily lifecycle run (lifecycle.md section 4) of the built service (`npm start`) on the
// PostgreSQL server, over a book of 100,000 policies seeded with set-based SQL, 2% of them due a move
// today (not taken up, arrears, lapse, cancellation at the end of the paid period, term end). It times
// POST /api/v1/lifecycle/run and samples the service's memory while it runs, checks that each due policy
// moved once, then runs the same day again, which must find nothing to do.
import postgres from "postgres";
import { callApi } from "./lib/api";
import { meanRss, sampleMemory } from "./lib/memory";
import type { Scenario } from "./lib/scenario";
import { BENCH_ADMIN, createBenchVersion, startBenchService } from "./lib/seed";

const POLICIES = 100_000;
const CLIENTS = 1_000;

/** Targets of lifecycle.md point 11. */
const FIRST_RUN_MS = 20_000;
const SECOND_RUN_MS = 2_000;
const MEMORY_GROWTH_BYTES = 100 * 1024 * 1024;

/** In a --trace-gc line of a full collection, the heap used after it in MB. */
const FULL_GC_HEAP_AFTER = /Mark-Compact.*?-> ([\d.]+) \(/;

type RunAnswer = { as_of: string; moved: Record<string, number>; notices: number };

/** Who is due what: 2 policies in 100, spread over the five moves (the rest are paid ahead). */
const DUE_KINDS = ["ntu", "ntu", "arrears", "arrears", "lapse", "lapse", "cancel", "term"];
const EXPECTED = { not_taken_up: 500, in_arrears: 500, lapsed: 500, cancelled: 250, renewed: 0, expired: 250 };

async function seedBook(databaseUrl: string, versionId: string, today: string): Promise<void> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    // The bench administrator's company sells and holds the book.
    const [{ company_id }] = await sql<{ company_id: string }[]>`
      select company_id from users where email = ${BENCH_ADMIN.email}`;
    await sql`
      insert into clients (first_name, last_name, email, birth_date, nationality, country_of_residence, company_id)
      select 'Ana', 'Bench ' || g, 'bench-book-' || g || '@example.test', '1980-05-17', 'MX', 'MX', ${company_id}
      from generate_series(1, ${CLIENTS}) g`;
    // Each policy's kind decides its dates: "ok" is paid 20 days ahead and its term ends 35 days or more
    // from today (outside the renewal notice window); the due ones are one step behind.
    await sql`
      with kinds as (
        select g, case when g % 100 >= 2 then 'ok' else (${DUE_KINDS}::text[])[(g / 100) % 8 + 1] end as kind
        from generate_series(1, ${POLICIES}) g
      ), dated as (
        select g, kind, case kind
          when 'ok' then ${today}::date - (g % 330)
          when 'ntu' then ${today}::date - 40
          when 'term' then (${today}::date - interval '1 year')::date
          else ${today}::date - 100 end as start
        from kinds
      ), termed as (
        select g, kind, start, (start + interval '1 year' - interval '1 day')::date as end_date from dated
      )
      insert into policies (policy_number, client_id, plan_version_id, company_id, start_date, term_start_date,
        end_date, currency, final_price, status, paid_to_date, cancel_at)
      select 'BENCH-' || lpad(g::text, 6, '0'),
        (select id from clients where email = 'bench-book-' || (g % ${CLIENTS} + 1) || '@example.test'),
        ${versionId}, ${company_id}, start, start, end_date, 'USD', '25.00',
        case kind when 'ntu' then 'PENDING_PAYMENT' when 'lapse' then 'IN_ARREARS' else 'ACTIVE' end,
        case kind
          when 'ntu' then null
          when 'arrears' then ${today}::date - 2
          when 'lapse' then ${today}::date - 35
          when 'cancel' then ${today}::date - 1
          when 'term' then end_date
          else ${today}::date + 20 end,
        case kind when 'cancel' then ${today}::date - 1 end
      from termed`;
    await sql`
      insert into beneficiaries (policy_id, first_name, last_name, kinship_type, date_of_birth, country_of_residence,
        age_at_start, age_at_term_start, price, cover_start_date)
      select id, 'Ana', 'Bench', 'SELF', '1980-05-17', 'MX', 45, 45, '25.00', start_date
      from policies where policy_number like 'BENCH-%'`;
    await sql`analyze`;
  } finally {
    await sql.end();
  }
}

async function movedByRun(databaseUrl: string): Promise<{ rows: number; policies: number }> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ rows: number; policies: number }[]>`
      select count(*)::int as rows, count(distinct policy_id)::int as policies
      from policy_status_history where changed_by = 'system:lifecycle'`;
    return row;
  } finally {
    await sql.end();
  }
}

export const lifecycle: Scenario = {
  name: "lifecycle",
  async run(settings, cleanup, log) {
    // --trace-gc prints a line per collection; a full one (Mark-Compact) says how much heap survived it,
    // which tells garbage not yet collected (in RSS) from what the run holds.
    const traced = { ...settings, serviceNodeFlags: [...settings.serviceNodeFlags, "--trace-gc"] };
    const { service, databaseUrl, adminToken } = await startBenchService(traced, cleanup, log, {
      database: "bench_lifecycle",
    });
    const heapAfterFullGc: number[] = [];
    let partialLine = "";
    service.onOutput((text) => {
      const lines = (partialLine + text).split("\n");
      partialLine = lines.pop() ?? "";
      for (const line of lines) {
        const full = FULL_GC_HEAP_AFTER.exec(line);
        if (full) heapAfterFullGc.push(Number(full[1]));
      }
    });
    const versionId = await createBenchVersion(service.baseUrl, adminToken, {
      productName: "Bench lifecycle cover",
      countries: [{ country_code: "MX", is_available: true }],
    });
    const today = new Date().toISOString().slice(0, 10);
    const seeding = performance.now();
    await seedBook(databaseUrl, versionId, today);
    log(
      `seeded ${POLICIES.toLocaleString("en")} policies (2% due) in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );

    const runOnce = async () => {
      const memory = sampleMemory(service.pid, 100);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = performance.now();
      const answer = await callApi<RunAnswer>(
        service.baseUrl,
        "POST",
        "/api/v1/lifecycle/run",
        { as_of: today },
        adminToken,
      );
      const elapsedMs = performance.now() - started;
      // What the service still holds once the run and the deliveries it queued are over.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const samples = memory.stop();
      const before = meanRss(samples, 0, 300);
      const peak = Math.max(...samples.map((sample) => sample.rssBytes));
      const after = samples[samples.length - 1].rssBytes;
      return { answer, elapsedMs, before, growth: peak - before, retained: after - before };
    };

    // A day long before the book's terms, when nothing is due: loads the route's code, so that the
    // memory growth measured next is the run's own.
    const warmUp = new Date(Date.parse(today) - 400 * 86_400_000).toISOString().slice(0, 10);
    await callApi(service.baseUrl, "POST", "/api/v1/lifecycle/run", { as_of: warmUp }, adminToken);
    const fullGcBefore = heapAfterFullGc.length;
    const first = await runOnce();
    const heapDuringRun = heapAfterFullGc.slice(fullGcBefore);
    const heapBefore = heapAfterFullGc[fullGcBefore - 1] ?? 0;
    const second = await runOnce();
    const history = await movedByRun(databaseUrl);
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    const due = Object.values(EXPECTED).reduce((sum, n) => sum + n, 0);
    const nothing = Object.values(second.answer.moved).every((n) => n === 0) && second.answer.notices === 0;
    return {
      title: `POST /api/v1/lifecycle/run over ${POLICIES.toLocaleString("en")} policies, ${due.toLocaleString("en")} due`,
      measurements: [],
      notes: [
        `first run: ${(first.elapsedMs / 1000).toFixed(2)} s, moved ${JSON.stringify(first.answer.moved)}, ${first.answer.notices} notices`,
        `service RSS ${mb(first.before)} before, peak growth ${mb(first.growth)}, ${mb(first.retained)} more 3 s after the answer`,
        `V8 heap after each full collection: ${heapBefore} MB before the run, during and after it ${heapDuringRun.join(", ") || "none"} MB`,
        `second run of the same day: ${(second.elapsedMs / 1000).toFixed(2)} s, moved ${JSON.stringify(second.answer.moved)}, ${second.answer.notices} notices`,
        `history rows by system:lifecycle: ${history.rows} over ${history.policies} policies`,
      ],
      checks: [
        {
          label: `first run moves each due policy once (${JSON.stringify(EXPECTED)})`,
          pass:
            JSON.stringify(first.answer.moved) === JSON.stringify(EXPECTED) &&
            history.rows === due &&
            history.policies === due,
        },
        { label: `first run under ${FIRST_RUN_MS / 1000} s`, pass: first.elapsedMs < FIRST_RUN_MS },
        { label: `service RSS growth under ${mb(MEMORY_GROWTH_BYTES)}`, pass: first.growth < MEMORY_GROWTH_BYTES },
        {
          label: `V8 heap left after full collections grows under ${mb(MEMORY_GROWTH_BYTES)} (at least one collection during the run)`,
          pass: heapDuringRun.length > 0 && Math.max(...heapDuringRun) - heapBefore < MEMORY_GROWTH_BYTES / 1024 / 1024,
        },
        {
          label: `second run of the same day moves nothing, under ${SECOND_RUN_MS / 1000} s`,
          pass: nothing && second.elapsedMs < SECOND_RUN_MS,
        },
      ],
    };
  },
};
