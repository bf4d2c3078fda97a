import { withApi } from "@/lib/http/with-api";
import { chatStream } from "@/lib/knowledge/chat-stream";
import { knowledgeEndpoints } from "@/lib/knowledge/endpoints";

// POST /api/v1/ai/chat/stream - ask the assistant; the answer's text streams, its sources in X-Chat-Sources, its turn in X-Chat-Turn, its language in X-Chat-Language
export const POST = withApi(knowledgeEndpoints.chatStream, async ({ ctx, body }) => {
  const { sources, turn, language, text } = await chatStream({ ctx, input: body });
  return new Response(text.pipeThrough(new TextEncoderStream()), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      // Proxies that buffer (nginx) pass the chunks on as they come.
      "X-Accel-Buffering": "no",
      "X-Chat-Sources": Buffer.from(JSON.stringify(sources)).toString("base64url"),
      "X-Chat-Turn": String(turn),
      "X-Chat-Language": language,
    },
  });
});
