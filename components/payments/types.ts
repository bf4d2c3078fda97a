import type { z } from "zod";
import type { UserResponse } from "@/lib/identity/schemas";
import type { NotificationResponse } from "@/lib/notifications/schemas";
import type { CompanyResponse } from "@/lib/operations/schemas";
import type {
  DashboardResponse,
  OnboardingResponse,
  RetryResponse,
  SubscriptionResponse,
  TransactionResponse,
} from "@/lib/payments/schemas";
import { money, formatMoney } from "@/lib/money";

// The API's answers, typed from the same schemas that document them (type imports only: the browser
// bundle takes none of the server modules they sit beside).
export type Transaction = TransactionResponse;
export type Subscription = z.infer<typeof SubscriptionResponse>;
export type Retried = z.infer<typeof RetryResponse>;
export type Dashboard = z.infer<typeof DashboardResponse>;
export type Onboarding = z.infer<typeof OnboardingResponse>;
export type Company = z.infer<typeof CompanyResponse>;
export type Notification = z.infer<typeof NotificationResponse>;
export type Profile = z.infer<typeof UserResponse>;

/**
 * What a payment taken now should be: the rest of the premium while the PAID transactions (in the
 * policy's currency) fall short of final_price, which is what the service activates on. A policy paid in
 * full can still be in arrears (a failed subscription charge): then the newest failed charge's amount.
 */
export function amountDue(finalPrice: string, currency: string, transactions: Transaction[]): string {
  const paid = transactions
    .filter((transaction) => transaction.status === "PAID" && transaction.currency === currency)
    .reduce((sum, transaction) => sum.plus(transaction.amount), money(0));
  const rest = money(finalPrice).minus(paid);
  if (rest.gt(0)) return formatMoney(rest);
  // The list is newest first.
  return (
    transactions.find((transaction) => transaction.status === "FAILED" && transaction.currency === currency)?.amount ??
    formatMoney(finalPrice)
  );
}
