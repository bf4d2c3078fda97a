import { and, eq } from "drizzle-orm";
import { claimDocuments } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { NotFoundError } from "@/lib/errors";
import { getClaimOrThrow } from "../internal";

export type ClaimDocumentFile = { filename: string; contentType: string; content: Uint8Array };

/** GET /claims/{id}/documents/{document_id}: a document of a claim the caller may see; 404 for another claim's. */
export async function getDocument({
  ctx,
  claimId,
  documentId,
}: {
  ctx: ServiceContext;
  claimId: string;
  documentId: string;
}): Promise<ClaimDocumentFile> {
  assertCan(ctx.actor, "claims:read", "portal:read");
  const claim = await getClaimOrThrow(ctx, claimId);
  const [document] = await ctx.db
    .select({
      filename: claimDocuments.filename,
      contentType: claimDocuments.contentType,
      content: claimDocuments.content,
    })
    .from(claimDocuments)
    .where(and(eq(claimDocuments.id, documentId), eq(claimDocuments.claimId, claim.id)));
  if (!document) throw new NotFoundError("document");
  return { filename: document.filename, contentType: document.contentType, content: document.content };
}
