// The conversation behind both chat verbs (chat.ts answers as JSON, chat-stream.ts streams): the caller's
// knowledge and memory prepared once, the prompt made of them, and the turns stored after the answer.
import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { ModelMessage } from "ai";
import type { Language } from "@/db/enums";
import { chatMessages, clients, KNOWLEDGE_AUDIENCES } from "@/db/schema";
import { assertCan, assertEmailVerified, can, companyOf } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { ownClient } from "@/lib/emission/internal";
import { ForbiddenError } from "@/lib/errors";
import { consumeRateLimit } from "@/lib/operations/rate-limit";
import { ANSWER_IN, answerLanguageOf, NOT_IN_KNOWLEDGE, QUOTED_FROM } from "./answer-language";
import { words } from "./local-embedding";
import { embedTexts } from "./models";
import { nearestFragments, type KnowledgeScope, type RetrievedFragment } from "./nearest-fragments";
import type { ChatInput, ChatSource } from "./schemas";

/** Turns of the session given to the model as memory (spec: the last 10). */
export const MEMORY_TURNS = 10;

/**
 * Below this cosine similarity a fragment is not about the question. The local embedding compares words
 * only, so its scores run lower than a trained model's.
 */
export function relevanceFloor(): number {
  return process.env.OPENAI_API_KEY ? 0.25 : 0.12;
}

export const SYSTEM_PROMPT = [
  "You are an expert in funeral and repatriation insurance, helping the staff and clients of an insurer.",
  "Answer only from the numbered fragments of the company's own documents given with the question; do not use any other knowledge, and never guess.",
  "If the fragments do not hold the answer, say plainly that the documents do not cover it.",
  "Answer briefly and precisely (amounts, waiting periods and conditions exactly as written), and name the document titles you used.",
].join(" ");

function snippetOf(content: string): string {
  return content.length > 300 ? `${content.slice(0, 297)}...` : content;
}

/** The longest passage of a fragment a citation quotes, "..." included: a few sentences around the match. */
export const PASSAGE_MAX = 400;
const ELLIPSIS = "...";

/**
 * Where each sentence of a text starts and ends: cut after . ! ? and the space after it, and at blank
 * lines. Not at a single line break: a PDF's text breaks its lines inside sentences.
 */
function sentenceSpans(text: string): Array<{ start: number; end: number }> {
  const spans: Array<{ start: number; end: number }> = [];
  let start = 0;
  for (const boundary of text.matchAll(/(?<=[.!?])\s+|\n\s*\n\s*/g)) {
    if (boundary.index > start) spans.push({ start, end: boundary.index });
    start = boundary.index + boundary[0].length;
  }
  if (start < text.length) spans.push({ start, end: text.length });
  return spans;
}

/** How many of the question's words a text holds. */
function overlapOf(text: string, asked: ReadonlySet<string>): number {
  return new Set(words(text).filter((word) => asked.has(word))).size;
}

/**
 * The part of a fragment a citation shows: the sentence sharing the most words with the question (the
 * first sentence when none does, as a trained model's match may share none), widened by the sentences
 * after and before it up to PASSAGE_MAX characters, with "..." where the fragment goes on. Line breaks are
 * kept, so a list reads as a list.
 */
export function passageOf(content: string, question: string): string {
  const spans = sentenceSpans(content);
  if (spans.length === 0) return "";
  const asked = new Set(words(question));
  const overlaps = spans.map((span) => overlapOf(content.slice(span.start, span.end), asked));
  let first = overlaps.indexOf(Math.max(...overlaps));
  let last = first;
  // Room is kept for the "..." on either side.
  const room = PASSAGE_MAX - 2 * ELLIPSIS.length;
  const fits = (from: number, to: number) => spans[to].end - spans[from].start <= room;
  for (let isGrowing = true; isGrowing;) {
    isGrowing = false;
    if (last + 1 < spans.length && fits(first, last + 1)) {
      last += 1;
      isGrowing = true;
    }
    if (first > 0 && fits(first - 1, last)) {
      first -= 1;
      isGrowing = true;
    }
  }
  let passage = content.slice(spans[first].start, spans[last].end);
  let isCut = spans[last].end < content.length;
  // One sentence longer than a passage: its start, cut at a word.
  if (passage.length > room) {
    const at = passage.lastIndexOf(" ", room);
    passage = passage.slice(0, at > 0 ? at : room);
    isCut = true;
  }
  return `${spans[first].start > 0 ? ELLIPSIS : ""}${passage}${isCut ? ELLIPSIS : ""}`;
}

