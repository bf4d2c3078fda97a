import type Decimal from "decimal.js";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { CLAIM_STATUSES, POLICY_STATUSES, type ClaimStatus, type PolicyStatus } from "@/db/enums";
import { rowsOf } from "@/db/rows";
import { businessUnits, planVersions, policies, portfolioChanges, portfolioPolicies } from "@/db/schema";
import { assertCan, scopeOf, type Actor } from "@/lib/auth/actor";
import { scopeFilter } from "@/lib/auth/scope-filter";
import type { ServiceContext } from "@/lib/context";
import { todayUtc } from "@/lib/emission/dates";
import { ForbiddenError, ValidationError } from "@/lib/errors";
import { formatMoney, money } from "@/lib/money";
import { ratio, reportCalendar, type ReportCalendar } from "./internal";
import { foldPortfolioTotals, portfolioPendingExists, readDayFigures, readWindowFigures } from "./portfolio-totals";
import type { PortfolioQuery, PortfolioReport } from "./schemas";

// GET /reports/portfolio (reports.md section 1): the book's figures on a day, set-based. Every figure of
// a policy's past is read from its status history by effective date, so a catch-up run of the lifecycle
// (which dates its moves on the day they took effect) changes past figures consistently. Decisions in
// docs/reports.md section 1.

/** The claim statuses that count as open. */
const OPEN_CLAIMS: readonly ClaimStatus[] = ["PENDING", "IN_REVIEW", "APPROVED"];

/** The report, scoped to what the actor may read and narrowed by the query's filters. */
export async function getPortfolio({
  ctx,
  query,
}: {
  ctx: ServiceContext;
  query: PortfolioQuery;
}): Promise<PortfolioReport> {
  assertCan(ctx.actor, "reports:read");
  const today = todayUtc();
  const asOf = query.as_of ?? today;
  if (asOf > today)
    throw new ValidationError("as_of must not be after today", [
      { path: "as_of", message: `must not be after today (${today})`, code: "date_in_future" },
    ]);
  await assertFiltersInScope(ctx, query);

  const calendar = reportCalendar(asOf);
  const filter = policyFilter(ctx.actor, query);
  // Three connections at most (the book; the window, moves and cohort; the claims), so a report leaves
  // the pool to the requests that run beside it.
  const [book, claims] = await Promise.all([
    bookFigures(ctx, filter, query, calendar),
    claimFigures(ctx, filter, calendar),
  ]);
  const money12 = book.money;
  return {
    as_of: asOf,
    policies: { in_force: book.inForce, by_status: book.byStatus },
    lives_in_force: book.lives,
    premium_in_force: book.premium,
    new_business: book.newBusiness,
    lapses: book.lapses,
    lapse_rate_12m: ratio(book.lapsedYear, book.inForceYearBefore),
    persistency_13m: ratio(book.cohortInForce, book.cohort),
    claims: {
      open: OPEN_CLAIMS.reduce((sum, status) => sum + claims.byStatus[status], 0),
      by_status: claims.byStatus,
      paid_last_12m: [...money12.entries()]
        .filter(([, sums]) => !sums.paidOut.isZero())
        .map(([currency, sums]) => ({ currency, amount: formatMoney(sums.paidOut) })),
    },
    loss_ratio_12m: [...money12.entries()]
      .filter(([, sums]) => sums.received.gt(0))
      .map(([currency, sums]) => ({ currency, ratio: ratio(sums.paidOut, sums.received.plus(sums.refunded)) })),
  };
}

/**
 * A seller (or an API key) reads its own company, and its own unit when it has one: naming another is
 * 403, as is a unit of another company. An administrator may name any; unknown ids just count nothing.
 */
async function assertFiltersInScope(ctx: ServiceContext, query: PortfolioQuery): Promise<void> {
  const scope = scopeOf(ctx.actor);
  if (!scope) return;
  if (query.company_id && query.company_id !== scope.companyId)
    throw new ForbiddenError("you may only read the report of your own company");
  if (!query.business_unit_id) return;
  if (scope.businessUnitId) {
    if (query.business_unit_id !== scope.businessUnitId)
      throw new ForbiddenError("you may only read the report of your own business unit");
    return;
  }
  const [unit] = await ctx.db
    .select({ id: businessUnits.id })
    .from(businessUnits)
    .where(and(eq(businessUnits.id, query.business_unit_id), eq(businessUnits.companyId, scope.companyId)));
  if (!unit) throw new ForbiddenError("you may only read the report of your own company's business units");
}

