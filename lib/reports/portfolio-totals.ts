import { sql, type SQL } from "drizzle-orm";
import type Decimal from "decimal.js";
import type { DbOrTx } from "@/db";
import { rowsOf } from "@/db/rows";
import type { PortfolioMeasure } from "@/db/schema";
import { money } from "@/lib/money";
import { ENDING_STATUSES_SQL } from "./internal";

// The portfolio's figures on a day, kept ready (db/schema/reports.ts, docs/reports.md section 5). A fold
// takes the policies queued in portfolio_pending, cuts each one's past into segments (its status, whether
// it is in force, its lives and premium stay the same over each), and adds the difference from the
// segments it held before into portfolio_changes, by day, month and year. The report then reads the
// figures of a day as the sum of the years before it, the months of its year before its month, and the
// days of its month up to it: tens of thousands of rows, whatever the size of the book.

/** Policies taken in per statement: a fold of the whole book runs in bounded memory and transactions. */
const FOLD_BATCH = 5_000;

/**
 * Takes every queued policy into the totals, a batch per transaction; answers how many were taken. Folds
 * run one at a time (an advisory lock), so two readers of the report do not take the same policy twice.
 */
export async function foldPortfolioTotals(db: DbOrTx): Promise<number> {
  let taken = 0;
  // Each batch starts after the last policy of the one before: the queue's index keeps the entries of the
  // rows a batch deleted until a vacuum, and a scan from the start stepped over all of them every time
  // (a fold of a million queued policies took 43 minutes). One queued meanwhile below it waits for the
  // next fold.
  let after: string | null = null;
  for (;;) {
    const batch: { n: number; last: string | null } = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('portfolio_totals'))`);
      const [row] = await rowsOf<{ n: number | string; last: string | null }>(tx, foldBatch(FOLD_BATCH, after));
      return { n: Number(row?.n ?? 0), last: row?.last ?? null };
    });
    taken += batch.n;
    if (batch.n < FOLD_BATCH) return taken;
    after = batch.last;
  }
}

/** Whether any policy waits to be taken in (a cheap look before taking the lock). */
export async function portfolioPendingExists(db: DbOrTx): Promise<boolean> {
  const [row] = await rowsOf<{ pending: boolean }>(db, sql`select exists (select 1 from portfolio_pending) as pending`);
  return Boolean(row?.pending);
}

/**
 * One statement: dequeue up to `limit` policies, take away the segments the totals hold for them, cut
 * their segments again from the policy, its status history (by effective date, then the order the moves
 * were made, as lib/claims/eligibility.ts reads it), its plan version's grace period and its lives, and
 * add the difference to the day, month and year rows; write their facts (first premium, imported) again. Every input is read in the statement's one snapshot, and
 * only queue rows committed before it are taken: a policy written meanwhile stays queued.
 */
function foldBatch(limit: number, after: string | null): SQL {
  return sql`
  with batch as (
    select distinct policy_id from portfolio_pending
    ${after ? sql`where policy_id > ${after}::uuid` : sql``}
    order by policy_id limit ${limit}
  ),
  dequeued as (
    delete from portfolio_pending q using batch b where q.policy_id = b.policy_id returning q.policy_id
  ),
  old as (
    delete from portfolio_segments s using batch b where s.policy_id = b.policy_id returning s.*
  ),
  p as (
    select p.id, p.company_id, p.business_unit_id, pv.plan_id, p.currency, p.final_price, p.start_date,
           p.paid_to_date + pv.grace_period_days as covered_to
    from policies p join plan_versions pv on pv.id = p.plan_version_id
    where p.id in (select policy_id from batch)
  ),
  -- The facts counted by date (db/schema/reports.ts): kept for the policies there are, dropped for the rest;
  -- "prior" are those the totals hold (the statement's snapshot, before the upsert).
  prior as (
    select f.* from portfolio_policies f join batch b on b.policy_id = f.policy_id
  ),
  facts as (
    insert into portfolio_policies as f (policy_id, company_id, business_unit_id, plan_id, currency, premium,
                                         start_date, first_active, imported)
    select p.id, p.company_id, p.business_unit_id, p.plan_id, p.currency, p.final_price, p.start_date,
           (select min(h.effective_date) from policy_status_history h
             where h.policy_id = p.id and h.to_status = 'ACTIVE'),
           exists (select 1 from policy_status_history h
                    where h.policy_id = p.id and h.from_status is null and h.reason = 'imported')
    from p
    on conflict (policy_id) do update set company_id = excluded.company_id,
      business_unit_id = excluded.business_unit_id, plan_id = excluded.plan_id, currency = excluded.currency,
      premium = excluded.premium, start_date = excluded.start_date, first_active = excluded.first_active,
      imported = excluded.imported
    returning f.*
  ),
  dropped as (
    delete from portfolio_policies f using batch b
    where f.policy_id = b.policy_id and not exists (select 1 from policies where id = b.policy_id)
    returning 1
  ),
  -- The days on which something the figures read may change: a segment starts on each.
  points as (
    select p.id, p.start_date as day from p
    union select p.id, p.covered_to + 1 from p where p.covered_to is not null
    union select h.policy_id, h.effective_date from policy_status_history h join p on p.id = h.policy_id
    union select b.policy_id, b.cover_start_date from beneficiaries b join p on p.id = b.policy_id
    union select b.policy_id, b.cover_end_date + 1 from beneficiaries b join p on p.id = b.policy_id
      where b.cover_end_date is not null
  ),
  spans as (
    select id, day as from_date, lead(day) over (partition by id order by day) as to_date from points
  ),
  state as (
    select s.id, s.from_date, s.to_date, st.to_status as status,
           (p.start_date <= s.from_date and p.covered_to is not null and s.from_date <= p.covered_to
             and coalesce(st.to_status not in ${ENDING_STATUSES_SQL}, true)) as in_force
    from spans s
    join p on p.id = s.id
    left join lateral (
      select h.to_status from policy_status_history h
      where h.policy_id = s.id and h.effective_date <= s.from_date
      order by h.effective_date desc, h.changed_at desc, h.id desc limit 1
    ) st on true
  ),
  fresh as (
    insert into portfolio_segments (policy_id, from_date, to_date, company_id, business_unit_id, plan_id, currency,
                                    status, in_force, lives, premium)
    select st.id, st.from_date, st.to_date, p.company_id, p.business_unit_id, p.plan_id, p.currency,
           st.status, st.in_force,
           case when st.in_force then (
             select count(*) from beneficiaries b where b.policy_id = st.id and b.cover_start_date <= st.from_date
               and (b.cover_end_date is null or st.from_date <= b.cover_end_date)
           ) else 0 end,
           case when st.in_force then p.final_price else 0 end
    from state st join p on p.id = st.id
    where st.status is not null or st.in_force
    returning *
  ),
  -- Money by the day it moved (UTC): premiums received (PAID, by paid_at), refunds owed or paid back (by
  -- the day they were made) and claim payouts (by the day they were recorded).
  old_money as (
    delete from portfolio_money m using batch b where m.policy_id = b.policy_id returning m.*
  ),
  money as (
    insert into portfolio_money (policy_id, day, measure, company_id, business_unit_id, plan_id, currency, amount)
    select p.id, x.day, x.measure, p.company_id, p.business_unit_id, p.plan_id, x.currency, sum(x.amount)
    from p
    join lateral (
      select (coalesce(t.paid_at, t.created_at) at time zone 'UTC')::date as day, 'received' as measure,
             t.currency, t.amount
      from transactions t where t.policy_id = p.id and t.kind <> 'REFUND' and t.status = 'PAID'
      union all
      select (t.created_at at time zone 'UTC')::date, 'refunded', t.currency, t.amount
      from transactions t where t.policy_id = p.id and t.kind = 'REFUND' and t.status in ('PENDING', 'PAID')
      union all
      select (po.created_at at time zone 'UTC')::date, 'paid_out', po.currency, po.amount
      from claims cl join claim_payouts po on po.claim_id = cl.id where cl.policy_id = p.id
    ) x on true
    group by p.id, x.day, x.measure, p.company_id, p.business_unit_id, p.plan_id, x.currency
    returning *
  ),
  moves as (
    select from_date as day, 'book' as measure, company_id, business_unit_id, plan_id, currency, status,
           in_force, 1 as policies, lives, premium, 0 as amount from fresh
    union all
    select to_date, 'book', company_id, business_unit_id, plan_id, currency, status, in_force,
           -1, -lives, -premium, 0 from fresh where to_date is not null
    union all
    select from_date, 'book', company_id, business_unit_id, plan_id, currency, status, in_force,
           -1, -lives, -premium, 0 from old
    union all
    select to_date, 'book', company_id, business_unit_id, plan_id, currency, status, in_force,
           1, lives, premium, 0 from old where to_date is not null
    union all
    select first_active, 'new', company_id, business_unit_id, plan_id, currency, null, false,
           1, 0, premium, 0 from facts where first_active is not null and not imported
    union all
    select first_active, 'new', company_id, business_unit_id, plan_id, currency, null, false,
           -1, 0, -premium, 0 from prior where first_active is not null and not imported
    union all
    select day, measure, company_id, business_unit_id, plan_id, currency, null, false, 0, 0, 0, amount
    from money
    union all
    select day, measure, company_id, business_unit_id, plan_id, currency, null, false, 0, 0, 0, -amount
    from old_money
  ),
  grouped as (
    select g.grain, date_trunc(g.grain, m.day)::date as period, m.measure,
           m.company_id, m.business_unit_id, m.plan_id, m.currency, m.status, m.in_force,
           sum(m.policies)::int as policies, sum(m.lives)::int as lives, sum(m.premium) as premium,
           sum(m.amount) as amount
    from moves m cross join (values ('day'), ('month'), ('year')) as g(grain)
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9
  ),
  applied as (
    insert into portfolio_changes as c (grain, period, measure, company_id, business_unit_id, plan_id, currency,
                                        status, in_force, policies, lives, premium, amount)
    select * from grouped where policies <> 0 or lives <> 0 or premium <> 0 or amount <> 0
    on conflict (grain, period, measure, company_id, business_unit_id, plan_id, currency, status, in_force)
    do update set policies = c.policies + excluded.policies, lives = c.lives + excluded.lives,
                  premium = c.premium + excluded.premium, amount = c.amount + excluded.amount
    returning 1
  )
  select (select count(*) from batch) as n, (select max(policy_id::text) from batch) as last,
         (select count(*) from dequeued) as dequeued,
         (select count(*) from applied) as applied, (select count(*) from facts) as facts,
         (select count(*) from dropped) as dropped
  `;
}

export type DayFigures = {
  /** Policies per status on the day (those with a status), in force or not. */
  byStatus: Map<string, number>;
  inForce: number;
  lives: number;
  /** Premium in force per currency, with the count of policies it comes from. */
  premium: Map<string, { policies: number; amount: Decimal }>;
};

/**
 * The figures of each day in `days` ("YYYY-MM-DD"), for the rows `filter` keeps (a condition on
 * portfolio_changes' columns, or null). Call foldPortfolioTotals first for figures up to the moment.
 */
export async function readDayFigures(
  db: DbOrTx,
  days: readonly string[],
  filter: SQL | null,
): Promise<Map<string, DayFigures>> {
  const where = filter ?? sql`true`;
  // Each day's three ranges as constants, so that each is one range of portfolio_changes_read_idx.
  const reads = [...new Set(days)].map((day) => {
    const year = `${day.slice(0, 4)}-01-01`;
    const month = `${day.slice(0, 7)}-01`;
    const range = (condition: SQL) =>
      sql`select status, in_force, currency, policies, lives, premium from portfolio_changes
          where measure = 'book' and ${condition} and ${where}`;
    return sql`
    select ${day}::text as day, status, in_force, currency,
           sum(policies) as policies, sum(lives) as lives, sum(premium)::text as premium
    from (${range(sql`grain = 'year' and period < ${year}::date`)}
          union all ${range(sql`grain = 'month' and period >= ${year}::date and period < ${month}::date`)}
          union all ${range(sql`grain = 'day' and period >= ${month}::date and period <= ${day}::date`)}) c
    group by status, in_force, currency`;
  });
  const rows = await rowsOf<{
    day: string;
    status: string | null;
    in_force: boolean;
    currency: string;
    policies: number | string;
    lives: number | string;
    premium: string;
  }>(db, sql.join(reads, sql` union all `));
  const figures = new Map<string, DayFigures>(
    days.map((day) => [day, { byStatus: new Map(), inForce: 0, lives: 0, premium: new Map() }]),
  );
  for (const row of rows) {
    const day = figures.get(row.day)!;
    const policies = Number(row.policies);
    if (row.status && policies !== 0) day.byStatus.set(row.status, (day.byStatus.get(row.status) ?? 0) + policies);
    if (!row.in_force) continue;
    day.inForce += policies;
    day.lives += Number(row.lives);
    const premium = day.premium.get(row.currency);
    day.premium.set(row.currency, {
      policies: (premium?.policies ?? 0) + policies,
      amount: (premium?.amount ?? money(0)).plus(row.premium),
    });
  }
  return figures;
}

/** The measures counted over a window rather than on a day. */
const WINDOW_MEASURES = sql`('new', 'received', 'refunded', 'paid_out')`;

export type WindowRow = {
  measure: PortfolioMeasure;
  month: string;
  currency: string;
  policies: number;
  premium: string;
  amount: string;
};

/**
 * The new business and the money of the window [from, to] (`from` the first day of a month), per
 * measure, month ("YYYY-MM") and currency: the months before to's month from the month rows, to's month
 * up to `to` from the day rows.
 */
export async function readWindowFigures(
  db: DbOrTx,
  window: { from: string; to: string },
  filter: SQL | null,
): Promise<WindowRow[]> {
  const month = `${window.to.slice(0, 7)}-01`;
  const where = filter ?? sql`true`;
  const rows = await rowsOf<{
    measure: PortfolioMeasure;
    month: string;
    currency: string;
    policies: number | string;
    premium: string;
    amount: string;
  }>(
    db,
    sql`
    select measure, to_char(period, 'YYYY-MM') as month, currency, sum(policies) as policies,
           sum(premium)::text as premium, sum(amount)::text as amount
    from (select measure, period, currency, policies, premium, amount from portfolio_changes
          where measure in ${WINDOW_MEASURES} and grain = 'month' and period >= ${window.from}::date
            and period < ${month}::date and ${where}
          union all
          select measure, period, currency, policies, premium, amount from portfolio_changes
          where measure in ${WINDOW_MEASURES} and grain = 'day' and period >= ${month}::date
            and period <= ${window.to}::date and ${where}) c
    group by measure, to_char(period, 'YYYY-MM'), currency
    order by currency`,
  );
  return rows.map((row) => ({ ...row, policies: Number(row.policies) }));
}
