import { desc, eq } from "drizzle-orm";
import { apiKeys } from "@/db/schema";
import { assertCan, scopeOf } from "@/lib/auth/actor";
import { type ServiceContext } from "@/lib/context";
import { toApiKeyResponse } from "./internal";

/** The keys, newest first, without the keys themselves: ADMIN sees every company's, others their own company's. */
export async function listApiKeys({ ctx }: { ctx: ServiceContext }) {
  assertCan(ctx.actor, "users:manage");
  const scope = scopeOf(ctx.actor);
  const rows = await ctx.db
    .select()
    .from(apiKeys)
    .where(scope ? eq(apiKeys.companyId, scope.companyId) : undefined)
    .orderBy(desc(apiKeys.createdAt));
  return rows.map(toApiKeyResponse);
}
