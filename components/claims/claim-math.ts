import { formatMoney, money } from "@/lib/money";
import type { ExpenseType } from "@/lib/claims/schemas";

// Pure helpers of the claims desk, tested in lib/claims/__tests__/claim-desk.test.ts.

const DAY_MS = 86_400_000;

/** Whole days since the claim was reported (0 on the day itself): how long it has waited in the queue. */
export function ageInDays(reportedAt: string, now: Date = new Date()): number {
  return Math.max(0, Math.floor((now.getTime() - Date.parse(reportedAt)) / DAY_MS));
}

/** The age in English words; pages word it from the `claims` catalog (use-claim-texts.ts). */
export function ageLabel(days: number): string {
  if (days === 0) return "today";
  return days === 1 ? "1 day" : `${days} days`;
}

export type ExpenseLike = { amount: string; currency: string; expense_type: ExpenseType };
export type ExpenseTotals = {
  /** Per type, per currency, in the order of the first expense of each type. */
  byType: Array<{ type: ExpenseType; amounts: Array<{ currency: string; amount: string }> }>;
  /** The overall total per currency; one entry when every expense shares a currency. */
  overall: Array<{ currency: string; amount: string }>;
};

/**
 * Totals of a claim's expenses by type and overall, in decimal. Amounts of different currencies are
 * never added together: each currency keeps its own total.
 */
export function expenseTotals(expenses: ExpenseLike[]): ExpenseTotals {
  const byType = new Map<ExpenseType, Map<string, ReturnType<typeof money>>>();
  const overall = new Map<string, ReturnType<typeof money>>();
  for (const expense of expenses) {
    const sums = byType.get(expense.expense_type) ?? new Map();
    byType.set(expense.expense_type, sums);
    sums.set(expense.currency, (sums.get(expense.currency) ?? money(0)).plus(expense.amount));
    overall.set(expense.currency, (overall.get(expense.currency) ?? money(0)).plus(expense.amount));
  }
  const list = (sums: Map<string, ReturnType<typeof money>>) =>
    [...sums].map(([currency, amount]) => ({ currency, amount: formatMoney(amount) }));
  return { byType: [...byType].map(([type, sums]) => ({ type, amounts: list(sums) })), overall: list(overall) };
}

/** "12.50 USD + 300.00 MXN"; pages format each amount in their language (use-claim-texts.ts). */
export function formatAmounts(amounts: Array<{ currency: string; amount: string }>): string {
  return amounts.length === 0 ? "0.00" : amounts.map(({ amount, currency }) => `${amount} ${currency}`).join(" + ");
}