/** The policies the report counts, as a condition on "policies" (the caller's scope and the filters); null: all. */
function policyFilter(actor: Actor, query: PortfolioQuery): SQL | null {
  return (
    and(
      scopeFilter(actor, policies),
      query.company_id ? eq(policies.companyId, query.company_id) : undefined,
      query.business_unit_id ? eq(policies.businessUnitId, query.business_unit_id) : undefined,
      query.plan_id
        ? sql`${policies.planVersionId} in (select ${planVersions.id} from ${planVersions} where ${planVersions.planId} = ${query.plan_id})`
        : undefined,
    ) ?? null
  );
}

const count = (value: unknown) => Number(value ?? 0);

/** Runs the reads one after the other on one connection at a time, and answers their results in order. */
async function inTurn<const T extends readonly (() => Promise<unknown>)[]>(
  reads: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
}

/** A row's policy (`column`) is among the policies counted; nothing to check when every policy is. */
function historyOf(column: SQL, filter: SQL | null): SQL {
  return filter ? sql`${column} in (select ${policies.id} from ${policies} where ${filter})` : sql`true`;
}

type BookRow = {
  kind: string;
  key: string | null;
  currency: string | null;
  n: unknown;
  m: unknown;
  amount: string | null;
};

/**
 * The same scope and filters as `policyFilter`, on a table the fold keeps (lib/reports/portfolio-totals.ts),
 * which carries each policy's company, unit and plan.
 */
function keptFilter(
  actor: Actor,
  query: PortfolioQuery,
  table: typeof portfolioChanges | typeof portfolioPolicies,
): SQL | null {
  return (
    and(
      scopeFilter(actor, table),
      query.company_id ? eq(table.companyId, query.company_id) : undefined,
      query.business_unit_id ? eq(table.businessUnitId, query.business_unit_id) : undefined,
      query.plan_id ? eq(table.planId, query.plan_id) : undefined,
    ) ?? null
  );
}

/**
 * The figures of the policies. The kept totals are taken up to the moment first; then, side by side, the
 * book on as_of and 12 months before (statuses, in force, premium, lives) from the totals, and in turn
 * the lapse and reinstatement moves (from the status history by effective date), the new business and
 * the persistency cohort (from the kept facts and segments).
 */
