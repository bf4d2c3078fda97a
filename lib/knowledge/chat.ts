import { generateText } from "ai";
import type { ServiceContext } from "@/lib/context";
import { outboundTimeoutMs } from "@/lib/outbound";
import { NOT_IN_KNOWLEDGE } from "./answer-language";
import { extractiveAnswer, prepareChat, promptOf, storeTurns, type PreparedChat } from "./conversation";
import { chatModel, providerError } from "./models";
import type { ChatInput, ChatResponse } from "./schemas";

async function generatedAnswer(prepared: PreparedChat): Promise<string> {
  const notInKnowledge = NOT_IN_KNOWLEDGE[prepared.language];
  if (prepared.relevant.length === 0) return notInKnowledge;
  const model = chatModel();
  if (!model) return extractiveAnswer(prepared.input.message, prepared.relevant, prepared.language);
  try {
    const { text } = await generateText({
      model,
      ...promptOf(prepared),
      maxRetries: 1,
      abortSignal: AbortSignal.timeout(outboundTimeoutMs()),
    });
    return text.trim() || notInKnowledge;
  } catch (error) {
    throw providerError(error, "the answer", 502);
  }
}

/**
 * POST /ai/chat, the spec's four steps: the question is embedded, the 3 to 5 nearest fragments of the
 * caller's company are retrieved, the model answers from them only (with the session's last 10 turns
 * as memory), and the answer comes back with its sources. Nothing relevant: the answer says so.
 */
export async function chat({ ctx, input }: { ctx: ServiceContext; input: ChatInput }): Promise<ChatResponse> {
  const prepared = await prepareChat({ ctx, input });
  const answer = await generatedAnswer(prepared);
  await storeTurns(prepared, answer);
  return {
    session_id: input.session_id,
    turn: prepared.turn,
    answer,
    language: prepared.language,
    sources: prepared.sources,
  };
}
