import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { escapeLike } from "@/db/like";
import {
  beneficiaries,
  clients,
  companies,
  plans,
  planVersions,
  policies,
  policyStatusHistory,
  products,
  type Beneficiary,
  type Policy,
} from "@/db/schema";
import { assertCan, type Actor } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { ConflictError, NotFoundError } from "@/lib/errors";
import { visiblePolicies } from "./access";
import { COVERING_STATUSES, isCovering } from "./policy-moves";
import type { ListPoliciesQuery, PolicyResponse } from "./schemas";

export function toBeneficiaryResponse(beneficiary: Beneficiary) {
  return {
    id: beneficiary.id,
    first_name: beneficiary.firstName,
    last_name: beneficiary.lastName,
    kinship_type: beneficiary.kinshipType,
    date_of_birth: beneficiary.dateOfBirth,
    country_of_residence: beneficiary.countryOfResidence,
    age_at_start: beneficiary.ageAtStart,
    price: beneficiary.price,
    deceased_flag: beneficiary.deceasedFlag,
  };
}

export function toPolicyResponse(policy: Policy, people: Beneficiary[]): PolicyResponse {
  return {
    id: policy.id,
    policy_number: policy.policyNumber,
    client_id: policy.clientId,
    plan_version_id: policy.planVersionId,
    company_id: policy.companyId,
    business_unit_id: policy.businessUnitId,
    start_date: policy.startDate,
    end_date: policy.endDate,
    currency: policy.currency,
    final_price: policy.finalPrice,
    status: policy.status,
    beneficiaries: people.map(toBeneficiaryResponse),
    created_at: policy.createdAt.toISOString(),
  };
}

/** The policies with their beneficiaries, in the order given. */
export async function withBeneficiaries(db: DbOrTx, rows: Policy[]): Promise<PolicyResponse[]> {
  if (rows.length === 0) return [];
  const people = await db
    .select()
    .from(beneficiaries)
    .where(
      inArray(
        beneficiaries.policyId,
        rows.map((policy) => policy.id),
      ),
    )
    .orderBy(asc(beneficiaries.position), asc(beneficiaries.id));
  return rows.map((policy) =>
    toPolicyResponse(
      policy,
      people.filter((person) => person.policyId === policy.id),
    ),
  );
}

/** A policy the caller may see (by emission:read in scope, or as its own client), or 404. */
export async function findVisiblePolicy(db: DbOrTx, actor: Actor, policyId: string): Promise<Policy> {
  const [policy] = await db
    .select()
    .from(policies)
    .where(and(eq(policies.id, policyId), visiblePolicies(actor)));
  if (!policy) throw new NotFoundError("policy");
  return policy;
}

/**
 * A policy with its plan version and the names of its client, insurer, product and plan, or 404; with
 * `visibleTo`, only a policy that actor may see (otherwise the caller has checked already).
 */
export async function findPolicyWithNames(db: DbOrTx, policyId: string, visibleTo?: Actor) {
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

/** GET /emission/policies/{id}: the policy, its people, its history and the names of what it covers. */
export async function getPolicy({ ctx, policyId }: { ctx: ServiceContext; policyId: string }) {
  assertCan(ctx.actor, "emission:read", "portal:read");
  // The policy and its names in one read, within what the caller may see (404 otherwise).
  const names = await findPolicyWithNames(ctx.db, policyId, ctx.actor);
  const { policy } = names;
  const [[response], history] = await Promise.all([
    withBeneficiaries(ctx.db, [policy]),
    ctx.db
      .select()
      .from(policyStatusHistory)
      .where(eq(policyStatusHistory.policyId, policy.id))
      .orderBy(asc(policyStatusHistory.changedAt), asc(policyStatusHistory.id)),
  ]);
  return {
    ...response,
    status_history: history.map((row) => ({
      from_status: row.fromStatus,
      to_status: row.toStatus,
      changed_by: row.changedBy,
      reason: row.reason,
      changed_at: row.changedAt.toISOString(),
    })),
    client_name: names.clientName,
    product_name: names.productName,
    plan_name: names.planName,
    version_label: names.version.versionLabel ?? "",
  };
}

/** GET /emission/policies: newest first, filtered by status, client, start dates or a number/name prefix. */
export async function listPolicies({ ctx, query }: { ctx: ServiceContext; query: ListPoliciesQuery }) {
  assertCan(ctx.actor, "emission:read", "portal:read");
  const search = query.q ? `${escapeLike(query.q)}%` : null;
  const where = and(
    visiblePolicies(ctx.actor),
    query.status ? eq(policies.status, query.status) : undefined,
    query.client_id ? eq(policies.clientId, query.client_id) : undefined,
    query.start_from ? gte(policies.startDate, query.start_from) : undefined,
    query.start_to ? lte(policies.startDate, query.start_to) : undefined,
    search
      ? or(
          ilike(policies.policyNumber, search),
          ilike(clients.firstName, search),
          ilike(clients.lastName, search),
          ilike(sql`${clients.firstName} || ' ' || ${clients.lastName}`, search),
        )
      : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({
        policy: policies,
        clientName: sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`,
        planName: plans.name,
        beneficiaryCount: sql<number>`(select count(*)::int from ${beneficiaries} where ${beneficiaries.policyId} = ${policies.id})`,
      })
      .from(policies)
      .innerJoin(clients, eq(clients.id, policies.clientId))
      .innerJoin(planVersions, eq(planVersions.id, policies.planVersionId))
      .innerJoin(plans, eq(plans.id, planVersions.planId))
      .where(where)
      .orderBy(desc(policies.createdAt), desc(policies.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    ctx.db.select({ total: count() }).from(policies).innerJoin(clients, eq(clients.id, policies.clientId)).where(where),
  ]);
  const items = rows.map(({ policy, clientName, planName, beneficiaryCount }) => {
    const { beneficiaries: _people, ...fields } = toPolicyResponse(policy, []);
    return { ...fields, client_name: clientName, plan_name: planName, beneficiary_count: beneficiaryCount };
  });
  return { items, total, page: query.page, page_size: query.page_size };
}
