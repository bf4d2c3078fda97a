import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { api } from "@/test/api";
import { startFakeOpenAI, type FakeOpenAI } from "@/test/fakes/openai";
import { createTestCompany, signInAs, type SignedIn } from "@/test/fixtures";
import { ANSWER_IN, answerLanguageOf, languageOfText, NOT_IN_KNOWLEDGE } from "../answer-language";
import { SYSTEM_PROMPT } from "../conversation";
import { addText, useFakeOpenAI, withoutOpenAI } from "./helpers";

// The answer is written in the question's language: its own words first, then the language the caller
// sent (the chat page's), then English. The sentence saying the documents do not cover the question,
// the quoted answer's lead and the model's instruction all follow it.

describe("languageOfText", () => {
  it("reads Spanish from its words, with or without accents", () => {
    expect(languageOfText("cuanto cubre la poliza si el asegurado muere en el extranjero")).toBe("es");
    expect(languageOfText("¿Cuánto cubre la póliza?")).toBe("es");
  });

  it("reads Spanish from its spelling alone (an accent, ñ, ¿ or ¡)", () => {
    expect(languageOfText("Repatriación?")).toBe("es");
  });

  it("reads English from its words", () => {
    expect(languageOfText("How much does the policy cover when the insured dies abroad?")).toBe("en");
  });

  it("says nothing when no word tells, or as many tell each language", () => {
    expect(languageOfText("Ecuador 7500 USD")).toBeNull();
    expect(languageOfText("the de")).toBeNull();
  });
});

describe("answerLanguageOf", () => {
  it("follows the question's own language over the one the caller sent", () => {
    expect(answerLanguageOf("¿Está cubierta la repatriación?", "en")).toBe("es");
    expect(answerLanguageOf("Is repatriation covered?", "es")).toBe("en");
  });

  it("takes the caller's language when the question does not tell, else English", () => {
    expect(answerLanguageOf("Ecuador 7500 USD", "es")).toBe("es");
    expect(answerLanguageOf("Ecuador 7500 USD")).toBe("en");
  });
});

const ANNEX =
  "La repatriación de restos a Ecuador está cubierta hasta 7500 USD por persona asegurada, con el ataúd y los trámites consulares.";
const CREMATION = "Cremation is covered after a waiting period of 90 days, urn included.";
const FOOTBALL_ES = "¿Qué equipo de fútbol ganó la liga en 1987?";

describe("POST /api/v1/ai/chat and /ai/chat/stream: the answer's language", () => {
  let openai: FakeOpenAI;
  let seller: SignedIn;

  beforeAll(async () => {
    openai = await startFakeOpenAI();
    // A company of its own, so that other files' documents never answer here.
    const company = await createTestCompany();
    const admin = await signInAs("ADMIN", { companyId: company.id });
    seller = await signInAs("VENDEDOR", { companyId: company.id });
    await addText(admin.token, { title: "Anexo Ecuador", content: ANNEX, company_id: company.id });
    await addText(admin.token, { title: "Cremation rider", content: CREMATION, company_id: company.id });
  });

  afterEach(() => {
    vi.unstubAllEnvs();
    openai.reset();
  });

  afterAll(async () => {
    await openai.close();
  });

  function ask(message: string, language?: string) {
    return api("POST", "/api/v1/ai/chat", {
      token: seller.token,
      body: { message, session_id: randomUUID(), ...(language ? { language } : {}) },
    });
  }

  it("says in Spanish that the documents do not cover a Spanish question, even on an English page", async () => {
    withoutOpenAI();
    const res = await ask(FOOTBALL_ES, "en");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ answer: NOT_IN_KNOWLEDGE.es, language: "es", sources: [] });
  });

  it("streams the Spanish sentence too, with X-Chat-Language es", async () => {
    withoutOpenAI();
    const res = await api("POST", "/api/v1/ai/chat/stream", {
      token: seller.token,
      body: { message: FOOTBALL_ES, session_id: randomUUID() },
    });
    expect(res.status).toBe(200);
    expect(res.text).toBe(NOT_IN_KNOWLEDGE.es);
    expect(res.headers.get("x-chat-language")).toBe("es");
  });

  it("says it in English for an English question, even on a Spanish page", async () => {
    withoutOpenAI();
    const res = await ask("Which football team won the league in 1987?", "es");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ answer: NOT_IN_KNOWLEDGE.en, language: "en" });
  });

  it("follows the page's language when the question's words do not tell", async () => {
    withoutOpenAI();
    const spanish = await ask("football 1987", "es");
    expect(spanish.body).toMatchObject({ answer: NOT_IN_KNOWLEDGE.es, language: "es" });
    const unnamed = await ask("football 1987");
    expect(unnamed.body).toMatchObject({ answer: NOT_IN_KNOWLEDGE.en, language: "en" });
  });

  it("leads a quoted answer (no model) in the question's language, one quoted sentence a line", async () => {
    withoutOpenAI();
    const res = await ask("¿Está cubierta la repatriación de restos a Ecuador?");
    expect(res.status).toBe(200);
    expect(res.body.language).toBe("es");
    expect(res.body.answer).toBe(`Según Anexo Ecuador:\n${ANNEX}`);
  });

  it("tells the model to write in the question's language", async () => {
    useFakeOpenAI(openai);
    openai.answerWith("Sí: hasta 7500 USD (Anexo Ecuador).");
    const spanish = await ask("¿Está cubierta la repatriación de restos a Ecuador?", "en");
    expect(spanish.status, JSON.stringify(spanish.body)).toBe(200);
    expect(spanish.body).toMatchObject({ answer: "Sí: hasta 7500 USD (Anexo Ecuador).", language: "es" });
    const [request] = openai.chatRequests();
    expect((request.body.messages as Array<{ role: string; content: string }>)[0]).toEqual({
      role: "system",
      content: `${SYSTEM_PROMPT} ${ANSWER_IN.es}`,
    });
    expect(ANSWER_IN.es).toMatch(/in Spanish/);

    openai.reset();
    useFakeOpenAI(openai);
    expect((await ask("Is cremation covered after the waiting period?", "es")).body.language).toBe("en");
    expect(openai.chatRequests()[0].body.messages[0].content).toBe(`${SYSTEM_PROMPT} ${ANSWER_IN.en}`);
  });

  it("refuses a language it does not speak (422)", async () => {
    expect((await ask("¿Está cubierta la repatriación?", "fr")).status).toBe(422);
  });
});
