import { desc, eq } from "drizzle-orm";
import { clients, plans, planVersions, policies } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { NotFoundError } from "@/lib/errors";
import { ownClient, toClientResponse, toPolicyResponses } from "./internal";

/** GET /portal/me: the client whose e-mail is the signed-in user's, with its policies, newest first. */
export async function getPortal({ ctx }: { ctx: ServiceContext }) {
  assertCan(ctx.actor, "portal:read");
  const [client] = await ctx.db.select().from(clients).where(ownClient(ctx.actor));
  if (!client) throw new NotFoundError("client");
  const rows = await ctx.db
    .select({ policy: policies, planName: plans.name })
    .from(policies)
    .innerJoin(planVersions, eq(planVersions.id, policies.planVersionId))
    .innerJoin(plans, eq(plans.id, planVersions.planId))
    .where(eq(policies.clientId, client.id))
    .orderBy(desc(policies.createdAt), desc(policies.id));
  const responses = await toPolicyResponses(
    ctx.db,
    rows.map((row) => row.policy),
  );
  return {
    client: toClientResponse(client),
    policies: responses.map((policy, index) => ({
      ...policy,
      plan_name: rows[index].planName,
      pdf_url: `/api/v1/emission/policies/${policy.id}/pdf`,
      passbook_url: `/api/v1/emission/policies/${policy.id}/passbook`,
    })),
  };
}
