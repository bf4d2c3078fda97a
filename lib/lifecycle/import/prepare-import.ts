import type { PolicyStatus } from "@/db/enums";
import type { Client, PlanVersion } from "@/db/schema";
import type { PricingConfig } from "@/lib/catalog/pricing-config";
import { quotePrice } from "@/lib/catalog/pricing-config";
import { currencyDecimals } from "@/lib/currencies";
import { ageOn, endOfYearOfCover } from "@/lib/emission/dates";
import { duplicateKinshipProblems, unavailableCountryProblems } from "@/lib/emission/issue-policy";
import { addDays, addMonths } from "@/lib/emission/premium-dates";
import { assertPolicyMove } from "@/lib/emission/state-machine";
import { fitsCurrency, formatMoney, money } from "@/lib/money";
import type { ImportBeneficiaryInput, ImportPolicyInput } from "../schemas";

// The rules of importing one policy (lifecycle.md section 9), pure: given the input, its client, its
// version and today, either every problem found or everything the import writes. The JSON endpoint and
// the import of a spreadsheet both go through it, so a row is refused for exactly what a request is.

/** How far back a start_date may go. */
export const MAX_YEARS_BACK = 10;

/** What an import needs of its version: the pricing engine's config and the lifecycle terms. */
export type ImportVersion = {
  config: PricingConfig;
  terms: Pick<PlanVersion, "gracePeriodDays" | "notTakenUpDays" | "reinstatementWindowDays">;
};

/** A rule the input breaks: a policy field (index null) or a field of the life at `index`. */
export type ImportProblem = {
  index: number | null;
  field: keyof ImportPolicyInput | keyof ImportBeneficiaryInput;
  message: string;
  code: string;
};

export type PreparedLife = {
  person: ImportBeneficiaryInput;
  coverStartDate: string;
  ageAtStart: number;
  ageAtTermStart: number;
  price: string;
};

export type PreparedMove = { from: PolicyStatus | null; to: PolicyStatus; reason: string; effectiveDate: string };

export type PreparedImport = {
  input: ImportPolicyInput;
  client: Client;
  version: ImportVersion;
  status: PolicyStatus;
  termNumber: number;
  termStartDate: string;
  endDate: string;
  lapsedOn: string | null;
  finalPrice: string;
  /** Whether final_price is the premium given (else the lives were priced by the pricing engine). */
  premiumGiven: boolean;
  lives: PreparedLife[];
  /** The history rows, oldest first: the import, then what the lifecycle would have written. */
  history: PreparedMove[];
};

/** The anniversary term holding `today`, counted as renewals count it: each starts the day after the last ended. */
export function currentTerm(
  startDate: string,
  today: string,
): { termNumber: number; termStartDate: string; endDate: string } {
  let termNumber = 1;
  let termStartDate = startDate;
  while (endOfYearOfCover(termStartDate) < today) {
    termStartDate = addDays(endOfYearOfCover(termStartDate), 1);
    termNumber++;
  }
  return { termNumber, termStartDate, endDate: endOfYearOfCover(termStartDate) };
}

/**
 * The status the daily lifecycle (lifecycle.md section 4) would have given the policy by today, and the
 * history rows it would have written: nothing paid is PENDING_PAYMENT, or NOT_TAKEN_UP once start_date +
 * not_taken_up_days has passed; paid to today or later ACTIVE; within the grace period IN_ARREARS
 * (from paid_to_date + 1); beyond it LAPSED (on paid_to_date + grace + 1).
 */
export function importedStatus(
  input: Pick<ImportPolicyInput, "start_date" | "paid_to_date">,
  terms: ImportVersion["terms"],
  today: string,
): { status: PolicyStatus; lapsedOn: string | null; history: PreparedMove[] } {
  const paid = input.paid_to_date;
  const opening = (to: PolicyStatus): PreparedMove => ({
    from: null,
    to,
    reason: "imported",
    effectiveDate: input.start_date,
  });
  if (!paid) {
    const status = today > addDays(input.start_date, terms.notTakenUpDays) ? "NOT_TAKEN_UP" : "PENDING_PAYMENT";
    return { status, lapsedOn: null, history: [opening(status)] };
  }
  if (paid >= today) return { status: "ACTIVE", lapsedOn: null, history: [opening("ACTIVE")] };
  const graceEnds = addDays(paid, terms.gracePeriodDays);
  const history = [
    opening("ACTIVE"),
    {
      from: "ACTIVE",
      to: "IN_ARREARS",
      reason: `imported: in arrears, paid to ${paid}`,
      effectiveDate: addDays(paid, 1),
    },
  ] satisfies PreparedMove[];
  if (today <= graceEnds) return { status: "IN_ARREARS", lapsedOn: null, history };
  const lapsedOn = addDays(graceEnds, 1);
  return {
    status: "LAPSED",
    lapsedOn,
    history: [
      ...history,
      {
        from: "IN_ARREARS",
        to: "LAPSED",
        reason: `imported: grace period ended on ${graceEnds}`,
        effectiveDate: lapsedOn,
      },
    ],
  };
}

