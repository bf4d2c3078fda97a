import { createOpenAI } from "@ai-sdk/openai";
import { APICallError, embedMany, RetryError, type EmbeddingModel, type LanguageModel } from "ai";
import { ExternalServiceError, RateLimitedError } from "@/lib/errors";
import { logError } from "@/lib/log";
import { outboundTimeoutMs } from "@/lib/outbound";
import { localEmbeddingModel } from "./local-embedding";

// The models of the knowledge module through the AI SDK: OpenAI when OPENAI_API_KEY is set
// (OPENAI_BASE_URL points it elsewhere; tests run a local fake), else the local embedding and no chat
// model (the chat then answers by quoting the fragments it found).

export const OPENAI_EMBEDDING_MODEL = "text-embedding-3-large";

function openai() {
  const apiKey = process.env.OPENAI_API_KEY;
  if (!apiKey) return null;
  return createOpenAI({ apiKey, ...(process.env.OPENAI_BASE_URL ? { baseURL: process.env.OPENAI_BASE_URL } : {}) });
}

export function embeddingModel(): EmbeddingModel {
  return openai()?.embedding(OPENAI_EMBEDDING_MODEL) ?? localEmbeddingModel;
}

export function chatModel(): LanguageModel | null {
  return openai()?.chat(process.env.OPENAI_CHAT_MODEL ?? "gpt-4o-mini") ?? null;
}

/**
 * The provider's failures as the service's: a quota or rate limit (429) answers 429; anything else
 * answers with `failureStatus` (500 for ingestion, as the contract says; 502 for chat), except that the
 * chat answers 504 when the provider did not answer within OUTBOUND_TIMEOUT_MS.
 */
export function providerError(error: unknown, what: string, failureStatus: 500 | 502): Error {
  // The SDK retries, then throws a RetryError around the last failure: that failure is the one to read.
  const last = RetryError.isInstance(error) ? error.lastError : error;
  if (APICallError.isInstance(last) && last.statusCode === 429) {
    return new RateLimitedError(`the model provider's quota is exceeded; try again later`, 60);
  }
  logError(`[knowledge] ${what} failed:`, error instanceof Error ? error.message : String(error));
  if (failureStatus === 502 && isTimeout(error))
    return new ExternalServiceError(`${what} failed: the model provider did not answer in time; try again`, 504);
  return new ExternalServiceError(`${what} failed: the model provider did not answer`, failureStatus);
}

/** Whether the call was cut by its time limit (AbortSignal.timeout's TimeoutError), however the SDK wrapped it. */
function isTimeout(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (!current || typeof current !== "object" || seen.has(current)) continue;
    seen.add(current);
    if ((current as { name?: unknown }).name === "TimeoutError") return true;
    pending.push(
      (current as { cause?: unknown }).cause,
      RetryError.isInstance(current) ? current.lastError : undefined,
    );
  }
  return false;
}

/** One 3,072-dimension embedding per text, in order, through the configured model. */
export async function embedTexts(values: string[], failureStatus: 500 | 502): Promise<number[][]> {
  try {
    const { embeddings } = await embedMany({
      model: embeddingModel(),
      values,
      maxRetries: 1,
      abortSignal: AbortSignal.timeout(outboundTimeoutMs()),
      providerOptions: { openai: { dimensions: 3072 } },
    });
    return embeddings;
  } catch (error) {
    throw providerError(error, "the embedding", failureStatus);
  }
}
