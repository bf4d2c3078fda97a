import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_ROLES } from "@/lib/auth/permissions";
import { api } from "@/test/api";
import { GARBAGE_REPLY } from "@/test/fakes/http-server";
import { messageText, QUOTA_EXCEEDED, startFakeOpenAI, type FakeOpenAI } from "@/test/fakes/openai";
import { createTestCompany, signInAs, type SignedIn } from "@/test/fixtures";
import { ANSWER_IN, NOT_IN_KNOWLEDGE } from "../answer-language";
import { MEMORY_TURNS, PASSAGE_MAX, SYSTEM_PROMPT } from "../conversation";
import { addText, ask, repatriationWording, useFakeOpenAI, withoutOpenAI } from "./helpers";

// POST /api/v1/ai/chat (contract section 10): embed the question, retrieve the company's nearest
// fragments, answer from them only with the session's last turns as memory, return the sources.

type Source = {
  document_id: string;
  title: string;
  fragment_id: string;
  snippet: string;
  passage: string;
  score: number;
};

let openai: FakeOpenAI;
let companyId: string;
let admin: SignedIn;
let seller: SignedIn;
let wording: { id: string; chunk_count: number };
let ecuador: { id: string };

const ECUADOR_TEXT =
  "Repatriation of remains to Ecuador is covered up to 7500 USD per insured person, including the coffin and consular paperwork.";

beforeAll(async () => {
  openai = await startFakeOpenAI();
  const company = await createTestCompany();
  companyId = company.id;
  admin = await signInAs("ADMIN", { companyId: company.id });
  seller = await signInAs("VENDEDOR", { companyId: company.id });
  wording = await addText(admin.token, {
    title: "Serenity wording",
    content: repatriationWording("Serenity", 8),
    company_id: company.id,
  });
  ecuador = await addText(admin.token, { title: "Ecuador annex", content: ECUADOR_TEXT, company_id: company.id });
});

afterEach(() => {
  vi.unstubAllEnvs();
  openai.reset();
});

afterAll(async () => {
  await openai.close();
});

describe("POST /api/v1/ai/chat without a model (local embedding, extractive answer)", () => {
  it("answers (200) with 3 to 5 sources of the company's documents, best first", async () => {
    withoutOpenAI();
    expect(wording.chunk_count).toBeGreaterThanOrEqual(4);
    const sessionId = randomUUID();
    const res = await ask(
      seller.token,
      "How long is the waiting period for repatriation of remains after an illness?",
      sessionId,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      session_id: sessionId,
      turn: 1,
      answer: expect.any(String),
      language: "en",
      sources: expect.any(Array),
    });
    const sources = res.body.sources as Source[];
    expect(sources.length).toBeGreaterThanOrEqual(3);
    expect(sources.length).toBeLessThanOrEqual(5);
    for (const source of sources) {
      expect(source).toEqual({
        document_id: expect.any(String),
        title: expect.any(String),
        fragment_id: expect.any(String),
        snippet: expect.any(String),
        passage: expect.any(String),
        score: expect.any(Number),
      });
      expect([wording.id, ecuador.id]).toContain(source.document_id);
      expect(source.snippet.length).toBeLessThanOrEqual(300);
      expect(source.passage.length).toBeLessThanOrEqual(PASSAGE_MAX);
      expect(source.score).toBeGreaterThan(0);
      expect(source.score).toBeLessThanOrEqual(1);
    }
    expect(sources.map((source) => source.score)).toEqual(
      [...sources.map((source) => source.score)].sort((a, b) => b - a),
    );
    expect(new Set(sources.map((source) => source.fragment_id)).size).toBe(sources.length);
  });

  it("quotes the sentence of the fragment that answers", async () => {
    withoutOpenAI();
    const res = await ask(seller.token, "Is repatriation of remains to Ecuador covered?", randomUUID());
    expect(res.status).toBe(200);
    expect(res.body.answer).toContain("Ecuador annex");
    expect(res.body.answer).toContain("Repatriation of remains to Ecuador is covered up to 7500 USD");
    expect(res.body.sources[0].document_id).toBe(ecuador.id);
  });

  it("says the documents do not cover a question none of them is about, with no sources", async () => {
    withoutOpenAI();
    const res = await ask(seller.token, "Which football team won the league in 1987?", randomUUID());
    expect(res.status).toBe(200);
    expect(res.body.answer).toBe(NOT_IN_KNOWLEDGE.en);
    expect(res.body.sources).toEqual([]);
  });

  // A client (CLIENTE) is served too, from its company's CLIENTS documents once verified: chat-clients.test.ts.
  it("is open to the staff roles (chat:use); refused without credentials (401) or to a key without chat:use (403)", async () => {
    withoutOpenAI();
    for (const role of DEFAULT_ROLES.filter((role) => role.name !== "CLIENTE")) {
      const user = await signInAs(role.name);
      expect((await ask(user.token, "Is repatriation covered?", randomUUID())).status, role.name).toBe(200);
    }
    expect(
      (
        await api("POST", "/api/v1/ai/chat", {
          body: { message: "Is repatriation covered?", session_id: randomUUID() },
        })
      ).status,
    ).toBe(401);
    const key = await api("POST", "/api/v1/auth/api-keys", {
      token: admin.token,
      body: { name: `No chat ${randomUUID().slice(0, 6)}`, permissions: ["knowledge:read"] },
    });
    expect(key.status).toBe(201);
    expect(
      (
        await api("POST", "/api/v1/ai/chat", {
          apiKey: key.body.key,
          body: { message: "Is repatriation covered?", session_id: randomUUID() },
        })
      ).status,
    ).toBe(403);
  });

  it("refuses a blank message or a session_id that is not a UUID (422)", async () => {
    expect((await ask(seller.token, "   ", randomUUID())).status).toBe(422);
    expect((await ask(seller.token, "Is repatriation covered?", "session-1")).status).toBe(422);
  });
});

