import { created, json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { ingestTextDocument } from "@/lib/knowledge/ingest-text-document";
import { listDocuments } from "@/lib/knowledge/list-documents";
import { knowledgeEndpoints } from "@/lib/knowledge/endpoints";

// GET /api/v1/ai/knowledge - the company's documents
export const GET = withApi(knowledgeEndpoints.listDocuments, async ({ ctx }) => json(await listDocuments({ ctx })));

// POST /api/v1/ai/knowledge - add a text document
export const POST = withApi(knowledgeEndpoints.createText, async ({ ctx, body }) =>
  created(await ingestTextDocument({ ctx, input: body })),
);
