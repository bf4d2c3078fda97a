import { created, json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { ingestTextDocument, listDocuments } from "@/lib/knowledge/documents";
import { knowledgeOperations } from "@/lib/knowledge/operations";

// GET /api/v1/ai/knowledge - the company's documents
export const GET = withApi(knowledgeOperations.listDocuments, async ({ ctx }) => json(await listDocuments({ ctx })));

// POST /api/v1/ai/knowledge - add a text document
export const POST = withApi(knowledgeOperations.createText, async ({ ctx, body }) =>
  created(await ingestTextDocument({ ctx, input: body })),
);
