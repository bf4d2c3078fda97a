import type { PolicyDetail } from "@/components/policies/types";
import type { ClaimResponse } from "@/lib/claims/schemas";

// The API's answers, typed from the same schemas that document them.
export type Claim = ClaimResponse;
export type ClaimExpense = ClaimResponse["expenses"][number];
export type ClaimHistoryEntry = ClaimResponse["status_history"][number];
export type ClaimEligibility = NonNullable<ClaimResponse["eligibility"]>;
export type ClaimRequirement = ClaimResponse["requirements"][number];
export type ClaimDocument = ClaimResponse["documents"][number];
export type ClaimPayout = ClaimResponse["payouts"][number];
export type {
  ClaimDocumentResponse,
  ClaimPayoutResponse,
  ClaimRequirementResponse,
  RequirementListResponse,
} from "@/lib/claims/schemas";
export type { PolicyDetail };

/** A person of a policy as the desk names them. */
export function personName(policy: PolicyDetail | null | undefined, beneficiaryId: string): string | null {
  const person = policy?.beneficiaries.find((beneficiary) => beneficiary.id === beneficiaryId);
  return person ? `${person.first_name} ${person.last_name}` : null;
}
