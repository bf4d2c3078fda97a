import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { chatMessages } from "@/db/schema";
import { localEmbedding } from "@/lib/knowledge/local-embedding";
import { NOT_IN_KNOWLEDGE } from "@/lib/knowledge/answer-language";
import type { ChatSource } from "@/lib/knowledge/schemas";
import { api } from "@/test/api";
import { createTestCompany, signInAs, type SignedIn } from "@/test/fixtures";

// POST /api/v1/ai/chat/stream: the answer's text streamed as text/plain, its sources in X-Chat-Sources
// (base64url JSON), the turns stored when the answer ends; without a key the quoted answer comes in a few
// chunks, with one the model's deltas; the provider's 429 is answered as the service's own 429.

const WORDING = [
  "Repatriation cover. The repatriation of the body to the country of origin is covered up to 4,000 euros.",
  "Waiting period. Natural death is covered after a waiting period of six months; an accident is covered from the first day.",
].join("\n\n");

let admin: SignedIn;
let seller: SignedIn;
let documentId: string;

beforeAll(async () => {
  // A company of its own, so that other files' documents never answer here.
  const company = await createTestCompany();
  admin = await signInAs("ADMIN", { companyId: company.id });
  seller = await signInAs("VENDEDOR", { companyId: company.id });
  const created = await api("POST", "/api/v1/ai/knowledge", {
    token: admin.token,
    body: { title: "Policy wording 2026", content: WORDING, company_id: company.id },
  });
  expect(created.status).toBe(201);
  documentId = created.body.id;
});

function sourcesOf(headers: Headers): ChatSource[] {
  const header = headers.get("x-chat-sources");
  expect(header).toBeTruthy();
  return JSON.parse(Buffer.from(header!, "base64url").toString("utf8"));
}

async function storedTurns(sessionId: string) {
  const db = await getDb();
  return db
    .select({ role: chatMessages.role, content: chatMessages.content })
    .from(chatMessages)
    .where(and(eq(chatMessages.sessionId, sessionId)))
    .orderBy(chatMessages.createdAt);
}

