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

/** The policies the report counts, as a condition on "policies": the caller's scope and the filters. */
function policyFilter(actor: Actor, query: PortfolioQuery): SQL {
  return (
    and(
      sql`true`,
      scopeFilter(actor, policies),
      query.company_id ? eq(policies.companyId, query.company_id) : undefined,
      query.business_unit_id ? eq(policies.businessUnitId, query.business_unit_id) : undefined,
      query.plan_id
        ? sql`${policies.planVersionId} in (select ${planVersions.id} from ${planVersions} where ${planVersions.planId} = ${query.plan_id})`
        : undefined,
    ) ?? sql`true`
  );
}

type Row = Record<string, unknown>;

/** The rows of a raw query, whichever driver ran it (postgres-js answers an array, PGlite {rows}). */
async function rowsOf<T extends Row>(ctx: ServiceContext, query: SQL): Promise<T[]> {
  const result = (await ctx.db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

const count = (value: unknown) => Number(value ?? 0);

/**
 * Everything read from the policies and their history, in one statement: each policy's status on
 * as_of and 12 months before (the move in effect: the last by effective date, then by the order the
 * moves were made, as lib/claims/eligibility.ts reads it), whether it was in force on those days, its
 * first move into ACTIVE (the first premium), whether it was imported, and the lapse moves.
 */
async function bookFigures(ctx: ServiceContext, filter: SQL, c: ReportCalendar) {
  const asOf = sql`${c.asOf}::date`;
  const yearBefore = sql`${c.yearBefore}::date`;
  const rows = await rowsOf<{
    kind: string;
    key: string | null;
    currency: string | null;
    n: number | string;
    m: number | string | null;
    amount: string | null;
  }>(
    ctx,
    sql`
    with p as materialized (
      select ${policies.id} as id, ${policies.startDate} as start_date, ${policies.paidToDate} as paid_to_date,
             ${policies.currency} as currency, ${policies.finalPrice} as final_price,
             pv.grace_period_days
      from ${policies} join plan_versions pv on pv.id = ${policies.planVersionId}
      where ${filter}
    ),
    h as materialized (
      select h.policy_id, h.from_status, h.to_status, h.effective_date, h.changed_at, h.id, h.reason
      from policy_status_history h join p on p.id = h.policy_id
      where h.effective_date <= ${asOf}
    ),
    at_day as (
      select distinct on (policy_id) policy_id, to_status from h
      order by policy_id, effective_date desc, changed_at desc, id desc
    ),
    at_year_before as (
      select distinct on (policy_id) policy_id, to_status from h where effective_date <= ${yearBefore}
      order by policy_id, effective_date desc, changed_at desc, id desc
    ),
    facts as (
      select policy_id,
             min(effective_date) filter (where to_status = 'ACTIVE') as first_active,
             bool_or(from_status is null and reason = 'imported') as imported,
             bool_or(to_status = 'LAPSED' and effective_date > ${yearBefore}) as lapsed_year
      from h group by policy_id
    ),
    state as materialized (
      select p.id, p.start_date, p.currency, p.final_price, d.to_status as status, f.first_active,
             coalesce(f.imported, false) as imported, coalesce(f.lapsed_year, false) as lapsed_year,
             (p.start_date <= ${asOf} and p.paid_to_date is not null
               and ${asOf} <= p.paid_to_date + p.grace_period_days
               and (d.to_status is null or d.to_status not in ${ENDING})) as in_force,
             (p.start_date <= ${yearBefore} and p.paid_to_date is not null
               and ${yearBefore} <= p.paid_to_date + p.grace_period_days
               and (y.to_status is null or y.to_status not in ${ENDING})) as in_force_year_before
      from p
      left join at_day d on d.policy_id = p.id
      left join at_year_before y on y.policy_id = p.id
      left join facts f on f.policy_id = p.id
    )
    select 'status' as kind, status::text as key, null::text as currency, count(*) as n, null::bigint as m,
           null::text as amount
      from state where status is not null group by status
    union all
    select 'premium', null, currency, count(*), null, sum(final_price)::text
      from state where in_force group by currency
    union all
    select 'new', to_char(first_active, 'YYYY-MM'), currency, count(*), null, sum(final_price)::text
      from state
      where not imported and first_active >= ${c.windowStart}::date
      group by to_char(first_active, 'YYYY-MM'), currency
    union all
    select 'rates', null, null,
           count(*) filter (where lapsed_year),
           count(*) filter (where in_force_year_before),
           null
      from state
    union all
    select 'cohort', null, null,
           count(*) filter (where in_force),
           count(*),
           null
      from state
      where start_date between ${c.cohortStart}::date and ${c.cohortEnd}::date and first_active is not null
    union all
    select 'lapses', to_char(effective_date, 'YYYY-MM'), null,
           count(*) filter (where to_status = 'LAPSED'),
           count(*) filter (where from_status = 'LAPSED' and to_status = 'ACTIVE'),
           null
      from h
      where effective_date >= ${c.windowStart}::date
        and (to_status = 'LAPSED' or (from_status = 'LAPSED' and to_status = 'ACTIVE'))
      group by to_char(effective_date, 'YYYY-MM')
    union all
    select 'lives', null, null, count(*), null, null
      from state join beneficiaries b on b.policy_id = state.id
      where state.in_force and b.cover_start_date <= ${asOf}
        and (b.cover_end_date is null or ${asOf} <= b.cover_end_date)
    `,
  );

  const byStatus = Object.fromEntries(POLICY_STATUSES.map((status) => [status, 0])) as Record<PolicyStatus, number>;
  const premium: Array<{ currency: string; monthly_amount: string }> = [];
  const newBusiness = new Map(
    c.months.map((month) => [
      month,
      { month, policies: 0, monthly_premium: [] as Array<{ currency: string; amount: string }> },
    ]),
  );
  const lapses = new Map(c.months.map((month) => [month, { month, lapsed: 0, reinstated: 0 }]));
  const figures = { lapsedYear: 0, inForceYearBefore: 0, cohortInForce: 0, cohort: 0, lives: 0 };
  for (const row of rows) {
    switch (row.kind) {
      case "status":
        byStatus[row.key as PolicyStatus] = count(row.n);
        break;
      case "premium":
        premium.push({ currency: row.currency!, monthly_amount: formatMoney(row.amount!) });
        break;
      case "new": {
        const month = newBusiness.get(row.key!);
        if (!month) break;
        month.policies += count(row.n);
        month.monthly_premium.push({ currency: row.currency!, amount: formatMoney(row.amount!) });
        break;
      }
      case "rates":
        figures.lapsedYear = count(row.n);
        figures.inForceYearBefore = count(row.m);
        break;
      case "cohort":
        figures.cohortInForce = count(row.n);
        figures.cohort = count(row.m);
        break;
      case "lapses": {
        const month = lapses.get(row.key!);
        if (!month) break;
        month.lapsed = count(row.n);
        month.reinstated = count(row.m);
        break;
      }
      case "lives":
        figures.lives = count(row.n);
        break;
    }
  }
  const byCurrency = (a: { currency: string }, b: { currency: string }) => a.currency.localeCompare(b.currency);
  for (const month of newBusiness.values()) month.monthly_premium.sort(byCurrency);
  return {
    // Every policy has one currency: the in-force policies are those counted under premium_in_force.
    inForce: rows.filter((row) => row.kind === "premium").reduce((sum, row) => sum + count(row.n), 0),
    byStatus,
    premium: premium.sort(byCurrency),
    newBusiness: [...newBusiness.values()],
    lapses: [...lapses.values()],
    ...figures,
  };
}

/** The claims of the policies counted, by their status at the end of as_of (UTC), from their history. */
async function claimFigures(ctx: ServiceContext, filter: SQL, c: ReportCalendar) {
  const end = sql`${`${c.dayAfter}T00:00:00Z`}::timestamptz`;
  const rows = await rowsOf<{ status: ClaimStatus; n: number | string }>(
    ctx,
    sql`
    with c as (
      select cl.id from claims cl join ${policies} on ${policies.id} = cl.policy_id
      where ${filter} and cl.reported_at < ${end}
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
async function moneyFigures(ctx: ServiceContext, filter: SQL, c: ReportCalendar) {
  const start = sql`${`${c.windowStart}T00:00:00Z`}::timestamptz`;
  const end = sql`${`${c.dayAfter}T00:00:00Z`}::timestamptz`;
  const [paid, premium] = await Promise.all([
    rowsOf<{ currency: string; amount: string }>(
      ctx,
      sql`
      select po.currency, sum(po.amount)::text as amount
      from claim_payouts po
      join claims cl on cl.id = po.claim_id
      join ${policies} on ${policies.id} = cl.policy_id
      where ${filter} and po.created_at >= ${start} and po.created_at < ${end}
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
      join ${policies} on ${policies.id} = t.policy_id
      where ${filter}
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
