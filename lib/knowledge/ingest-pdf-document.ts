import type { KnowledgeAudience } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { runOffThread } from "@/lib/offload/pool";
import { ingestCompanyOf, ingestDocument } from "./internal";

/** POST /ai/knowledge/upload: a PDF whose text is extracted here, locally (400 when it is not a PDF or has none). */
export async function ingestPdfDocument({
  ctx,
  file,
  fields,
}: {
  ctx: ServiceContext;
  file: { name: string; bytes: Uint8Array };
  fields: { title?: string; metadata?: Record<string, unknown>; audience: KnowledgeAudience; company_id?: string };
}) {
  assertCan(ctx.actor, "knowledge:write");
  const companyId = ingestCompanyOf(ctx.actor, fields.company_id);
  const text = await runOffThread("extractPdfText", file.bytes);
  const title = fields.title ?? file.name.replace(/\.pdf$/i, "");
  return ingestDocument(ctx, {
    title,
    content: text,
    metadata: fields.metadata ?? {},
    source: "PDF",
    audience: fields.audience,
    companyId,
  });
}