describe("without a model (no OPENAI_API_KEY)", () => {
  it("streams the quoted answer as text/plain, with its sources in X-Chat-Sources, and stores the turns", async () => {
    const sessionId = randomUUID();
    const message = "What is the waiting period for natural death?";
    const response = await api("POST", "/api/v1/ai/chat/stream", {
      token: seller.token,
      body: { message, session_id: sessionId },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(response.text).toContain("six months");
    const sources = sourcesOf(response.headers);
    expect(sources[0]).toMatchObject({ document_id: documentId, title: "Policy wording 2026" });
    expect(sources[0].snippet.length).toBeGreaterThan(0);
    expect(await storedTurns(sessionId)).toEqual([
      { role: "user", content: message },
      { role: "assistant", content: response.text.trim() },
    ]);
  });

  it("answers the same text as POST /ai/chat, in several chunks", async () => {
    const message = "How much is the repatriation of the body covered?";
    const json = await api("POST", "/api/v1/ai/chat", {
      token: seller.token,
      body: { message, session_id: randomUUID() },
    });
    const { POST } = await import("@/app/api/v1/ai/chat/stream/route");
    const response = await POST(
      new Request("http://localhost:3000/api/v1/ai/chat/stream", {
        method: "POST",
        headers: { authorization: `Bearer ${seller.token}`, "content-type": "application/json" },
        body: JSON.stringify({ message, session_id: randomUUID() }),
      }),
    );
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    const chunks: string[] = [];
    for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join("").trim()).toBe(json.body.answer);
    expect(sourcesOf(response.headers)).toEqual(json.body.sources);
  });

  it("says the documents do not cover a question about nothing in them, with no sources", async () => {
    const response = await api("POST", "/api/v1/ai/chat/stream", {
      token: seller.token,
      body: { message: "zebra quantum saxophone", session_id: randomUUID() },
    });
    expect(response.status).toBe(200);
    expect(response.text).toBe(NOT_IN_KNOWLEDGE.en);
    expect(response.headers.get("x-chat-language")).toBe("en");
    expect(sourcesOf(response.headers)).toEqual([]);
  });

  it("refuses a caller without a session (401) and one without chat:use (403), and a bad body (422)", async () => {
    const body = { message: "Waiting period?", session_id: randomUUID() };
    expect((await api("POST", "/api/v1/ai/chat/stream", { body })).status).toBe(401);
    const key = await api("POST", "/api/v1/auth/api-keys", {
      token: admin.token,
      body: { name: "no chat", permissions: ["knowledge:read"] },
    });
    expect((await api("POST", "/api/v1/ai/chat/stream", { apiKey: key.body.key, body })).status).toBe(403);
    const bad = await api("POST", "/api/v1/ai/chat/stream", {
      token: seller.token,
      body: { message: "", session_id: "not-a-uuid" },
    });
    expect(bad.status).toBe(422);
  });
});

describe("with a model", () => {
  // A stand-in for OpenAI: embeddings with the local embedding, chat completions streamed as SSE in three
  // deltas, or the quota error when `quotaExceeded`.
  let server: Server;
  let quotaExceeded = false;
  let hanging = false;
  let lastChat: { stream?: boolean } | null = null;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
        if (req.url?.endsWith("/embeddings")) {
          const input: string[] = Array.isArray(body.input) ? body.input : [body.input];
          res.setHeader("content-type", "application/json");
          res.end(
            JSON.stringify({
              object: "list",
              data: input.map((text, index) => ({ object: "embedding", index, embedding: localEmbedding(text) })),
              model: body.model,
              usage: { prompt_tokens: 1, total_tokens: 1 },
            }),
          );
          return;
        }
        lastChat = body;
        // A provider that takes the request and never starts answering (the reply is dropped later).
        if (hanging) {
          setTimeout(() => res.destroy(), 3_000).unref();
          return;
        }
        if (quotaExceeded) {
          res.statusCode = 429;
          res.setHeader("content-type", "application/json");
          res.end(
            JSON.stringify({
              error: {
                message: "You exceeded your current quota.",
                type: "insufficient_quota",
                param: null,
                code: "insufficient_quota",
              },
            }),
          );
          return;
        }
        res.setHeader("content-type", "text/event-stream");
        const chunk = (delta: object, finish: string | null) =>
          `data: ${JSON.stringify({ id: "chatcmpl-1", object: "chat.completion.chunk", created: 1, model: "gpt-4o-mini", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
        res.write(chunk({ role: "assistant", content: "Six months " }, null));
        res.write(chunk({ content: "for natural death " }, null));
        res.write(chunk({ content: "(Policy wording 2026)." }, null));
        res.write(chunk({}, "stop"));
        res.end("data: [DONE]\n\n");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    process.env.OPENAI_API_KEY = "sk-test-stream";
    process.env.OPENAI_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterEach(() => {
    quotaExceeded = false;
    hanging = false;
    delete process.env.OUTBOUND_TIMEOUT_MS;
  });

  afterAll(async () => {
    delete process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_BASE_URL;
    await new Promise((resolve) => server.close(resolve));
  });

  it("streams the model's deltas and stores the whole answer", async () => {
    const sessionId = randomUUID();
    const response = await api("POST", "/api/v1/ai/chat/stream", {
      token: seller.token,
      body: { message: "What is the waiting period for natural death?", session_id: sessionId },
    });
    expect(response.status).toBe(200);
    expect(lastChat?.stream).toBe(true);
    expect(response.text).toBe("Six months for natural death (Policy wording 2026).");
    expect(sourcesOf(response.headers)[0].document_id).toBe(documentId);
    expect((await storedTurns(sessionId)).map((turn) => turn.content)).toEqual([
      "What is the waiting period for natural death?",
      response.text,
    ]);
  });

  it("answers 429 as JSON, before any text, when the provider's quota is exceeded, and stores nothing", async () => {
    quotaExceeded = true;
    const sessionId = randomUUID();
    const response = await api("POST", "/api/v1/ai/chat/stream", {
      token: seller.token,
      body: { message: "What is the waiting period for natural death?", session_id: sessionId },
    });
    expect(response.status).toBe(429);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.body.detail).toMatch(/quota/);
    expect(await storedTurns(sessionId)).toEqual([]);
  });

  it("answers 504 as JSON, before any text, when the provider does not start answering within OUTBOUND_TIMEOUT_MS, and stores nothing", async () => {
    hanging = true;
    process.env.OUTBOUND_TIMEOUT_MS = "300";
    const sessionId = randomUUID();
    const started = Date.now();
    const response = await api("POST", "/api/v1/ai/chat/stream", {
      token: seller.token,
      body: { message: "What is the waiting period for natural death?", session_id: sessionId },
    });
    expect(response.status, response.text).toBe(504);
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.body.detail).toMatch(/in time/);
    expect(await storedTurns(sessionId)).toEqual([]);
  });
});
