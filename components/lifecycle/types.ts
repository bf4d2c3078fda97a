import type { PolicyDetail } from "@/components/policies/types";

/** The statuses a policy never leaves: nothing is due, nothing renews, nothing can be cancelled. */
export const FINAL_STATUSES: ReadonlyArray<PolicyDetail["status"]> = ["CANCELLED", "EXPIRED", "NOT_TAKEN_UP"];

export const policyPath = (policyId: string) => `/api/v1/emission/policies/${policyId}`;
