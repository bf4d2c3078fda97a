import type { PolicyDetail } from "@/components/policies/types";

// The lifecycle API's answers (lifecycle.md sections 3 to 9), where lib/lifecycle/schemas.ts
// does not define them yet.

export type AccountEntry = {
  date: string;
  kind: "PAYMENT" | "PREMIUM_PAID" | "REFUND" | "ADJUSTMENT";
  amount: string;
  reference: string | null;
};

/** GET /emission/policies/{id}/account */
export type PolicyAccount = {
  currency: string;
  premium: string;
  paid_to_date: string | null;
  next_due_date: string;
  credit: string;
  arrears_amount: string;
  grace_ends_on: string | null;
  entries: AccountEntry[];
};

/** POST /portal/policies/{id}/pay */
export type CardIntent = { client_secret: string; amount: string; currency: string };

/** The statuses a policy never leaves: nothing is due, nothing renews, nothing can be cancelled. */
export const FINAL_STATUSES: ReadonlyArray<PolicyDetail["status"]> = ["CANCELLED", "EXPIRED", "NOT_TAKEN_UP"];

export const policyPath = (policyId: string) => `/api/v1/emission/policies/${policyId}`;
