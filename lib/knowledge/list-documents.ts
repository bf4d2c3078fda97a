import { desc, eq } from "drizzle-orm";
import { knowledgeDocuments } from "@/db/schema";
import { assertCan, scopeOf } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { toDocumentResponse } from "./internal";

/** GET /ai/knowledge: the caller's company's documents, newest first (ADMIN: every company's). */
export async function listDocuments({ ctx }: { ctx: ServiceContext }) {
  assertCan(ctx.actor, "knowledge:read");
  const scope = scopeOf(ctx.actor);
  const rows = await ctx.db
    .select()
    .from(knowledgeDocuments)
    .where(scope ? eq(knowledgeDocuments.companyId, scope.companyId) : undefined)
    .orderBy(desc(knowledgeDocuments.createdAt));
  return rows.map(toDocumentResponse);
}