function toSource(fragment: RetrievedFragment, question: string): ChatSource {
  return {
    document_id: fragment.documentId,
    title: fragment.title,
    fragment_id: fragment.fragmentId,
    snippet: snippetOf(fragment.content),
    passage: passageOf(fragment.content, question),
    score: Math.round(fragment.score * 10_000) / 10_000,
  };
}

/**
 * Without a chat model: the sentences of the fragments that share the most words with the question, one
 * a line under the titles they come from.
 */
export function extractiveAnswer(question: string, fragments: RetrievedFragment[], language: Language): string {
  const asked = new Set(words(question));
  const sentences = fragments.flatMap((fragment) =>
    sentenceSpans(fragment.content).map(({ start, end }) => {
      const sentence = fragment.content.slice(start, end).trim();
      return { sentence, title: fragment.title, overlap: words(sentence).filter((word) => asked.has(word)).length };
    }),
  );
  const best = sentences
    .filter((candidate) => candidate.overlap > 0)
    .sort((a, b) => b.overlap - a.overlap)
    .slice(0, 3);
  if (best.length === 0) return NOT_IN_KNOWLEDGE[language];
  const titles = [...new Set(best.map((candidate) => candidate.title))].join("; ");
  return [QUOTED_FROM[language](titles), ...best.map((candidate) => candidate.sentence)].join("\n");
}

/** Questions a user or an API key may ask in a minute (trust.md section 5), then 429. */
export const QUESTIONS_PER_MINUTE = 20;

/** Whose conversation it is: memory is per user, and per API key for keys. */
type ChatOwner = { userId: string | null; apiKeyId: string | null };

/** What the answer is made from, prepared once for the JSON answer and the streamed one alike. */
export type PreparedChat = {
  ctx: ServiceContext;
  input: ChatInput;
  /** The language the answer is written in: the question's (answer-language.ts). */
  language: Language;
  companyId: string;
  owner: ChatOwner;
  /** This question's place in the owner's conversation: 1 for a new one. */
  turn: number;
  /** The retrieved fragments above the relevance floor, best first; empty when none is about the question. */
  relevant: RetrievedFragment[];
  memory: ModelMessage[];
  sources: ChatSource[];
};

/**
 * The knowledge a caller's questions are answered from (trust.md section 5). Staff (a caller who may list
 * the company's documents: knowledge:read) read both audiences of their own company. Anyone else is
 * served as a client: a signed-in client reads only the CLIENTS documents of the company of its client
 * record (the client whose e-mail is its own), once its e-mail is verified; an API key without
 * knowledge:read (a public site's assistant) reads its company's CLIENTS documents.
 */
async function readerScopeOf(ctx: ServiceContext): Promise<KnowledgeScope> {
  const { actor } = ctx;
  if (can(actor, "knowledge:read")) {
    const companyId = companyOf(actor);
    if (!companyId) throw new ForbiddenError("the assistant answers for a company; this caller has none");
    return { companyId, audiences: KNOWLEDGE_AUDIENCES };
  }
  if (actor.kind === "api_key") return { companyId: actor.companyId, audiences: ["CLIENTS"] };
  assertEmailVerified(actor);
  const [client] = await ctx.db.select({ companyId: clients.companyId }).from(clients).where(ownClient(actor)).limit(1);
  if (!client)
    throw new ForbiddenError(
      "no client record has your e-mail address, so there are no documents for you",
      "no_client",
    );
  return { companyId: client.companyId, audiences: ["CLIENTS"] };
}

function ownerOf(ctx: ServiceContext): ChatOwner {
  const { actor } = ctx;
  return {
    userId: actor.kind === "user" ? actor.userId : null,
    apiKeyId: actor.kind === "api_key" ? actor.apiKeyId : null,
  };
}

