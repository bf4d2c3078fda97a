import { localEmbedding } from "@/lib/knowledge/local-embedding";
import { startFakeServer, type FakeReply, type FakeServer, type RecordedRequest } from "./http-server";

/**
 * Answers like OpenAI's API as the AI SDK calls it: `POST /embeddings` (each input embedded with the
 * local deterministic embedding, so retrieval behaves as without a key) and `POST /chat/completions`
 * (the content the test scripted with `answerWith`, by default an echo of the fragments it was given).
 * Point the SDK at it with OPENAI_BASE_URL = `url` and OPENAI_API_KEY = `apiKey`; any other key gets
 * OpenAI's 401. Every request is recorded, so tests read the system prompt, fragments and memory sent.
 */
export type FakeOpenAI = FakeServer & {
  apiKey: string;
  /** The chat's next answers: a text, or one computed from the recorded request (until `reset`). */
  answerWith: (answer: string | ((request: RecordedRequest) => string)) => void;
  /** Chat completions (only) get this reply until `reset`: the question is embedded, the answer fails. */
  failCompletions: (reply?: FakeReply) => void;
  /** The chat completion requests received so far. */
  chatRequests: () => RecordedRequest[];
  /** The embedding requests received so far. */
  embeddingRequests: () => RecordedRequest[];
};

/** OpenAI's answer when the account's quota is spent: a 429 the service must answer as its own 429. */
export const QUOTA_EXCEEDED: FakeReply = {
  status: 429,
  body: {
    error: {
      message: "You exceeded your current quota, please check your plan and billing details.",
      type: "insufficient_quota",
      param: null,
      code: "insufficient_quota",
    },
  },
};

export const OPENAI_SERVER_ERROR: FakeReply = {
  status: 500,
  body: {
    error: {
      message: "The server had an error while processing your request.",
      type: "server_error",
      param: null,
      code: null,
    },
  },
};

type ChatMessage = { role: string; content: string | Array<{ type: string; text?: string }> };

/** The text of a chat message as sent (a string, or text parts). */
export function messageText(message: ChatMessage): string {
  return typeof message.content === "string"
    ? message.content
    : message.content.map((part) => part.text ?? "").join("");
}

/** The default answer: which fragments (their "[n] (title)" lines) the model was given. */
function echoFragments(request: RecordedRequest): string {
  const messages = (request.body?.messages ?? []) as ChatMessage[];
  const last = messages.at(-1);
  const titles = last
    ? [...messageText(last).matchAll(/^\[(\d+)\] \((.*)\)$/gm)].map((match) => `[${match[1]}] ${match[2]}`)
    : [];
  return `Fragments received: ${titles.join(", ") || "none"}`;
}

export async function startFakeOpenAI(apiKey = "sk-test-fake-openai"): Promise<FakeOpenAI> {
  let answer: (request: RecordedRequest) => string = echoFragments;
  let completions = 0;
  let completionFailure: FakeReply | null = null;
  const server = await startFakeServer((request) => {
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return {
        status: 401,
        body: {
          error: {
            message: "Incorrect API key provided.",
            type: "invalid_request_error",
            param: null,
            code: "invalid_api_key",
          },
        },
      };
    }
    if (request.method === "POST" && request.path === "/embeddings") {
      const input: string[] = Array.isArray(request.body?.input)
        ? request.body.input
        : [String(request.body?.input ?? "")];
      return {
        status: 200,
        body: {
          object: "list",
          data: input.map((text, index) => ({ object: "embedding", index, embedding: localEmbedding(text) })),
          model: request.body?.model ?? "text-embedding-3-large",
          usage: { prompt_tokens: input.length, total_tokens: input.length },
        },
      };
    }
    if (request.method === "POST" && request.path === "/chat/completions") {
      if (completionFailure) return completionFailure;
      return {
        status: 200,
        body: {
          id: `chatcmpl-fake-${++completions}`,
          object: "chat.completion",
          created: Math.floor(Date.now() / 1000),
          model: request.body?.model ?? "gpt-4o-mini",
          choices: [
            {
              index: 0,
              message: { role: "assistant", content: answer(request), refusal: null },
              logprobs: null,
              finish_reason: "stop",
            },
          ],
          usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
        },
      };
    }
    return {
      status: 404,
      body: {
        error: {
          message: `no fake for ${request.method} ${request.path}`,
          type: "invalid_request_error",
          param: null,
          code: null,
        },
      },
    };
  }, OPENAI_SERVER_ERROR);

  return {
    ...server,
    apiKey,
    answerWith: (next) => {
      answer = typeof next === "string" ? () => next : next;
    },
    failCompletions: (reply = OPENAI_SERVER_ERROR) => {
      completionFailure = reply;
    },
    chatRequests: () => server.requests.filter((request) => request.path === "/chat/completions"),
    embeddingRequests: () => server.requests.filter((request) => request.path === "/embeddings"),
    reset: () => {
      server.reset();
      answer = echoFragments;
      completionFailure = null;
    },
  };
}
