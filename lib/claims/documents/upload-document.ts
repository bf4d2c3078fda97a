import { and, eq } from "drizzle-orm";
import { claimDocuments, claimRequirements, type Claim } from "@/db/schema";
import { actorLabel, assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { BusinessRuleError, ConflictError } from "@/lib/errors";
import { writeAudit } from "@/lib/operations/audit";
import { runOffThread } from "@/lib/offload/pool";
import { documentColumns, getClaimOrThrow, toDocumentResponse } from "../internal";
import type { ClaimDocumentResponse } from "../schemas";
import { acceptsExpenses } from "../state-machine";
import type { ClaimDocumentType } from "./inspect-document";

/** The longest file name kept, in characters. */
export const MAX_FILENAME_LENGTH = 200;

const EXTENSION_OF: Record<ClaimDocumentType, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
};

/**
 * The client's file name, made harmless: no folders (its last segment only), no control or direction
 * characters, no leading dots, at most 200 characters with the extension kept; "document.<ext>" when
 * nothing is left.
 */
export function documentFilename(name: string, contentType: ClaimDocumentType): string {
  const base = (name.split(/[/\\]/).pop() ?? "")
    // C0 and C1 controls, and the bidirectional marks that make "exe.pdf" read as "fdp.exe".
    .replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .trim()
    .replace(/^\.+/, "")
    .trim();
  const chars = Array.from(base);
  if (chars.length === 0) return `document.${EXTENSION_OF[contentType]}`;
  if (chars.length <= MAX_FILENAME_LENGTH) return base;
  const dot = base.lastIndexOf(".");
  const extension = dot > 0 ? Array.from(base.slice(dot)) : [];
  if (extension.length === 0 || extension.length > 16) return chars.slice(0, MAX_FILENAME_LENGTH).join("");
  return [...chars.slice(0, MAX_FILENAME_LENGTH - extension.length), ...extension].join("");
}

function assertTakesDocuments(claim: Claim): void {
  if (!acceptsExpenses(claim.status)) throw new ConflictError(`no documents can be added to a ${claim.status} claim`);
}

/**
 * Before the body of an upload is read: the claim is the caller's (404 otherwise, a client's own only)
 * and still takes documents (409), so that nobody sends 10 MiB to learn that.
 */
export async function assertClaimTakesDocuments({ ctx, claimId }: { ctx: ServiceContext; claimId: string }) {
  assertCan(ctx.actor, "claims:write", "portal:read");
  assertTakesDocuments(await getClaimOrThrow(ctx, claimId));
}

/**
 * POST /claims/{id}/documents: stores the file for an item of the claim's checklist, which becomes
 * RECEIVED (also after ACCEPTED or REJECTED). The file's type is decided by its content, on a worker
 * thread (422 when it is not a PDF, JPEG or PNG).
 */
export async function uploadDocument({
  ctx,
  claimId,
  input,
}: {
  ctx: ServiceContext;
  claimId: string;
  input: { requirementCode: string; file: { name: string; bytes: Uint8Array } };
}): Promise<ClaimDocumentResponse> {
  assertCan(ctx.actor, "claims:write", "portal:read");
  const requirementOf = (db: ServiceContext["db"], forUpdate: boolean) => {
    const query = db
      .select()
      .from(claimRequirements)
      .where(and(eq(claimRequirements.claimId, claimId), eq(claimRequirements.code, input.requirementCode)));
    return forUpdate ? query.for("update") : query;
  };
  const unknownRequirement = () =>
    new BusinessRuleError(`the claim has no checklist item ${input.requirementCode}`, [
      { path: "requirement_code", message: "is not an item of this claim's checklist", code: "unknown_requirement" },
    ]);

  // The cheap refusals first, before the file is checked.
  assertTakesDocuments(await getClaimOrThrow(ctx, claimId));
  if ((await requirementOf(ctx.db, false)).length === 0) throw unknownRequirement();
  const inspected = await runOffThread("inspectClaimDocument", input.file.bytes);

  return inTransaction(ctx, async (tx) => {
    // Locked, so that an upload and a closing move or a review of the same claim never cross.
    const claim = await getClaimOrThrow(tx, claimId, { forUpdate: true });
    assertTakesDocuments(claim);
    const [requirement] = await requirementOf(tx.db, true);
    if (!requirement) throw unknownRequirement();
    const [document] = await tx.db
      .insert(claimDocuments)
      .values({
        claimId: claim.id,
        requirementCode: requirement.code,
        filename: documentFilename(input.file.name, inspected.contentType),
        contentType: inspected.contentType,
        size: inspected.size,
        sha256: inspected.sha256,
        content: Buffer.from(input.file.bytes.buffer, input.file.bytes.byteOffset, input.file.bytes.byteLength),
        uploadedBy: actorLabel(tx.actor),
      })
      .returning(documentColumns);
    // A new upload is for the reviewer to see again; the note of an earlier review no longer applies.
    await tx.db
      .update(claimRequirements)
      .set({ status: "RECEIVED", documentId: document.id, note: null })
      .where(eq(claimRequirements.id, requirement.id));
    await writeAudit(tx, {
      action: "CLAIM_DOCUMENT_UPLOADED",
      entity: "claims",
      entityId: claim.id,
      companyId: claim.companyId,
      details: {
        document_id: document.id,
        requirement_code: requirement.code,
        previous_status: requirement.status,
        content_type: document.contentType,
        size: document.size,
        sha256: document.sha256,
      },
    });
    return toDocumentResponse(document);
  });
}
