import { todayIn } from "@/lib/i18n/local-day";
import { CountryCode } from "@/lib/schemas";
import { ReportDeathInput } from "@/lib/claims/schemas";
import type { OwnPolicy } from "@/components/policies/types";

/**
 * The portal's report form: the API's ReportDeathInput, with the country where the death happened
 * asked for (the API takes it as optional, but the documents a repatriation needs depend on it).
 */
export const ReportDeathForm = ReportDeathInput.extend({ place_of_death_country: CountryCode });

/** Statuses whose policy never covered anyone: nothing was paid, or it was never taken up. */
const NEVER_COVERED: ReadonlySet<OwnPolicy["status"]> = new Set(["DRAFT", "PENDING_PAYMENT", "NOT_TAKEN_UP"]);

/**
 * The policies a death can be reported on: those that covered someone at some point (a premium was
 * paid). A lapsed or ended policy stays: a death while it covered is still claimable; the service
 * judges the date.
 */
export function claimablePolicies(policies: readonly OwnPolicy[]): OwnPolicy[] {
  return policies.filter((policy) => policy.paid_to_date !== null && !NEVER_COVERED.has(policy.status));
}

/** The people of a policy a death can be reported for: those not already recorded as deceased. */
export function reportablePeople(policy: OwnPolicy | undefined): OwnPolicy["beneficiaries"] {
  return policy ? policy.beneficiaries.filter((person) => !person.deceased_flag) : [];
}

/** Today as the person's own calendar says (YYYY-MM-DD), not UTC's: the day they lived it. */
export function localToday(now = new Date()): string {
  return todayIn(undefined, now);
}
