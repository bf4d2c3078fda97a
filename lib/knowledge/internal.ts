import { chunksForInsert } from "@/db/chunks";
import { knowledgeDocuments, knowledgeFragments, type KnowledgeAudience, type KnowledgeDocument } from "@/db/schema";
import { companyOf, isAdmin, type Actor } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { BadRequestError, ForbiddenError, ValidationError } from "@/lib/errors";
import { parseInput } from "@/lib/http/with-api";
import { writeAudit } from "@/lib/operations/audit";
import { getCompanyOrThrow } from "@/lib/operations/internal";
import { splitIntoFragments } from "./fragments";
import { embedTexts } from "./models";
import { MetadataJson, type KnowledgeDocumentResponse } from "./schemas";

export function toDocumentResponse(document: KnowledgeDocument): KnowledgeDocumentResponse {
  return {
    id: document.id,
    title: document.title,
    company_id: document.companyId,
    metadata_json: document.metadataJson,
    chunk_count: document.chunkCount,
    source: document.source,
    audience: document.audience,
    created_at: document.createdAt.toISOString(),
  };
}

/**
 * The company a new document belongs to: the caller's own; an administrator must name it (trust.md
 * section 5: without company_id an administrator's documents landed in its own company, the default one,
 * where self-registered clients are), and only an administrator may name another.
 */
export function ingestCompanyOf(actor: Actor, requested?: string): string {
  if (isAdmin(actor)) {
    if (!requested) {
      throw new ValidationError(
        "invalid body 'company_id': an administrator must name the company whose knowledge this is",
        [{ path: "company_id", message: "is required for an administrator", code: "required" }],
      );
    }
    return requested;
  }
  const own = companyOf(actor);
  if (requested && requested !== own)
    throw new ForbiddenError("only an administrator may work on another company's knowledge");
  if (!own) throw new ValidationError("company_id is required for a caller without a company");
  return own;
}

/**
 * Stores a document with its fragments and their embeddings. Every fragment is embedded before anything
 * is written, so an embedding failure (500) stores nothing.
 */
export async function ingestDocument(
  ctx: ServiceContext,
  document: {
    title: string;
    content: string;
    metadata: Record<string, unknown>;
    source: "TEXT" | "PDF";
    audience: KnowledgeAudience;
    companyId: string;
  },
): Promise<KnowledgeDocumentResponse> {
  // An administrator may name any company_id: an unknown one is 404, not a foreign-key failure (500).
  await getCompanyOrThrow(ctx.db, document.companyId);
  const fragments = splitIntoFragments(document.content);
  if (fragments.length === 0) throw new BadRequestError("the document has no text");
  const embeddings = await embedTexts(fragments, 500);
  return inTransaction(ctx, async (tx) => {
    const [stored] = await tx.db
      .insert(knowledgeDocuments)
      .values({
        companyId: document.companyId,
        title: document.title,
        content: document.content,
        metadataJson: document.metadata,
        source: document.source,
        audience: document.audience,
        chunkCount: fragments.length,
        createdBy: tx.actor.kind === "user" ? tx.actor.userId : null,
      })
      .returning();
    const rows = fragments.map((content, position) => ({
      documentId: stored.id,
      companyId: stored.companyId,
      audience: stored.audience,
      position,
      content,
      embedding: embeddings[position],
    }));
    for (const chunk of chunksForInsert(rows)) await tx.db.insert(knowledgeFragments).values(chunk);
    await writeAudit(tx, {
      action: "KNOWLEDGE_INGESTED",
      entity: "knowledge_documents",
      entityId: stored.id,
      companyId: stored.companyId,
      details: { title: stored.title, source: stored.source, audience: stored.audience, fragments: fragments.length },
    });
    return toDocumentResponse(stored);
  });
}

/** The upload's metadata_json field: a JSON object written as text (422 otherwise). */
export function parseMetadataField(text: string | undefined): Record<string, unknown> {
  if (text === undefined || text.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ValidationError("invalid form field 'metadata_json': must be a JSON object", [
      { path: "metadata_json", message: "must be a JSON object", code: "invalid_type" },
    ]);
  }
  return parseInput(MetadataJson, value, "form field 'metadata_json'");
}
