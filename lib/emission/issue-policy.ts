import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { chunksForInsert } from "@/db/chunks";
import { beneficiaries, planVersions, policies, policyStatusHistory, type Beneficiary } from "@/db/schema";
import { actorLabel, assertCan } from "@/lib/auth/actor";
import { isAvailableIn, type PriceQuote } from "@/lib/catalog/pricing";
import {
  availabilityIn,
  getPricingConfig,
  isSoldTo,
  quotePrice,
  type PricingConfig,
} from "@/lib/catalog/pricing-config";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { BadRequestError, BusinessRuleError, NotFoundError } from "@/lib/errors";
import { money, formatMoney } from "@/lib/money";
import { enqueueNotification } from "@/lib/notifications/enqueue-notification";
import { clientLanguage } from "@/lib/notifications/language";
import { writeAudit } from "@/lib/operations/audit";
import { ageOn, endOfYearOfCover, todayUtc } from "./dates";
import { recordTerm } from "./terms";
import { nextPolicyNumber } from "./policy-numbers";
import { getClientOrThrow, ownerOf, POLICY_DATE_TERMS, toPolicyResponse } from "./internal";
import type { BeneficiaryInput, IssuePolicyInput, KinshipType, PolicyResponse } from "./schemas";

/** A rule one beneficiary breaks: which one (by position), which of its fields, and why. */
/** One beneficiary's problem: its field, the English message and the stable code (localisation.md section 3). */
export type BeneficiaryProblem = { index: number; field: keyof BeneficiaryInput; message: string; code: string };

export type IssueOptions = {
  /**
   * How problems with single beneficiaries reach the caller. The JSON endpoint names paths
   * ("beneficiaries.2.date_of_birth"); the bulk upload names spreadsheet rows and columns.
   */
  reportProblems?: (detail: string, problems: BeneficiaryProblem[]) => never;
};

export function reportAsPaths(detail: string, problems: BeneficiaryProblem[]): never {
  throw new BusinessRuleError(
    detail,
    problems.map((problem) => ({
      path: `beneficiaries.${problem.index}.${problem.field}`,
      message: problem.message,
      code: problem.code,
    })),
  );
}

function describe(person: BeneficiaryInput, index: number): string {
  return `beneficiary ${index + 1} (${person.first_name} ${person.last_name})`;
}

/** The country a life is priced and checked in: its own, else the client's. */
function countryOf(person: BeneficiaryInput, clientCountry: string): string {
  return person.country_of_residence ?? clientCountry;
}

/**
 * At most one SELF and one SPOUSE, counting `covered` (the kinships of the lives the policy keeps): each
 * later one is a problem. Shared with endorsements and the import of a book.
 */
export function duplicateKinshipProblems(
  people: Array<Pick<BeneficiaryInput, "kinship_type">>,
  covered: readonly KinshipType[] = [],
): BeneficiaryProblem[] {
  return people.flatMap((person, index): BeneficiaryProblem[] => {
    const unique = person.kinship_type === "SELF" || person.kinship_type === "SPOUSE";
    const earlier = people.findIndex((other) => other.kinship_type === person.kinship_type);
    return unique && (earlier !== index || covered.includes(person.kinship_type))
      ? [
          {
            index,
            field: "kinship_type",
            message: `only one ${person.kinship_type} beneficiary per policy`,
            code: "duplicate_kinship",
          },
        ]
      : [];
  });
}

/** Each person (by position, with the country they live in) whose country the version is not sold in. */
export function unavailableCountryProblems(config: PricingConfig, countries: string[]): BeneficiaryProblem[] {
  return countries.flatMap((country, index): BeneficiaryProblem[] =>
    isAvailableIn(availabilityIn(config, country))
      ? []
      : [
          {
            index,
            field: "country_of_residence",
            message: `the plan is not available in ${country}`,
            code: "not_available_in_country",
          },
        ],
  );
}

