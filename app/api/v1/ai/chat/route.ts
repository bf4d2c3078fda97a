import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { chat } from "@/lib/knowledge/chat";
import { knowledgeEndpoints } from "@/lib/knowledge/endpoints";

// POST /api/v1/ai/chat - ask the assistant
export const POST = withApi(knowledgeEndpoints.chat, async ({ ctx, body }) => json(await chat({ ctx, input: body })));
