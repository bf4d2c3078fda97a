import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import {
  beneficiaries,
  clients,
  companies,
  plans,
  planVersions,
  policies,
  products,
  type Beneficiary,
  type Client,
  type PlanVersion,
  type Policy,
} from "@/db/schema";
import { assertEmailVerified, can, scopeOf, type Actor } from "@/lib/auth/actor";
import { scopeFilter } from "@/lib/auth/scope-filter";
import type { ServiceContext } from "@/lib/context";
import { ConflictError, NotFoundError } from "@/lib/errors";
import { todayUtc } from "./dates";
import { addDays } from "./premium-dates";
import type { ClientResponse, PolicyResponse } from "./schemas";
import { COVERING_STATUSES, isCovering } from "./state-machine";

// Who sees which clients and policies (contract sections 2 and 6): emission:read within the caller's
// company (and business unit); a client (portal:read) only the client record with its own e-mail and that
// client's policies. Everything else is invisible, and reads of it answer 404.
//
// A client's link to its records is its e-mail, which must be proved first (trust.md section 1): both
// ways into them below refuse an unverified user with 403 `email_not_verified`, as the query is built,
// so before any lookup and any 404. Every read a client makes (portal, policies, certificate, pass,
// claims) goes through them.

const NOTHING = sql`false`;

/** The clients whose e-mail is the signed-in user's own (one at most: e-mails are unique in any case). */
export function ownClientIds(actor: Actor) {
  assertEmailVerified(actor);
  const email = actor.kind === "user" ? actor.email : "";
  return sql`(select ${clients.id} from ${clients} where lower(${clients.email}) = lower(${email}))`;
}

export function visibleClients(actor: Actor): SQL | undefined {
  if (can(actor, "emission:read")) return scopeFilter(actor, clients);
  if (can(actor, "portal:read") && actor.kind === "user") return inArray(clients.id, ownClientIds(actor));
  return NOTHING;
}

export function visiblePolicies(actor: Actor): SQL | undefined {
  if (can(actor, "emission:read")) return scopeFilter(actor, policies);
  if (can(actor, "portal:read") && actor.kind === "user") return inArray(policies.clientId, ownClientIds(actor));
  return NOTHING;
}

/** The client that a signed-in user is, by its e-mail. */
export function ownClient(actor: Actor): SQL {
  assertEmailVerified(actor);
  return actor.kind === "user" ? sql`lower(${clients.email}) = lower(${actor.email})` : eq(clients.id, sql`null`);
}

export function toClientResponse(client: Client): ClientResponse {
  return {
    id: client.id,
    first_name: client.firstName,
    last_name: client.lastName,
    email: client.email,
    birth_date: client.birthDate,
    nationality: client.nationality,
    country_of_residence: client.countryOfResidence,
    acquisition_channel: client.acquisitionChannel,
    phone_e164: client.phoneE164,
    preferred_language: client.preferredLanguage,
    company_id: client.companyId,
    created_at: client.createdAt.toISOString(),
  };
}

/** The company and business unit a new client, policy or lead records: those of whoever creates it. */
export function ownerOf(actor: Actor): { companyId: string; businessUnitId: string | null } | null {
  if (actor.kind === "user") return { companyId: actor.companyId, businessUnitId: actor.businessUnitId };
  if (actor.kind === "api_key") return { companyId: actor.companyId, businessUnitId: null };
  return scopeOf(actor);
}

/**
 * A client the caller may see, or 404. `forUpdate` is for a change (the caller holds emission:write): the
 * client must be in the caller's scope, and its row stays locked until the transaction ends.
 */
export async function getClientOrThrow(
  ctx: ServiceContext,
  clientId: string,
  options: { forUpdate?: boolean } = {},
): Promise<Client> {
  const query = ctx.db
    .select()
    .from(clients)
    .where(
      and(eq(clients.id, clientId), options.forUpdate ? scopeFilter(ctx.actor, clients) : visibleClients(ctx.actor)),
    );
  const [client] = options.forUpdate ? await query.for("update") : await query;
  if (!client) throw new NotFoundError("client");
  return client;
}

export function toBeneficiaryResponse(beneficiary: Beneficiary) {
  return {
    id: beneficiary.id,
    first_name: beneficiary.firstName,
    last_name: beneficiary.lastName,
    kinship_type: beneficiary.kinshipType,
    date_of_birth: beneficiary.dateOfBirth,
    country_of_residence: beneficiary.countryOfResidence,
    age_at_start: beneficiary.ageAtStart,
    age_at_term_start: beneficiary.ageAtTermStart,
    price: beneficiary.price,
    deceased_flag: beneficiary.deceasedFlag,
    cover_start_date: beneficiary.coverStartDate,
    cover_end_date: beneficiary.coverEndDate,
  };
}

/** The terms of a policy's version that its derived dates are counted with (lifecycle.md section 2). */
export type PolicyDateTerms = Pick<PlanVersion, "gracePeriodDays" | "reinstatementWindowDays">;

export const POLICY_DATE_TERMS = {
  gracePeriodDays: planVersions.gracePeriodDays,
  reinstatementWindowDays: planVersions.reinstatementWindowDays,
};