/**
 * The rules a life passes when it joins a policy, at issue or added by an endorsement (lifecycle.md
 * section 7), on the day its cover starts (`on`): who is covered (one SELF and one SPOUSE, counting
 * `covered`, the kinships of the lives the policy keeps), born by `on`, its age at `on` within the
 * version's max_entry_age, and its country where the version is sold. Every problem is listed at once (a
 * spreadsheet shows them all on their rows), in the contract's order: who is covered, ages, countries.
 */
export function checkNewLives(
  config: PricingConfig,
  people: BeneficiaryInput[],
  options: { on: string; clientCountry: string; covered?: readonly KinshipType[] },
): { ages: number[]; problems: BeneficiaryProblem[] } {
  const { on, clientCountry, covered = [] } = options;
  const kinshipProblems = duplicateKinshipProblems(people, covered);

  const ages = people.map((person) => ageOn(person.date_of_birth, on));
  const birthProblems = people.flatMap((person, index): BeneficiaryProblem[] =>
    ages[index] < 0
      ? [{ index, field: "date_of_birth", message: `born after the start date ${on}`, code: "born_after_start" }]
      : [],
  );

  const maxAge = config.version.maxEntryAge;
  const ageProblems = people.flatMap((person, index): BeneficiaryProblem[] =>
    ages[index] > maxAge
      ? [
          {
            index,
            field: "date_of_birth",
            message: `age ${ages[index]} at ${on} exceeds the maximum entry age of ${maxAge}`,
            code: "above_max_entry_age",
          },
        ]
      : [],
  );

  const countryProblems = unavailableCountryProblems(
    config,
    people.map((person) => countryOf(person, clientCountry)),
  );

  return { ages, problems: [...kinshipProblems, ...birthProblems, ...ageProblems, ...countryProblems] };
}

/** Each life priced by the catalog's pricing engine at its age (from checkNewLives), quantity 1. */
export function priceNewLives(
  config: PricingConfig,
  people: BeneficiaryInput[],
  ages: number[],
  clientCountry: string,
): PriceQuote[] {
  return people.map((person, index) =>
    quotePrice(config, { countryCode: countryOf(person, clientCountry), age: ages[index], quantity: 1 }),
  );
}

/**
 * POST /emission/issue. Checks in the contract's order: unknown client or version (404), inactive
 * version (400), start_date before today in UTC (422), who is covered (one SELF, one SPOUSE, born by the
 * start), every beneficiary's age at start_date against max_entry_age (422), then every beneficiary's
 * country (their own, else the client's) against the version's availability (422). Each person is then
 * priced by the catalog's pricing engine with quantity 1, and final_price is their sum.
 */
