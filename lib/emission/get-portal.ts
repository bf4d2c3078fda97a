import { and, desc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { clients, companies, plans, planVersions, policies, users, type Company } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { NotFoundError } from "@/lib/errors";
import { nextPremium } from "./account/internal";
import { todayUtc } from "./dates";
import { ownClient, POLICY_DATE_TERMS, toClientResponse, toPolicyResponses } from "./internal";

function toCompanyContact(company: Company) {
  return {
    name: company.name,
    address: company.address,
    contact_phone: company.contactPhone,
    contact_email: company.contactEmail,
  };
}

/** The sellers who issued the policies, by user id: only active users (one who left is nobody to call). */
async function sellersById(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return new Map<string, { name: string | null; email: string }>();
  const rows = await db
    .select({ id: users.id, name: users.fullName, email: users.email })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.isActive, true)));
  return new Map(rows.map(({ id, ...seller }) => [id, seller]));
}

/**
 * GET /portal/me: the client whose e-mail is the signed-in user's, its insurer's contacts, and its
 * policies, newest first, each with its next premium and whom to call about it.
 */
export async function getPortal({ ctx }: { ctx: ServiceContext }) {
  assertCan(ctx.actor, "portal:read");
  const [client] = await ctx.db.select().from(clients).where(ownClient(ctx.actor));
  if (!client) throw new NotFoundError("client");
  const rows = await ctx.db
    .select({ policy: policies, planName: plans.name, terms: POLICY_DATE_TERMS })
    .from(policies)
    .innerJoin(planVersions, eq(planVersions.id, policies.planVersionId))
    .innerJoin(plans, eq(plans.id, planVersions.planId))
    .where(eq(policies.clientId, client.id))
    .orderBy(desc(policies.createdAt), desc(policies.id));
  const companyIds = [...new Set([client.companyId, ...rows.map((row) => row.policy.companyId)])];
  const sellerIds = [...new Set(rows.flatMap((row) => (row.policy.createdBy ? [row.policy.createdBy] : [])))];
  const [responses, companyRows, sellers] = await Promise.all([
    toPolicyResponses(
      ctx.db,
      rows.map((row) => row.policy),
    ),
    ctx.db.select().from(companies).where(inArray(companies.id, companyIds)),
    sellersById(ctx.db, sellerIds),
  ]);
  const contactOf = (companyId: string) => toCompanyContact(companyRows.find((company) => company.id === companyId)!);
  const today = todayUtc();
  return {
    client: toClientResponse(client),
    company: contactOf(client.companyId),
    policies: responses.map((policy, index) => {
      const { policy: row, planName, terms } = rows[index];
      return {
        ...policy,
        plan_name: planName,
        pdf_url: `/api/v1/emission/policies/${policy.id}/pdf`,
        passbook_url: `/api/v1/emission/policies/${policy.id}/passbook`,
        next_premium: nextPremium(row, terms, today),
        contacts: {
          company: contactOf(row.companyId),
          seller: (row.createdBy && sellers.get(row.createdBy)) || null,
        },
      };
    }),
  };
}