async function bookFigures(ctx: ServiceContext, filter: SQL | null, query: PortfolioQuery, c: ReportCalendar) {
  const asOf = sql`${c.asOf}::date`;
  const yearBefore = sql`${c.yearBefore}::date`;
  const facts = keptFilter(ctx.actor, query, portfolioPolicies) ?? sql`true`;
  if (await portfolioPendingExists(ctx.db)) await foldPortfolioTotals(ctx.db);
  const changes = keptFilter(ctx.actor, query, portfolioChanges);
  const [days, [window, moves, cohort]] = await Promise.all([
    readDayFigures(ctx.db, [c.asOf, c.yearBefore], changes),
    inTurn([
      // The new business (by the day of the first premium, imports left out) and the money of the window.
      () => readWindowFigures(ctx.db, { from: c.windowStart, to: c.asOf }, changes),
      // Lapses and reinstatements by the month they took effect, and the policies lapsed in the year: two
      // ranges of partial indexes (migration 0021).
      () =>
        rowsOf<BookRow>(
          ctx.db,
          sql`
      with m as (
        select h.policy_id, 'LAPSED' as to_status, h.effective_date from policy_status_history h
        where h.to_status = 'LAPSED' and h.effective_date > ${yearBefore} and h.effective_date <= ${asOf}
          and ${historyOf(sql`h.policy_id`, filter)}
        union all
        select h.policy_id, 'ACTIVE', h.effective_date from policy_status_history h
        where h.from_status = 'LAPSED' and h.to_status = 'ACTIVE'
          and h.effective_date > ${yearBefore} and h.effective_date <= ${asOf}
          and ${historyOf(sql`h.policy_id`, filter)}
      )
      select 'month' as kind, to_char(effective_date, 'YYYY-MM') as key, null::text as currency,
             count(*) filter (where to_status = 'LAPSED') as n,
             count(*) filter (where to_status = 'ACTIVE') as m, null::text as amount
        from m where effective_date >= ${c.windowStart}::date group by to_char(effective_date, 'YYYY-MM')
      union all
      select 'lapsed_year', null, null, count(distinct policy_id), null, null from m where to_status = 'LAPSED'
      `,
        ),
      // Persistency: started in the cohort's month and ever ACTIVE (by as_of); how many are in force, by
      // the segment that holds as_of.
      () =>
        rowsOf<BookRow>(
          ctx.db,
          sql`
      select 'cohort' as kind, null::text as key, null::text as currency,
             count(*) filter (where s.in_force) as n, count(*) as m, null::text as amount
      from ${portfolioPolicies}
      left join lateral (
        select s.in_force from portfolio_segments s where s.policy_id = ${portfolioPolicies.policyId}
          and s.from_date <= ${asOf} and (s.to_date is null or ${asOf} < s.to_date) limit 1
      ) s on true
      where ${portfolioPolicies.startDate} between ${c.cohortStart}::date and ${c.cohortEnd}::date
        and ${portfolioPolicies.firstActive} <= ${asOf} and ${facts}
      `,
        ),
    ] as const),
  ]);

  const day = days.get(c.asOf)!;
  const byStatus = Object.fromEntries(
    POLICY_STATUSES.map((status) => [status, day.byStatus.get(status) ?? 0]),
  ) as Record<PolicyStatus, number>;
  const figures = {
    inForce: day.inForce,
    inForceYearBefore: days.get(c.yearBefore)!.inForce,
    lives: day.lives,
    lapsedYear: 0,
    cohortInForce: 0,
    cohort: 0,
  };
  const lapses = new Map(c.months.map((month) => [month, { month, lapsed: 0, reinstated: 0 }]));
  for (const row of moves) {
    if (row.kind === "lapsed_year") figures.lapsedYear = count(row.n);
    const month = row.kind === "month" ? lapses.get(row.key!) : undefined;
    if (month) Object.assign(month, { lapsed: count(row.n), reinstated: count(row.m) });
  }
  const newBusiness = new Map(
    c.months.map((month) => [
      month,
      { month, policies: 0, monthly_premium: [] as Array<{ currency: string; amount: string }> },
    ]),
  );
  const money12 = new Map<string, { received: Decimal; refunded: Decimal; paidOut: Decimal }>();
  for (const row of window) {
    if (row.measure === "new") {
      const month = newBusiness.get(row.month);
      if (!month || row.policies === 0) continue;
      month.policies += row.policies;
      month.monthly_premium.push({ currency: row.currency, amount: formatMoney(row.premium) });
      continue;
    }
    const sums = money12.get(row.currency) ?? { received: money(0), refunded: money(0), paidOut: money(0) };
    if (row.measure === "received") sums.received = sums.received.plus(row.amount);
    if (row.measure === "refunded") sums.refunded = sums.refunded.plus(row.amount);
    if (row.measure === "paid_out") sums.paidOut = sums.paidOut.plus(row.amount);
    money12.set(row.currency, sums);
  }
  figures.cohortInForce = count(cohort[0]?.n);
  figures.cohort = count(cohort[0]?.m);
  return {
    ...figures,
    byStatus,
    premium: [...day.premium.entries()]
      .filter(([, sum]) => sum.policies > 0)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, sum]) => ({ currency, monthly_amount: formatMoney(sum.amount) })),
    newBusiness: [...newBusiness.values()],
    money: money12,
    lapses: [...lapses.values()],
  };
}

/** The claims of the policies counted, by their status at the end of as_of (UTC), from their history. */
async function claimFigures(ctx: ServiceContext, filter: SQL | null, c: ReportCalendar) {
  const end = sql`${`${c.dayAfter}T00:00:00Z`}::timestamptz`;
  const rows = await rowsOf<{ status: ClaimStatus; n: number | string }>(
    ctx.db,
    sql`
    with c as (
      select cl.id from claims cl where ${historyOf(sql`cl.policy_id`, filter)} and cl.reported_at < ${end}
    ),
    s as (
      select distinct on (h.claim_id) h.claim_id, h.to_status
      from claim_status_history h join c on c.id = h.claim_id
      where h.changed_at < ${end}
      order by h.claim_id, h.changed_at desc, h.id desc
    )
    select to_status as status, count(*) as n from s group by to_status
    `,
  );
  const byStatus = Object.fromEntries(CLAIM_STATUSES.map((status) => [status, 0])) as Record<ClaimStatus, number>;
  for (const row of rows) byStatus[row.status] = count(row.n);
  return { byStatus };
}