/** The owner's rows of a session: another caller's turns under the same session id are never read. */
function ownTurns(sessionId: string, companyId: string, owner: ChatOwner): SQL {
  const whose = owner.userId
    ? eq(chatMessages.userId, owner.userId)
    : owner.apiKeyId
      ? eq(chatMessages.apiKeyId, owner.apiKeyId)
      : sql`false`;
  return and(eq(chatMessages.sessionId, sessionId), eq(chatMessages.companyId, companyId), whose)!;
}

/** At most QUESTIONS_PER_MINUTE questions a minute per user or API key, across both chat endpoints. */
async function consumeQuestion(ctx: ServiceContext, owner: ChatOwner): Promise<void> {
  const who = owner.userId ? `user:${owner.userId}` : owner.apiKeyId ? `api_key:${owner.apiKeyId}` : null;
  if (!who) return;
  await consumeRateLimit(ctx.db, {
    key: `chat:${who}`,
    limit: QUESTIONS_PER_MINUTE,
    windowSeconds: 60,
    message: `too many questions: at most ${QUESTIONS_PER_MINUTE} a minute; try again in a minute`,
  });
}

/**
 * The spec's first steps: the question is counted against the caller's limit, the reader's knowledge
 * decided (403 for an unverified client or one without a client record), the question embedded, the 3
 * to 5 nearest fragments of that knowledge retrieved and those above the relevance floor kept, and the
 * caller's own last 10 turns of the session read as memory.
 */
export async function prepareChat({ ctx, input }: { ctx: ServiceContext; input: ChatInput }): Promise<PreparedChat> {
  assertCan(ctx.actor, "chat:use");
  const owner = ownerOf(ctx);
  await consumeQuestion(ctx, owner);
  const scope = await readerScopeOf(ctx);
  const [embedding] = await embedTexts([input.message], 502);
  const retrieved = await nearestFragments(ctx.db, scope, embedding);
  const relevant = retrieved.filter((fragment) => fragment.score >= relevanceFloor());

  const own = ownTurns(input.session_id, scope.companyId, owner);
  const [history, [{ asked }]] = await Promise.all([
    ctx.db
      .select({ role: chatMessages.role, content: chatMessages.content })
      .from(chatMessages)
      .where(own)
      .orderBy(desc(chatMessages.createdAt))
      .limit(MEMORY_TURNS * 2),
    ctx.db
      .select({ asked: count() })
      .from(chatMessages)
      .where(and(own, eq(chatMessages.role, "user"))),
  ]);
  const memory: ModelMessage[] = history.reverse().map((turn) => ({ role: turn.role, content: turn.content }));
  return {
    ctx,
    input,
    language: answerLanguageOf(input.message, input.language),
    companyId: scope.companyId,
    owner,
    turn: asked + 1,
    relevant,
    memory,
    sources: relevant.map((fragment) => toSource(fragment, input.message)),
  };
}

/** The model's instructions and messages: the fragments, numbered, with the question after the memory. */
export function promptOf({ input, language, relevant, memory }: PreparedChat): {
  system: string;
  messages: ModelMessage[];
} {
  const context = relevant
    .map((fragment, index) => `[${index + 1}] (${fragment.title})\n${fragment.content}`)
    .join("\n\n");
  return {
    system: `${SYSTEM_PROMPT} ${ANSWER_IN[language]}`,
    messages: [...memory, { role: "user", content: `Fragments:\n${context}\n\nQuestion: ${input.message}` }],
  };
}

/** Stores the question and its answer as the session's next two turns. */
export async function storeTurns(prepared: PreparedChat, answer: string): Promise<void> {
  const { ctx, input, companyId, owner, relevant, sources } = prepared;
  const { userId, apiKeyId } = owner;
  await inTransaction(ctx, async (tx) => {
    // The answer is stamped a millisecond after its question, so the memory reads them in order.
    const askedAt = new Date();
    await tx.db.insert(chatMessages).values([
      {
        sessionId: input.session_id,
        companyId,
        userId,
        apiKeyId,
        role: "user",
        content: input.message,
        createdAt: askedAt,
      },
      {
        sessionId: input.session_id,
        companyId,
        userId,
        apiKeyId,
        role: "assistant",
        content: answer,
        sources,
        topScore: relevant[0]?.score ?? null,
        createdAt: new Date(askedAt.getTime() + 1),
      },
    ]);
  });
}
