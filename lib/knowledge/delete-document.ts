import { and, eq } from "drizzle-orm";
import { knowledgeDocuments } from "@/db/schema";
import { assertCan, scopeOf } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { NotFoundError } from "@/lib/errors";
import { writeAudit } from "@/lib/operations/audit";

/** DELETE /ai/knowledge/{id}: the document and its fragments. */
export async function deleteDocument({ ctx, documentId }: { ctx: ServiceContext; documentId: string }) {
  assertCan(ctx.actor, "knowledge:write");
  const scope = scopeOf(ctx.actor);
  return inTransaction(ctx, async (tx) => {
    const [deleted] = await tx.db
      .delete(knowledgeDocuments)
      .where(
        and(
          eq(knowledgeDocuments.id, documentId),
          scope ? eq(knowledgeDocuments.companyId, scope.companyId) : undefined,
        ),
      )
      .returning();
    if (!deleted) throw new NotFoundError("knowledge document");
    await writeAudit(tx, {
      action: "KNOWLEDGE_DELETED",
      entity: "knowledge_documents",
      entityId: deleted.id,
      companyId: deleted.companyId,
      details: { title: deleted.title },
    });
  });
}
