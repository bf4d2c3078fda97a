import { streamText } from "ai";
import type { Language } from "@/db/enums";
import type { ServiceContext } from "@/lib/context";
import { outboundTimeoutMs } from "@/lib/outbound";
import { NOT_IN_KNOWLEDGE } from "./answer-language";
import { extractiveAnswer, prepareChat, promptOf, storeTurns, type PreparedChat } from "./conversation";
import { chatModel, providerError } from "./models";
import type { ChatInput, ChatSource } from "./schemas";

/** The answer's text as it is produced: the model's deltas, or a fixed answer cut into a few pieces. */
async function* answerPieces(prepared: PreparedChat, signal: AbortSignal): AsyncGenerator<string> {
  const model = prepared.relevant.length === 0 ? null : chatModel();
  if (!model) {
    const answer =
      prepared.relevant.length === 0
        ? NOT_IN_KNOWLEDGE[prepared.language]
        : extractiveAnswer(prepared.input.message, prepared.relevant, prepared.language);
    // A few pieces at word boundaries, so the page shows it arriving as it would from a model.
    const pieces = answer.match(/\S+(?:\s+\S+){0,7}\s*/g) ?? [answer];
    for (const [index, piece] of pieces.entries()) {
      if (index > 0) await new Promise((resolve) => setTimeout(resolve, 15));
      yield piece;
    }
    return;
  }
  const result = streamText({ model, ...promptOf(prepared), maxRetries: 1, abortSignal: signal });
  // fullStream, not textStream: textStream drops the provider's errors, which must reach the caller.
  for await (const part of result.fullStream) {
    if (part.type === "text-delta") yield part.text;
    else if (part.type === "error") throw part.error;
    // An aborted stream ends quietly with an "abort" part: without this, a provider cut off by the time
    // limit read as an empty answer ("not in the documents", stored as the turn) instead of a 504.
    else if (part.type === "abort") throw signal.reason ?? new DOMException("the answer was stopped", "AbortError");
  }
}

/**
 * POST /ai/chat/stream: the same steps as `chat`, but the answer is streamed as it is generated. The
 * sources are known before the first word; the first piece is awaited here, so that a provider that
 * refuses (429) or fails (502) is answered as an error rather than as a cut stream. The turns are
 * stored once the answer has ended, before the stream closes; a caller who leaves stops the model and
 * nothing is stored.
 */
export async function chatStream({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: ChatInput;
}): Promise<{ sources: ChatSource[]; turn: number; language: Language; text: ReadableStream<string> }> {
  const prepared = await prepareChat({ ctx, input });
  const abort = new AbortController();
  // The provider has the outbound timeout to start answering; once it does, the answer may take longer.
  const firstPieceTimer = setTimeout(
    () => abort.abort(new DOMException("the model provider did not start answering in time", "TimeoutError")),
    outboundTimeoutMs(),
  );
  const pieces = answerPieces(prepared, abort.signal);
  const next = async () => {
    try {
      return await pieces.next();
    } catch (error) {
      throw providerError(error, "the answer", 502);
    }
  };
  let first: IteratorResult<string>;
  try {
    first = await next();
  } finally {
    clearTimeout(firstPieceTimer);
  }
  let answer = "";
  let pending: IteratorResult<string> | null = first;
  const text = new ReadableStream<string>({
    async pull(controller) {
      const piece = pending ?? (await next());
      pending = null;
      if (!piece.done) {
        answer += piece.value;
        controller.enqueue(piece.value);
        return;
      }
      if (answer.trim() === "") {
        answer = NOT_IN_KNOWLEDGE[prepared.language];
        controller.enqueue(answer);
      }
      await storeTurns(prepared, answer.trim());
      controller.close();
    },
    async cancel() {
      abort.abort();
      await pieces.return(undefined);
    },
  });
  return { sources: prepared.sources, turn: prepared.turn, language: prepared.language, text };
}
