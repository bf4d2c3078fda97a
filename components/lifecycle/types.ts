import type { Beneficiary, PolicyDetail } from "@/components/policies/types";
import type { PolicyTermResponse, RenewalPreviewResponse } from "@/lib/lifecycle/schemas";

// The lifecycle API's answers (lifecycle.md sections 3 to 9), typed from their schemas where they exist.

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

export type PolicyTerm = PolicyTermResponse;
export type RenewalPreview = RenewalPreviewResponse;

export type Endorsement = {
  id: string;
  effective_date: string;
  reason: string;
  premium_before: string;
  premium_after: string;
  added: Beneficiary[];
  removed: Beneficiary[];
};

/** POST /emission/policies/{id}/endorsements (and its dry run) */
export type EndorsementResult = { endorsement: Endorsement; policy: PolicyDetail };

/** POST /portal/policies/{id}/pay */
export type CardIntent = { client_secret: string; amount: string; currency: string };

/** The statuses a policy never leaves: nothing is due, nothing renews, nothing can be cancelled. */
export const FINAL_STATUSES: ReadonlyArray<PolicyDetail["status"]> = ["CANCELLED", "EXPIRED", "NOT_TAKEN_UP"];

export const policyPath = (policyId: string) => `/api/v1/emission/policies/${policyId}`;
