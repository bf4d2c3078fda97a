import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { api } from "@/test/api";
import { GARBAGE_REPLY } from "@/test/fakes/http-server";
import { QUOTA_EXCEEDED, startFakeOpenAI, type FakeOpenAI } from "@/test/fakes/openai";
import { signInAs, type SignedIn } from "@/test/fixtures";
import { localEmbedding } from "../local-embedding";
import { OPENAI_EMBEDDING_MODEL } from "../models";
import { buildPdf, fragmentsOf, repatriationWording, storedCounts, upload, uploadForm, useFakeOpenAI } from "./helpers";

// Ingestion through the OpenAI provider (a local fake speaking its API): every fragment is embedded
// before anything is written, so a failing provider (500) stores nothing.

let openai: FakeOpenAI;
let admin: SignedIn;

beforeAll(async () => {
  openai = await startFakeOpenAI();
  admin = await signInAs("ADMIN");
});

afterEach(() => {
  vi.unstubAllEnvs();
  openai.reset();
});

afterAll(async () => {
  await openai.close();
});

function postText(title: string, content: string) {
  return api("POST", "/api/v1/ai/knowledge", {
    token: admin.token,
    body: { title, content, company_id: admin.user.company_id },
  });
}

describe("ingestion with the OpenAI provider", () => {
  it("embeds every fragment with text-embedding-3-large at 3,072 dimensions and stores those embeddings", async () => {
    useFakeOpenAI(openai);
    const content = repatriationWording("Provider", 10);
    const res = await postText("Provider wording", content);
    expect(res.status, JSON.stringify(res.body)).toBe(201);

    const requests = openai.embeddingRequests();
    expect(requests.length).toBeGreaterThan(0);
    expect(requests[0].headers.authorization).toBe(`Bearer ${openai.apiKey}`);
    expect(requests[0].body).toMatchObject({ model: OPENAI_EMBEDDING_MODEL, dimensions: 3072 });
    const sent = requests.flatMap((request) => request.body.input as string[]);
    const fragments = await fragmentsOf(res.body.id);
    expect(sent).toEqual(fragments.map((fragment) => fragment.content));
    expect(fragments).toHaveLength(res.body.chunk_count);
    for (const fragment of fragments) {
      expect(fragment.embedding).toHaveLength(3072);
      // What the provider answered (halfvec keeps about 3 significant digits).
      const expected = localEmbedding(fragment.content);
      const largest = expected.reduce(
        (best, value, index) => (Math.abs(value) > Math.abs(expected[best]) ? index : best),
        0,
      );
      expect(fragment.embedding[largest]).toBeCloseTo(expected[largest], 2);
    }
  });

  it.each([
    ["fails (500)", () => openai.failAlways()],
    ["hangs past the timeout", () => (vi.stubEnv("OUTBOUND_TIMEOUT_MS", "300"), openai.hang(3000))],
    ["refuses the key (401)", () => vi.stubEnv("OPENAI_API_KEY", "sk-wrong")],
    ["answers something that is not JSON", () => openai.failAlways(GARBAGE_REPLY)],
    [
      "answers JSON without embeddings",
      () => openai.failAlways({ status: 200, body: { object: "list", data: "none" } }),
    ],
  ])("answers 500 and stores nothing when the provider %s", async (_, breakIt) => {
    useFakeOpenAI(openai);
    breakIt();
    const before = await storedCounts();
    const res = await postText("Never stored", repatriationWording("Failing", 6));
    expect(res.status, JSON.stringify(res.body)).toBe(500);
    expect(res.body.detail).toMatch(/embedding/);
    expect(await storedCounts()).toEqual(before);
    expect(openai.embeddingRequests().length).toBeGreaterThan(0);
  });

  it("answers 500 for a PDF upload whose embedding fails, storing nothing", async () => {
    useFakeOpenAI(openai);
    openai.failAlways();
    const before = await storedCounts();
    const res = await upload(
      admin.token,
      uploadForm(
        { bytes: await buildPdf(["Repatriation of remains is covered."]), name: "plan.pdf" },
        { company_id: admin.user.company_id },
      ),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(500);
    expect(await storedCounts()).toEqual(before);
  });

  it("answers 429 when the provider's quota is exceeded, storing nothing", async () => {
    useFakeOpenAI(openai);
    openai.failAlways(QUOTA_EXCEEDED);
    const before = await storedCounts();
    const res = await postText("Over quota", "Repatriation of remains is covered.");
    expect(res.status, JSON.stringify(res.body)).toBe(429);
    expect(res.body.detail).toEqual(expect.any(String));
    expect(await storedCounts()).toEqual(before);
  });

  it("recovers from one failed call (the SDK retries once)", async () => {
    useFakeOpenAI(openai);
    openai.failNext(1);
    const res = await postText("After a retry", "Repatriation of remains is covered.");
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(openai.embeddingRequests()).toHaveLength(2);
  });
});