/**
 * The dates a policy's status and paid-to date imply (lifecycle.md section 2): the next premium's due
 * date, the end of the grace period while IN_ARREARS, the last day of the reinstatement window while LAPSED.
 */
export function policyDates(policy: Policy, terms: PolicyDateTerms, today = todayUtc()) {
  const reinstatableUntil =
    policy.status === "LAPSED" && policy.lapsedOn && terms.reinstatementWindowDays > 0
      ? addDays(policy.lapsedOn, terms.reinstatementWindowDays)
      : null;
  return {
    next_due_date: policy.paidToDate ? addDays(policy.paidToDate, 1) : policy.startDate,
    grace_ends_on:
      policy.status === "IN_ARREARS" && policy.paidToDate ? addDays(policy.paidToDate, terms.gracePeriodDays) : null,
    reinstatable_until: reinstatableUntil !== null && reinstatableUntil >= today ? reinstatableUntil : null,
  };
}

export function toPolicyResponse(policy: Policy, people: Beneficiary[], terms: PolicyDateTerms): PolicyResponse {
  return {
    id: policy.id,
    policy_number: policy.policyNumber,
    client_id: policy.clientId,
    plan_version_id: policy.planVersionId,
    company_id: policy.companyId,
    business_unit_id: policy.businessUnitId,
    start_date: policy.startDate,
    term_number: policy.termNumber,
    term_start_date: policy.termStartDate,
    end_date: policy.endDate,
    currency: policy.currency,
    final_price: policy.finalPrice,
    status: policy.status,
    paid_to_date: policy.paidToDate,
    credit: policy.credit,
    ...policyDates(policy, terms),
    lapsed_on: policy.lapsedOn,
    reinstated_on: policy.reinstatedOn,
    auto_renew: policy.autoRenew,
    cancel_at: policy.cancelAt,
    cancellation_reason_code: policy.cancellationReasonCode,
    beneficiaries: people.map(toBeneficiaryResponse),
    created_at: policy.createdAt.toISOString(),
  };
}

/** The policies with their beneficiaries, in the order given. */
export async function toPolicyResponses(db: DbOrTx, rows: Policy[]): Promise<PolicyResponse[]> {
  if (rows.length === 0) return [];
  const [people, versions] = await Promise.all([
    db
      .select()
      .from(beneficiaries)
      .where(
        inArray(
          beneficiaries.policyId,
          rows.map((policy) => policy.id),
        ),
      )
      .orderBy(asc(beneficiaries.position), asc(beneficiaries.id)),
    db
      .select({ id: planVersions.id, ...POLICY_DATE_TERMS })
      .from(planVersions)
      .where(inArray(planVersions.id, [...new Set(rows.map((policy) => policy.planVersionId))])),
  ]);
  return rows.map((policy) =>
    toPolicyResponse(
      policy,
      people.filter((person) => person.policyId === policy.id),
      versions.find((version) => version.id === policy.planVersionId)!,
    ),
  );
}

/**
 * A policy the caller may see (by emission:read in scope, or as its own client), or 404. With
 * `forUpdate`, the row stays locked until the caller's transaction ends.
 */
export async function getPolicyOrThrow(
  ctx: ServiceContext,
  policyId: string,
  options: { forUpdate?: boolean } = {},
): Promise<Policy> {
  const query = ctx.db
    .select()
    .from(policies)
    .where(and(eq(policies.id, policyId), visiblePolicies(ctx.actor)));
  const [policy] = options.forUpdate ? await query.for("update") : await query;
  if (!policy) throw new NotFoundError("policy");
  return policy;
}

/**
 * A policy with its plan version and the names of its client, insurer, product and plan, or 404; with
 * `visibleTo`, only a policy that actor may see (otherwise the caller has checked already, or the reader
 * is public: the verification page, a background render).
 */
export async function getPolicyWithNamesOrThrow(db: DbOrTx, policyId: string, options: { visibleTo?: Actor } = {}) {
  const { visibleTo } = options;
  const [row] = await db
    .select({
      policy: policies,
      version: planVersions,
      clientName: sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`,
      companyName: companies.name,
      productName: products.name,
      planName: plans.name,
    })
    .from(policies)
    .innerJoin(clients, eq(clients.id, policies.clientId))
    .innerJoin(companies, eq(companies.id, policies.companyId))
    .innerJoin(planVersions, eq(planVersions.id, policies.planVersionId))
    .innerJoin(plans, eq(plans.id, planVersions.planId))
    .innerJoin(products, eq(products.id, plans.productId))
    .where(and(eq(policies.id, policyId), visibleTo ? visiblePolicies(visibleTo) : undefined));
  if (!row) throw new NotFoundError("policy");
  return row;
}

/** 409 unless the policy covers its people: `what` (a certificate, a wallet pass) is issued only then. */
export function assertCovering(policy: Policy, what: string): void {
  if (!isCovering(policy.status)) {
    throw new ConflictError(
      `policy ${policy.policyNumber} is ${policy.status}: ${what} is issued only while a policy is ${COVERING_STATUSES.join(" or ")}`,
    );
  }
}