describe("POST /api/v1/ai/chat with the model (fake OpenAI)", () => {
  it("gives the model the system prompt and the retrieved fragments, and returns its answer", async () => {
    useFakeOpenAI(openai);
    openai.answerWith("Yes: up to 7500 USD (Ecuador annex).");
    const res = await ask(seller.token, "Is repatriation of remains to Ecuador covered?", randomUUID());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.answer).toBe("Yes: up to 7500 USD (Ecuador annex).");
    expect(res.body.sources[0].document_id).toBe(ecuador.id);

    const [request] = openai.chatRequests();
    expect(request.headers.authorization).toBe(`Bearer ${openai.apiKey}`);
    const messages = request.body.messages as Array<{ role: string; content: string }>;
    expect(messages[0]).toEqual({ role: "system", content: `${SYSTEM_PROMPT} ${ANSWER_IN.en}` });
    expect(SYSTEM_PROMPT).toMatch(/expert in funeral/);
    expect(SYSTEM_PROMPT).toMatch(/only from the numbered fragments/);
    expect(SYSTEM_PROMPT).toMatch(/do not cover it/);
    expect(messages).toHaveLength(2);
    const question = messageText(messages[1]);
    expect(messages[1].role).toBe("user");
    expect(question).toContain("[1] (Ecuador annex)");
    expect(question).toContain(ECUADOR_TEXT);
    expect(question).toMatch(/Question: Is repatriation of remains to Ecuador covered\?$/);
    // Exactly the fragments returned as sources were given to the model.
    expect([...question.matchAll(/^\[\d+\] \(/gm)]).toHaveLength(res.body.sources.length);
  });

  it(`remembers the session's last ${MEMORY_TURNS} exchanges (${MEMORY_TURNS * 2} messages), not other sessions' or other users'`, async () => {
    useFakeOpenAI(openai);
    openai.answerWith((request) => {
      const last = (request.body.messages as Array<{ role: string; content: string }>).at(-1)!;
      return `Answer to <${/Question: (.*)$/s.exec(messageText(last))?.[1]}>`;
    });
    // A seller of its own: these 14 questions would take the file's seller past 20 a minute.
    const asker = await signInAs("VENDEDOR", { companyId });
    const sessionId = randomUUID();
    const otherSession = randomUUID();
    expect(
      (await ask(asker.token, "Other session: is repatriation of remains to Ecuador covered?", otherSession)).status,
    ).toBe(200);
    const questions = Array.from(
      { length: 12 },
      (_, i) => `Turn ${i + 1}: is repatriation of remains to Ecuador covered?`,
    );
    for (const [index, question] of questions.entries()) {
      const res = await ask(asker.token, question, sessionId);
      expect(res.status).toBe(200);
      expect(res.body.answer).toBe(`Answer to <${question}>`);
      expect(res.body.turn).toBe(index + 1);
    }
    // Another user of the company writing into the same session id is not this user's memory.
    expect((await ask(admin.token, "Intruder: is repatriation of remains to Ecuador covered?", sessionId)).status).toBe(
      200,
    );

    openai.reset();
    useFakeOpenAI(openai);
    const res = await ask(asker.token, "Last: is repatriation of remains to Ecuador covered?", sessionId);
    expect(res.status).toBe(200);
    expect(res.body.turn).toBe(questions.length + 1);
    const messages = openai.chatRequests()[0].body.messages as Array<{ role: string; content: string }>;
    expect(messages[0].role).toBe("system");
    const memory = messages.slice(1, -1).map((message) => ({ role: message.role, content: messageText(message) }));
    expect(memory).toHaveLength(MEMORY_TURNS * 2);
    expect(memory).toEqual(
      questions.slice(-MEMORY_TURNS).flatMap((question) => [
        { role: "user", content: question },
        { role: "assistant", content: `Answer to <${question}>` },
      ]),
    );
    expect(JSON.stringify(messages)).not.toContain("Other session");
    expect(JSON.stringify(messages)).not.toContain("Intruder");
    expect(messageText(messages.at(-1)!)).toMatch(/Question: Last: /);
  });

  it("does not call the model when no fragment is relevant, and says so", async () => {
    useFakeOpenAI(openai);
    const res = await ask(seller.token, "Which football team won the league in 1987?", randomUUID());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ answer: NOT_IN_KNOWLEDGE.en, sources: [] });
    expect(openai.chatRequests()).toEqual([]);
    expect(openai.embeddingRequests()).toHaveLength(1);
  });

  it("answers 429 {detail} when the provider's quota is exceeded (answer or embedding)", async () => {
    useFakeOpenAI(openai);
    openai.failCompletions(QUOTA_EXCEEDED);
    const res = await ask(seller.token, "Is repatriation of remains to Ecuador covered?", randomUUID());
    expect(res.status, JSON.stringify(res.body)).toBe(429);
    expect(res.body.detail).toEqual(expect.any(String));
    expect(openai.chatRequests().length).toBeGreaterThan(0);

    openai.reset();
    openai.failAlways(QUOTA_EXCEEDED);
    expect((await ask(seller.token, "Is repatriation of remains to Ecuador covered?", randomUUID())).status).toBe(429);
  });

  it.each([
    ["the answer fails", 502, () => openai.failCompletions()],
    ["the embedding fails", 502, () => openai.failAlways()],
    ["the answer is not JSON", 502, () => openai.failCompletions(GARBAGE_REPLY)],
    [
      "the answer is JSON of another shape",
      502,
      () => openai.failCompletions({ status: 200, body: { choices: "none" } }),
    ],
    ["the embedding is not JSON", 502, () => openai.failAlways(GARBAGE_REPLY)],
    ["the provider hangs past the timeout", 504, () => (vi.stubEnv("OUTBOUND_TIMEOUT_MS", "300"), openai.hang(3000))],
  ])("when %s: %i, and keeps no turn of it", async (_, status, breakIt) => {
    // A seller of its own per case: the file's seller stays under 20 questions a minute.
    const seller = await signInAs("VENDEDOR", { companyId });
    useFakeOpenAI(openai);
    breakIt();
    const sessionId = randomUUID();
    const started = Date.now();
    const res = await ask(seller.token, "Is repatriation of remains to Ecuador covered?", sessionId);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    // Well within the 3 s the hanging fake holds its answer: the time limit, not the provider, ended it.
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(res.body.detail).toEqual(expect.any(String));
    openai.reset();
    useFakeOpenAI(openai);
    const again = await ask(seller.token, "Is repatriation of remains to Ecuador covered?", sessionId);
    expect(again.status).toBe(200);
    expect(again.body.turn).toBe(1);
    expect(openai.chatRequests()[0].body.messages).toHaveLength(2);
  });
});
