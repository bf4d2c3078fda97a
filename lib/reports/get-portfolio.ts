import type Decimal from "decimal.js";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { CLAIM_STATUSES, POLICY_STATUSES, type ClaimStatus, type PolicyStatus } from "@/db/enums";
import { businessUnits, planVersions, policies } from "@/db/schema";
import { assertCan, scopeOf, type Actor } from "@/lib/auth/actor";
import { scopeFilter } from "@/lib/auth/scope-filter";
import type { ServiceContext } from "@/lib/context";
import { todayUtc } from "@/lib/emission/dates";
import { ForbiddenError, ValidationError } from "@/lib/errors";
import { formatMoney, money } from "@/lib/money";
import { ratio, reportCalendar, type ReportCalendar } from "./internal";
import type { PortfolioQuery, PortfolioReport } from "./schemas";

// GET /reports/portfolio (reports.md section 1): the book's figures on a day, set-based. Every figure of
// a policy's past is read from its status history by effective date, so a catch-up run of the lifecycle
// (which dates its moves on the day they took effect) changes past figures consistently. Decisions in
// docs/reports.md section 1.

/** The statuses whose move ends cover until a reinstatement (claims-cover.md section 1). */
const ENDING = sql.raw(`('LAPSED', 'CANCELLED', 'EXPIRED', 'NOT_TAKEN_UP')`);
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
  const [book, claims, money12] = await Promise.all([
    bookFigures(ctx, filter, calendar),
    claimFigures(ctx, filter, calendar),
    moneyFigures(ctx, filter, calendar),
  ]);
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
      paid_last_12m: money12.paid.map((row) => ({ currency: row.currency, amount: formatMoney(row.amount) })),
    },
    loss_ratio_12m: money12.premium
      .filter((row) => money(row.received).gt(0))
      .map((row) => ({
        currency: row.currency,
        ratio: ratio(money12.paid.find((paid) => paid.currency === row.currency)?.amount ?? 0, row.net),
      })),
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

type Row = Record<string, unknown>;

/**
 * Runs a read over the whole book with room to work: without a compilation step (JIT costs the
 * PostgreSQL server most of a second here and saves nothing on these plans) and with enough memory for
 * its hash joins not to spill to disk. SET LOCAL lasts until the transaction ends.
 */
async function largeRead<T>(ctx: ServiceContext, read: (tx: ServiceContext) => Promise<T>): Promise<T> {
  return ctx.db.transaction(async (db) => {
    await db.execute(sql`set local jit = off`);
    await db.execute(sql`set local work_mem = '64MB'`);
    return read({ ...ctx, db });
  });
}