/** The premium given, split evenly over the lives in the currency's smallest amounts (the first lives take the rest). */
export function splitPremium(premium: string, lives: number, currency: string): string[] {
  const decimals = currencyDecimals(currency) ?? 2;
  const smallest = money(10).pow(-decimals);
  const units = money(premium).div(smallest).toNumber();
  const each = Math.floor(units / lives);
  const rest = units - each * lives;
  return Array.from({ length: lives }, (_, index) => formatMoney(smallest.times(each + (index < rest ? 1 : 0))));
}

export function prepareImport(
  input: ImportPolicyInput,
  client: Client,
  version: ImportVersion,
  today: string,
): { prepared: PreparedImport } | { problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const policyProblem = (field: ImportProblem["field"], message: string, code: string) =>
    problems.push({ index: null, field, message, code });
  const currency = version.config.version.currency;

  const earliest = addMonths(today, -12 * MAX_YEARS_BACK);
  if (input.start_date > today) policyProblem("start_date", `must not be after today (${today} UTC)`, "date_in_future");
  else if (input.start_date < earliest)
    policyProblem("start_date", `must be at most ${MAX_YEARS_BACK} years ago (${earliest} or later)`, "too_far_back");
  if (input.paid_to_date !== undefined && input.paid_to_date < input.start_date)
    policyProblem("paid_to_date", "must not be before start_date", "before_start");
  if (input.premium !== undefined && !fitsCurrency(input.premium, currency))
    policyProblem("premium", `must be a whole amount of ${currency}`, "not_whole_amount");

  const people = input.beneficiaries;
  const lifeProblem = (index: number, field: ImportProblem["field"], message: string, code: string) =>
    problems.push({ index, field, message, code });
  const coverStarts = people.map((person) => person.cover_start_date ?? input.start_date);
  people.forEach((person, index) => {
    const coverStart = coverStarts[index];
    if (person.date_of_birth > today)
      lifeProblem(index, "date_of_birth", `must not be after today (${today} UTC)`, "date_in_future");
    else if (person.date_of_birth > coverStart)
      lifeProblem(index, "date_of_birth", `born after the cover start date ${coverStart}`, "born_after_cover_start");
    // A cover start left to default is start_date, whose own problems are reported on it.
    if (person.cover_start_date === undefined) return;
    if (coverStart < input.start_date)
      lifeProblem(index, "cover_start_date", "must not be before start_date", "before_start");
    else if (coverStart > today)
      lifeProblem(index, "cover_start_date", `must not be after today (${today} UTC)`, "date_in_future");
  });
  for (const problem of duplicateKinshipProblems(people)) problems.push(problem);
  // Only a life the engine prices must live where the version is sold; a premium given was set elsewhere.
  if (input.premium === undefined)
    for (const problem of unavailableCountryProblems(
      version.config,
      people.map((person) => person.country_of_residence ?? client.countryOfResidence),
    ))
      problems.push(problem);
  if (problems.length > 0) return { problems };

  const term = currentTerm(input.start_date, today);
  const { status, lapsedOn, history } = importedStatus(input, version.terms, today);
  for (const move of history) if (move.from) assertPolicyMove(move.from, move.to, "lifecycle");

  const agesAtTermStart = people.map((person) => Math.max(0, ageOn(person.date_of_birth, term.termStartDate)));
  // The book was underwritten elsewhere: entry ages are not checked, so the engine is not asked to.
  const unlimited = { ...version.config, version: { ...version.config.version, maxEntryAge: Number.MAX_SAFE_INTEGER } };
  const prices =
    input.premium !== undefined
      ? splitPremium(input.premium, people.length, currency)
      : people.map(
          (person, index) =>
            quotePrice(unlimited, {
              countryCode: person.country_of_residence ?? client.countryOfResidence,
              age: agesAtTermStart[index],
              quantity: 1,
            }).final_price,
        );
  const finalPrice = input.premium ?? formatMoney(prices.reduce((sum, price) => sum.plus(price), money(0)));

  return {
    prepared: {
      input,
      client,
      version,
      status,
      ...term,
      lapsedOn,
      finalPrice,
      premiumGiven: input.premium !== undefined,
      lives: people.map((person, index) => ({
        person,
        coverStartDate: coverStarts[index],
        ageAtStart: ageOn(person.date_of_birth, coverStarts[index]),
        ageAtTermStart: agesAtTermStart[index],
        price: prices[index],
      })),
      history,
    },
  };
}