export async function issuePolicy({
  ctx,
  input,
  options = {},
}: {
  ctx: ServiceContext;
  input: IssuePolicyInput;
  options?: IssueOptions;
}): Promise<PolicyResponse> {
  assertCan(ctx.actor, "emission:write");
  const owner = ownerOf(ctx.actor);
  if (!owner) throw new Error("policies are issued by users or API keys");
  const report = options.reportProblems ?? reportAsPaths;

  return inTransaction(ctx, async (tx) => {
    const client = await getClientOrThrow(tx, input.client_id);
    // A policy holds its version's terms: the version may not change while the issue is under way
    // (editing a version takes this row FOR UPDATE and refuses once a policy uses it).
    const [locked] = await tx.db
      .select({ id: planVersions.id })
      .from(planVersions)
      .where(eq(planVersions.id, input.plan_version_id))
      .for("share");
    const config = locked ? await getPricingConfig(tx.db, input.plan_version_id) : null;
    if (!config || !isSoldTo(config, tx.actor)) throw new NotFoundError("plan version");
    if (!config.version.isActive) throw new BadRequestError("the plan version is not active");

    const today = todayUtc();
    if (input.start_date < today) {
      throw new BusinessRuleError(`start_date ${input.start_date} is in the past (today is ${today} UTC)`, [
        { path: "start_date", message: "must not be in the past", code: "date_in_past" },
      ]);
    }

    const people = input.beneficiaries;
    const clientCountry = client.countryOfResidence;
    const { ages, problems } = checkNewLives(config, people, { on: input.start_date, clientCountry });
    if (problems.length > 0)
      report(`${describe(people[problems[0].index], problems[0].index)}: ${problems[0].message}`, problems);

    const quotes = priceNewLives(config, people, ages, clientCountry);
    const finalPrice = formatMoney(quotes.reduce((sum, quote) => sum.plus(quote.final_price), money(0)));

    // The year's number counter stays locked from the moment a number is taken until the commit, so
    // concurrent issues take turns there: the policy is written first under a provisional number, and the
    // real one is taken as the last write.
    const [provisional] = await tx.db
      .insert(policies)
      .values({
        policyNumber: `PROVISIONAL-${randomUUID()}`,
        clientId: client.id,
        planVersionId: config.version.id,
        companyId: owner.companyId,
        businessUnitId: owner.businessUnitId,
        startDate: input.start_date,
        termStartDate: input.start_date,
        endDate: endOfYearOfCover(input.start_date),
        currency: config.version.currency,
        finalPrice,
        status: "PENDING_PAYMENT",
        createdBy: tx.actor.kind === "user" ? tx.actor.userId : null,
      })
      .returning();
    const rows = people.map((person, index) => ({
      policyId: provisional.id,
      firstName: person.first_name,
      lastName: person.last_name,
      kinshipType: person.kinship_type,
      dateOfBirth: person.date_of_birth,
      countryOfResidence: person.country_of_residence ?? null,
      ageAtStart: ages[index],
      ageAtTermStart: ages[index],
      price: quotes[index].final_price,
      coverStartDate: input.start_date,
      position: index,
    }));
    const insertedPeople: Beneficiary[] = [];
    for (const chunk of chunksForInsert(rows))
      insertedPeople.push(...(await tx.db.insert(beneficiaries).values(chunk).returning()));
    await tx.db.insert(policyStatusHistory).values({
      policyId: provisional.id,
      fromStatus: null,
      toStatus: "PENDING_PAYMENT",
      changedBy: actorLabel(tx.actor),
      reason: "policy issued",
      effectiveDate: today,
    });
    await recordTerm(tx.db, provisional, insertedPeople);
    const policyNumber = await nextPolicyNumber(tx.db, Number(today.slice(0, 4)));
    await tx.db.update(policies).set({ policyNumber }).where(eq(policies.id, provisional.id));
    const policy = { ...provisional, policyNumber };
    const details = {
      policy_number: policyNumber,
      client_id: client.id,
      plan_version_id: policy.planVersionId,
      beneficiaries: people.length,
      final_price: finalPrice,
    };
    // The contract names both: the record created, and the act of issuing it.
    await writeAudit(tx, {
      action: "POLICY_CREATED",
      entity: "policies",
      entityId: policy.id,
      companyId: policy.companyId,
      details,
    });
    await writeAudit(tx, {
      action: "POLICY_ISSUED",
      entity: "policies",
      entityId: policy.id,
      companyId: policy.companyId,
      details,
    });
    await enqueueNotification(tx, {
      channel: "EMAIL",
      recipient: client.email,
      template: "policy.issued",
      language: clientLanguage(client),
      companyId: policy.companyId,
      payload: {
        name: client.firstName,
        policy_number: policyNumber,
        start_date: policy.startDate,
        end_date: policy.endDate,
        final_price: finalPrice,
        currency: policy.currency,
      },
    });
    const [terms] = await tx.db
      .select(POLICY_DATE_TERMS)
      .from(planVersions)
      .where(eq(planVersions.id, policy.planVersionId));
    return toPolicyResponse(policy, insertedPeople, terms);
  });
}