/** The rows of a raw query, whichever driver ran it (postgres-js answers an array, PGlite {rows}). */
async function rowsOf<T extends Row>(ctx: ServiceContext, query: SQL): Promise<T[]> {
  const result = (await ctx.db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

const count = (value: unknown) => Number(value ?? 0);

/** A row's policy (`column`) is among the policies counted; nothing to check when every policy is. */
function historyOf(column: SQL, filter: SQL | null): SQL {
  return filter ? sql`${column} in (select ${policies.id} from ${policies} where ${filter})` : sql`true`;
}

/**
 * Whether a policy was in force on `day` (claims-cover.md section 1, as lib/claims/eligibility.ts
 * decides it): started, paid to a date whose grace period reaches the day, and the move in effect that
 * day (`status`, null when none) does not end cover.
 */
function inForceOn(day: SQL, status: SQL): SQL {
  return sql`(${policies.startDate} <= ${day} and ${policies.paidToDate} is not null
    and ${day} <= ${policies.paidToDate} + pv.grace_period_days
    and coalesce(${status} not in ${ENDING}, true))`;
}

/**
 * The move in effect on `day` for every policy: the last by effective date, then by the order the moves
 * were made (changed_at, id), as lib/claims/eligibility.ts reads it. A DISTINCT ON that an index on
 * (policy_id, effective_date desc, changed_at desc, id desc) include (to_status) serves without a sort.
 */
function statusOn(day: SQL, filter: SQL | null): SQL {
  return sql`(select distinct on (h.policy_id) h.policy_id, h.to_status from policy_status_history h
    where h.effective_date <= ${day} and ${historyOf(sql`h.policy_id`, filter)}
    order by h.policy_id, h.effective_date desc, h.changed_at desc, h.id desc)`;
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
 * The figures of the policies, in four statements that run side by side: the book on as_of and 12 months
 * before (statuses, in force, premium, lives), the lapse and reinstatement moves, the new business, and
 * the persistency cohort. Each reads the status history by effective date.
 */
async function bookFigures(ctx: ServiceContext, filter: SQL | null, c: ReportCalendar) {
  const asOf = sql`${c.asOf}::date`;
  const yearBefore = sql`${c.yearBefore}::date`;
  const where = filter ?? sql`true`;
  const [book, moves, fresh, cohort] = await Promise.all([
    largeRead(ctx, (tx) =>
      rowsOf<BookRow>(
        tx,
        sql`
      with state as materialized (
        select ${policies.id} as id, ${policies.currency} as currency, ${policies.finalPrice} as final_price,
               d.to_status as status,
               ${inForceOn(asOf, sql`d.to_status`)} as in_force,
               ${inForceOn(yearBefore, sql`y.to_status`)} as in_force_year_before
        from ${policies}
        join plan_versions pv on pv.id = ${policies.planVersionId}
        left join ${statusOn(asOf, filter)} d on d.policy_id = ${policies.id}
        left join ${statusOn(yearBefore, filter)} y on y.policy_id = ${policies.id}
        where ${where}
      )
      select 'book' as kind, status::text as key, currency::text as currency, count(*) as n,
             count(*) filter (where in_force) as m, (sum(final_price) filter (where in_force))::text as amount
        from state group by status, currency
      union all
      select 'year_before', null, null, count(*) filter (where in_force_year_before), null, null from state
      union all
      select 'lives', null, null, count(*), null, null
        from state join beneficiaries b on b.policy_id = state.id
        where state.in_force and b.cover_start_date <= ${asOf}
          and (b.cover_end_date is null or ${asOf} <= b.cover_end_date)
      `,
      ),
    ),
    // Lapses and reinstatements by the month they took effect, and the policies lapsed in the year.
    rowsOf<BookRow>(
      ctx,
      sql`
      with m as (
        select h.policy_id, h.from_status, h.to_status, h.effective_date from policy_status_history h
        where h.effective_date > ${yearBefore} and h.effective_date <= ${asOf}
          and (h.to_status = 'LAPSED' or (h.from_status = 'LAPSED' and h.to_status = 'ACTIVE'))
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
    // New business: the first move into ACTIVE (the first premium) in the 12 months, imports left out.
    rowsOf<BookRow>(
      ctx,
      sql`
      select 'new' as kind, to_char(f.first_active, 'YYYY-MM') as key, ${policies.currency}::text as currency,
             count(*) as n, null::bigint as m, sum(${policies.finalPrice})::text as amount
      from (
        select h.policy_id, min(h.effective_date) as first_active from policy_status_history h
        where h.to_status = 'ACTIVE' and h.effective_date >= ${c.windowStart}::date and h.effective_date <= ${asOf}
        group by h.policy_id
      ) f
      join ${policies} on ${policies.id} = f.policy_id
      where ${where}
        and not exists (select 1 from policy_status_history e where e.policy_id = f.policy_id
                        and e.to_status = 'ACTIVE' and e.effective_date < ${c.windowStart}::date)
        and not exists (select 1 from policy_status_history i where i.policy_id = f.policy_id
                        and i.from_status is null and i.reason = 'imported')
      group by to_char(f.first_active, 'YYYY-MM'), ${policies.currency}
      `,
    ),
    // Persistency: started in the cohort's month and ever ACTIVE (by as_of); how many are in force.
    rowsOf<BookRow>(
      ctx,
      sql`
      select 'cohort' as kind, null::text as key, null::text as currency,
             count(*) filter (where ${inForceOn(asOf, sql`s.to_status`)}) as n, count(*) as m, null::text as amount
      from ${policies}
      join plan_versions pv on pv.id = ${policies.planVersionId}
      left join lateral (
        select h.to_status from policy_status_history h
        where h.policy_id = ${policies.id} and h.effective_date <= ${asOf}
        order by h.effective_date desc, h.changed_at desc, h.id desc limit 1
      ) s on true
      where ${where}
        and ${policies.startDate} between ${c.cohortStart}::date and ${c.cohortEnd}::date
        and exists (select 1 from policy_status_history a where a.policy_id = ${policies.id}
                    and a.to_status = 'ACTIVE' and a.effective_date <= ${asOf})
      `,
    ),
  ]);

  const byStatus = Object.fromEntries(POLICY_STATUSES.map((status) => [status, 0])) as Record<PolicyStatus, number>;
  const premium = new Map<string, { n: number; amount: Decimal }>();
  const figures = { inForce: 0, inForceYearBefore: 0, lives: 0, lapsedYear: 0, cohortInForce: 0, cohort: 0 };
  for (const row of book) {
    if (row.kind === "book") {
      if (row.key) byStatus[row.key as PolicyStatus] += count(row.n);
      figures.inForce += count(row.m);
      if (row.amount !== null) {
        const sum = premium.get(row.currency!) ?? { n: 0, amount: money(0) };
        premium.set(row.currency!, { n: sum.n + count(row.m), amount: sum.amount.plus(row.amount) });
      }
    } else if (row.kind === "year_before") figures.inForceYearBefore = count(row.n);
    else if (row.kind === "lives") figures.lives = count(row.n);
  }
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
  for (const row of [...fresh].sort((a, b) => a.currency!.localeCompare(b.currency!))) {
    const month = newBusiness.get(row.key!);
    if (!month) continue;
    month.policies += count(row.n);
    month.monthly_premium.push({ currency: row.currency!, amount: formatMoney(row.amount!) });
  }
  figures.cohortInForce = count(cohort[0]?.n);
  figures.cohort = count(cohort[0]?.m);
  return {
    ...figures,
    byStatus,
    premium: [...premium.entries()]
      .filter(([, sum]) => sum.n > 0)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, sum]) => ({ currency, monthly_amount: formatMoney(sum.amount) })),
    newBusiness: [...newBusiness.values()],
    lapses: [...lapses.values()],
  };
}

/** The claims of the policies counted, by their status at the end of as_of (UTC), from their history. */
async function claimFigures(ctx: ServiceContext, filter: SQL | null, c: ReportCalendar) {
  const end = sql`${`${c.dayAfter}T00:00:00Z`}::timestamptz`;
  const rows = await rowsOf<{ status: ClaimStatus; n: number | string }>(
    ctx,
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

/**
 * Money in the 12-month window [windowStart, as_of]: payouts by the day they were recorded, payments
 * received (PAID, by paid_at) and refunds (PENDING or PAID: money owed back, by the day they were made).
 */
async function moneyFigures(ctx: ServiceContext, filter: SQL | null, c: ReportCalendar) {
  const start = sql`${`${c.windowStart}T00:00:00Z`}::timestamptz`;
  const end = sql`${`${c.dayAfter}T00:00:00Z`}::timestamptz`;
  const [paid, premium] = await Promise.all([
    rowsOf<{ currency: string; amount: string }>(
      ctx,
      sql`
      select po.currency, sum(po.amount)::text as amount
      from claim_payouts po
      join claims cl on cl.id = po.claim_id
      where ${historyOf(sql`cl.policy_id`, filter)} and po.created_at >= ${start} and po.created_at < ${end}
      group by po.currency order by po.currency
      `,
    ),
    rowsOf<{ currency: string; received: string; net: string }>(
      ctx,
      sql`
      select t.currency,
             coalesce(sum(t.amount) filter (where t.kind <> 'REFUND'), 0)::text as received,
             sum(t.amount)::text as net
      from transactions t
      where ${historyOf(sql`t.policy_id`, filter)}
        and ((t.kind <> 'REFUND' and t.status = 'PAID'
              and coalesce(t.paid_at, t.created_at) >= ${start} and coalesce(t.paid_at, t.created_at) < ${end})
          or (t.kind = 'REFUND' and t.status in ('PENDING', 'PAID')
              and t.created_at >= ${start} and t.created_at < ${end}))
      group by t.currency order by t.currency
      `,
    ),
  ]);
  return { paid, premium };
}
