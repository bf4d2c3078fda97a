import { and, desc, eq } from "drizzle-orm";
import { generateText, type ModelMessage } from "ai";
import { chatMessages } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { knowledgeCompanyOf } from "./documents";
import { words } from "./local-embedding";
import { chatModel, embedTexts, outboundTimeoutMs, providerError } from "./models";
import { nearestFragments, type RetrievedFragment } from "./retrieve";
import type { ChatInput, ChatResponse, ChatSource } from "./schemas";

/** Turns of the session given to the model as memory (spec: the last 10). */
export const MEMORY_TURNS = 10;

/**
 * Below this cosine similarity a fragment is not about the question. The local embedding compares words
 * only, so its scores run lower than a trained model's.
 */
export function relevanceFloor(): number {
  return process.env.OPENAI_API_KEY ? 0.25 : 0.12;
}

export const NOT_IN_KNOWLEDGE = "I could not find this in the company's documents, so I cannot answer it. Please ask an adviser, or add the document that covers it to the knowledge library.";

export const SYSTEM_PROMPT = [
  "You are an expert in funeral and repatriation insurance, helping the staff and clients of an insurer.",
  "Answer only from the numbered fragments of the company's own documents given with the question; do not use any other knowledge, and never guess.",
  "If the fragments do not hold the answer, say plainly that the documents do not cover it.",
  "Answer in the language of the question, briefly and precisely (amounts, waiting periods and conditions exactly as written), and name the document titles you used.",
].join(" ");

function snippetOf(content: string): string {
  return content.length > 300 ? `${content.slice(0, 297)}...` : content;
}

function toSource(fragment: RetrievedFragment): ChatSource {
  return { document_id: fragment.documentId, title: fragment.title, fragment_id: fragment.fragmentId, snippet: snippetOf(fragment.content), score: Math.round(fragment.score * 10_000) / 10_000 };
}

/** Without a chat model: the sentences of the fragments that share the most words with the question. */
export function extractiveAnswer(question: string, fragments: RetrievedFragment[]): string {
  const asked = new Set(words(question));
  const sentences = fragments.flatMap((fragment) =>
    fragment.content
      .split(/(?<=[.!?])\s+/)
      .map((sentence) => ({ sentence: sentence.trim(), title: fragment.title, overlap: words(sentence).filter((word) => asked.has(word)).length })),
  );
  const best = sentences
    .filter((candidate) => candidate.overlap > 0)
    .sort((a, b) => b.overlap - a.overlap)
    .slice(0, 3);
  if (best.length === 0) return NOT_IN_KNOWLEDGE;
  const titles = [...new Set(best.map((candidate) => candidate.title))].join("; ");
  return `From ${titles}: ${best.map((candidate) => candidate.sentence).join(" ")}`;
}

async function modelAnswer(question: string, fragments: RetrievedFragment[], memory: ModelMessage[]): Promise<string> {
  const model = chatModel();
  if (!model) return extractiveAnswer(question, fragments);
  const context = fragments.map((fragment, index) => `[${index + 1}] (${fragment.title})\n${fragment.content}`).join("\n\n");
  try {
    const { text } = await generateText({
      model,
      system: SYSTEM_PROMPT,
      messages: [...memory, { role: "user", content: `Fragments:\n${context}\n\nQuestion: ${question}` }],
      maxRetries: 1,
      abortSignal: AbortSignal.timeout(outboundTimeoutMs()),
    });
    return text.trim() || NOT_IN_KNOWLEDGE;
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
  assertCan(ctx.actor, "chat:use");
  const companyId = knowledgeCompanyOf(ctx.actor);
  const userId = ctx.actor.kind === "user" ? ctx.actor.userId : null;
  const [embedding] = await embedTexts([input.message], 502);
  const retrieved = await nearestFragments(ctx.db, companyId, embedding);
  const relevant = retrieved.filter((fragment) => fragment.score >= relevanceFloor());

  // Memory is the session's own turns, for this caller in this company only.
  const history = await ctx.db
    .select({ role: chatMessages.role, content: chatMessages.content })
    .from(chatMessages)
    .where(and(eq(chatMessages.sessionId, input.session_id), eq(chatMessages.companyId, companyId), userId ? eq(chatMessages.userId, userId) : undefined))
    .orderBy(desc(chatMessages.createdAt))
    .limit(MEMORY_TURNS * 2);
  const memory: ModelMessage[] = history.reverse().map((turn) => ({ role: turn.role, content: turn.content }));

  const answer = relevant.length === 0 ? NOT_IN_KNOWLEDGE : await modelAnswer(input.message, relevant, memory);
  const sources = relevant.map(toSource);
  await inTransaction(ctx, async (tx) => {
    // The answer is stamped a millisecond after its question, so the memory reads them in order.
    const askedAt = new Date();
    await tx.db.insert(chatMessages).values([
      { sessionId: input.session_id, companyId, userId, role: "user", content: input.message, createdAt: askedAt },
      {
        sessionId: input.session_id,
        companyId,
        userId,
        role: "assistant",
        content: answer,
        sources,
        topScore: relevant[0]?.score ?? null,
        createdAt: new Date(askedAt.getTime() + 1),
      },
    ]);
  });
  return { session_id: input.session_id, answer, sources };
}
