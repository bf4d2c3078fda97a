import type { KnowledgeAudience } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { ingestCompanyOf, ingestDocument } from "./internal";

/** POST /ai/knowledge: a text document. */
export async function ingestTextDocument({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: {
    title: string;
    content: string;
    metadata_json: Record<string, unknown>;
    audience: KnowledgeAudience;
    company_id?: string;
  };
}) {
  assertCan(ctx.actor, "knowledge:write");
  const companyId = ingestCompanyOf(ctx.actor, input.company_id);
  return ingestDocument(ctx, {
    title: input.title,
    content: input.content,
    metadata: input.metadata_json,
    source: "TEXT",
    audience: input.audience,
    companyId,
  });
}
