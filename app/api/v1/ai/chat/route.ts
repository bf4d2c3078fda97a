import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { chat } from "@/lib/knowledge/chat";
import { knowledgeOperations } from "@/lib/knowledge/operations";

// POST /api/v1/ai/chat - ask the assistant
export const POST = withApi(knowledgeOperations.chat, async ({ ctx, body }) => json(await chat({ ctx, input: body })));
