import { and, count, eq, sql } from "drizzle-orm";
import { companies, policies, subscriptions, transactions } from "@/db/schema";
import { assertCan, companyOf, isAdmin } from "@/lib/auth/actor";
import { scopeFilter } from "@/lib/auth/scope-filter";
import type { ServiceContext } from "@/lib/context";
import { ForbiddenError, NotFoundError } from "@/lib/errors";
import { formatMoney, money } from "@/lib/money";

/**
 * GET /payments/reseller/dashboard: what the company's policies brought in, by month of payment, and the
 * platform's commission on it (commission_rate percent, rounded half-up per month). Amounts are in the
 * currency most of the company's payments were made in; payments in other currencies are left out
 * rather than added across currencies. Scoped like the transactions (trust.md section 3): a seller with
 * a business unit sees the figures of its unit's policies only (every PAID transaction, manual ones
 * included), and its subscriptions.
 */
export async function getResellerDashboard({ ctx, companyId }: { ctx: ServiceContext; companyId?: string }) {
  assertCan(ctx.actor, "payments:read");
  const own = companyOf(ctx.actor);
  if (companyId && companyId !== own && !isAdmin(ctx.actor))
    throw new ForbiddenError("only an administrator may read another company's dashboard");
  const target = companyId ?? own;
  if (!target) throw new NotFoundError("company");
  const [company] = await ctx.db.select().from(companies).where(eq(companies.id, target));
  if (!company) throw new NotFoundError("company");

  // The caller's own scope inside the company: a business unit narrows it; ADMIN and keys see it whole.
  const inScope = and(eq(policies.companyId, company.id), scopeFilter(ctx.actor, policies));
  const paidOfCompany = and(inScope, eq(transactions.status, "PAID"));
  const [main] = await ctx.db
    .select({ currency: transactions.currency })
    .from(transactions)
    .innerJoin(policies, eq(policies.id, transactions.policyId))
    .where(paidOfCompany)
    .groupBy(transactions.currency)
    .orderBy(sql`sum(${transactions.amount}) desc`)
    .limit(1);
  const currency = main?.currency ?? "USD";
  const month = sql<string>`to_char(coalesce(${transactions.paidAt}, ${transactions.createdAt}) at time zone 'UTC', 'YYYY-MM')`;
  const [months, [{ active }]] = await Promise.all([
    ctx.db
      .select({ month, gross: sql<string>`sum(${transactions.amount})::text` })
      .from(transactions)
      .innerJoin(policies, eq(policies.id, transactions.policyId))
      .where(and(paidOfCompany, eq(transactions.currency, currency)))
      .groupBy(month)
      .orderBy(month),
    ctx.db
      .select({ active: count() })
      .from(subscriptions)
      .innerJoin(policies, eq(policies.id, subscriptions.policyId))
      .where(and(inScope, eq(subscriptions.status, "ACTIVE"))),
  ]);
  const rate = money(company.commissionRate);
  const byMonth = months.map((row) => ({
    month: row.month,
    gross_amount: formatMoney(row.gross),
    commission_amount: formatMoney(money(row.gross).times(rate).dividedBy(100)),
  }));
  const gross = byMonth.reduce((sum, row) => sum.plus(row.gross_amount), money(0));
  const commission = byMonth.reduce((sum, row) => sum.plus(row.commission_amount), money(0));
  return {
    company_id: company.id,
    is_reseller: company.isReseller,
    commission_rate: formatMoney(rate),
    currency,
    active_subscriptions: active,
    gross_amount: formatMoney(gross),
    commission_amount: formatMoney(commission),
    net_amount: formatMoney(gross.minus(commission)),
    by_month: byMonth,
  };
}
