import type { CauseOfDeath, PolicyStatus } from "@/db/enums";
import { arrearsAmount } from "@/lib/emission/account/premiums";
import { addDays } from "@/lib/emission/premium-dates";
import type { EligibilityReasonCode, EligibilityResponse } from "./schemas";

// Whether a death was covered (claims-cover.md sections 1 and 2), pure: a function of the policy's
// facts, its moves, the life's cover dates and the version's waiting periods. Dates are YYYY-MM-DD.

/** The moves after which a policy covers nothing until it is reinstated. */
export const ENDING_STATUSES: readonly PolicyStatus[] = ["LAPSED", "CANCELLED", "EXPIRED", "NOT_TAKEN_UP"];

export type PolicyCoverFacts = {
  startDate: string;
  paidToDate: string | null;
  credit: string;
  /** The monthly premium (final_price). */
  premium: string;
  gracePeriodDays: number;
  reinstatedOn: string | null;
  /** The status history, in the order the moves were made. */
  moves: readonly { toStatus: PolicyStatus; effectiveDate: string }[];
};

export type WaitingDays = { natural: number; accident: number; suicide: number; preexisting: number };

export type LifeCover = { coverStartDate: string; coverEndDate: string | null };

type Reason = { code: EligibilityReasonCode; sentence: string };

/** The move in effect on `day`: the last one (by effective date, then order) that took effect on or before it. */
function moveInEffect(moves: PolicyCoverFacts["moves"], day: string) {
  let found: PolicyCoverFacts["moves"][number] | undefined;
  for (const move of moves) {
    if (move.effectiveDate <= day && (!found || move.effectiveDate >= found.effectiveDate)) found = move;
  }
  return found;
}

/** Why the policy was not in force on `day` (empty: it was), by the definition of section 1. */
function policyNotInForce(policy: PolicyCoverFacts, day: string): Reason[] {
  const reasons: Reason[] = [];
  if (day < policy.startDate)
    reasons.push({
      code: "policy_not_started",
      sentence: `The policy's cover starts on ${policy.startDate}, after ${day}.`,
    });
  if (policy.paidToDate === null) {
    reasons.push({ code: "never_paid", sentence: "No premium was ever paid on the policy." });
  } else {
    const graceEnds = addDays(policy.paidToDate, policy.gracePeriodDays);
    if (day > graceEnds)
      reasons.push({
        code: "premium_unpaid_beyond_grace",
        sentence: `Premiums were paid to ${policy.paidToDate} and the ${policy.gracePeriodDays}-day grace period ended on ${graceEnds}, before ${day}.`,
      });
  }
  const move = moveInEffect(policy.moves, day);
  if (move && ENDING_STATUSES.includes(move.toStatus))
    reasons.push({
      code: "policy_ended",
      sentence: `The policy was ${move.toStatus} from ${move.effectiveDate}, before ${day}.`,
    });
  return reasons;
}

/** Section 1's "in force on a day D", for the policy alone (the creation rule); IN_ARREARS counts as in force. */
export function policyInForceOn(policy: PolicyCoverFacts, day: string): boolean {
  return policyNotInForce(policy, day).length === 0;
}

/** The waiting period of a cause: UNDETERMINED takes the longer of natural and preexisting, the stricter rule. */
export function waitingDaysFor(cause: CauseOfDeath, days: WaitingDays): number {
  switch (cause) {
    case "ACCIDENT":
      return days.accident;
    case "SUICIDE":
      return days.suicide;
    case "PREEXISTING_CONDITION":
      return days.preexisting;
    case "NATURAL":
      return days.natural;
    case "UNDETERMINED":
      return Math.max(days.natural, days.preexisting);
  }
}

/** Section 2: whether the death on `dateOfDeath` was covered, and why not, in words and codes. */
export function decideEligibility(input: {
  dateOfDeath: string;
  cause: CauseOfDeath;
  policy: PolicyCoverFacts;
  life: LifeCover;
  waitingDays: WaitingDays;
}): EligibilityResponse {
  const { dateOfDeath: day, policy, life } = input;
  const notInForce = policyNotInForce(policy, day);

  const lifeReasons: Reason[] = [];
  if (day < life.coverStartDate)
    lifeReasons.push({
      code: "life_not_yet_covered",
      sentence: `The life's cover started on ${life.coverStartDate}, after the death on ${day}.`,
    });
  if (life.coverEndDate !== null && day > life.coverEndDate)
    lifeReasons.push({
      code: "life_cover_ended",
      sentence: `The life's cover ended on ${life.coverEndDate}, before the death on ${day}.`,
    });

  // The waiting period counts again from a reinstatement made before the death.
  const reinstated = policy.reinstatedOn !== null && policy.reinstatedOn <= day ? policy.reinstatedOn : null;
  const countsFrom = reinstated !== null && reinstated > life.coverStartDate ? reinstated : life.coverStartDate;
  const days = waitingDaysFor(input.cause, input.waitingDays);
  const endsOn = addDays(countsFrom, days);
  const met = day >= endsOn;
  const waitingReasons: Reason[] = met
    ? []
    : [
        {
          code: "waiting_period_not_met",
          sentence: `The ${days}-day waiting period for a death of cause ${input.cause} counts from ${countsFrom} and ends on ${endsOn}; the death on ${day} fell within it.`,
        },
      ];

  const paidTo = policy.paidToDate;
  const reasons = [...notInForce, ...lifeReasons, ...waitingReasons];
  return {
    covered: reasons.length === 0,
    in_force_on_date_of_death: notInForce.length === 0,
    life_covered_on_date_of_death: lifeReasons.length === 0,
    in_grace_period: paidTo !== null && day > paidTo && day <= addDays(paidTo, policy.gracePeriodDays),
    premium_outstanding: arrearsAmount({
      startDate: policy.startDate,
      paidToDate: paidTo,
      credit: policy.credit,
      premium: policy.premium,
      today: day,
    }),
    waiting_period: { cause: input.cause, days, cover_start_date: countsFrom, ends_on: endsOn, met },
    reasons: reasons.map((reason) => reason.sentence),
    reason_codes: reasons.map((reason) => reason.code),
  };
}
