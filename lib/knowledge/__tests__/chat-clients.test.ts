import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { chatMessages, users } from "@/db/schema";
import { api, type ApiResponse } from "@/test/api";
import { messageText, startFakeOpenAI, type FakeOpenAI } from "@/test/fakes/openai";
import {
  createTestClient,
  createTestCompany,
  signInAs,
  testAddress,
  uniqueEmail,
  type SignedIn,
} from "@/test/fixtures";
import { QUESTIONS_PER_MINUTE } from "../conversation";
import {
  addText,
  ask,
  buildPdf,
  fragmentsOf,
  storedCounts,
  upload,
  uploadForm,
  useFakeOpenAI,
  withoutOpenAI,
} from "./helpers";

// trust.md section 5: documents are for the company's STAFF (the default) or also its CLIENTS; an
// administrator names the company of what it ingests; a client's assistant reads only the CLIENTS
// documents of the company of its client record, once verified; memory is per user and per API key;
// 20 questions a minute per user or key.

type Source = { document_id: string; snippet: string };

// Texts with no word in common between the staff and the client documents, so that each question finds
// exactly the one it is about.
const STAFF_TEXT = "Staff only: the seller commission on the Aurora plan is 18 percent, paid monthly by transfer.";
const CLIENTS_TEXT =
  "Aurora plan members: repatriation of remains to Peru is covered up to 6400 USD, consulate paperwork included.";
const STAFF_QUESTION = "What seller commission does the Aurora plan pay, and how is it paid?";
const CLIENTS_QUESTION = "Is repatriation of remains to Peru covered by the Aurora plan?";

let openai: FakeOpenAI;
let company: string;
let admin: SignedIn;
let seller: SignedIn;
let staffDocument: string;
let clientsDocument: string;

async function markVerified(user: SignedIn, isVerified = true) {
  await (await getDb()).update(users).set({ isVerified }).where(eq(users.id, user.user.id));
}

/** A CLIENTE (of the default company, as self-registration makes them) whose e-mail is a client of `company`. */
async function clientUser(options: { verified: boolean; of?: SignedIn }): Promise<SignedIn> {
  const client = await createTestClient(options.of ?? seller);
  const user = await signInAs("CLIENTE", { email: client.email });
  await markVerified(user, options.verified);
  return user;
}

function askStream(credentials: { token?: string; apiKey?: string }, message: string, sessionId = randomUUID()) {
  return api("POST", "/api/v1/ai/chat/stream", { ...credentials, body: { message, session_id: sessionId } });
}

function sourcesOf(res: ApiResponse): string[] {
  if (res.headers.get("content-type")?.startsWith("text/plain")) {
    const header = res.headers.get("x-chat-sources");
    return header
      ? (JSON.parse(Buffer.from(header, "base64url").toString("utf8")) as Source[]).map((source) => source.document_id)
      : [];
  }
  return (res.body.sources as Source[]).map((source) => source.document_id);
}

async function keyWith(permissions: string[], companyId = company): Promise<string> {
  const res = await api("POST", "/api/v1/auth/api-keys", {
    token: admin.token,
    body: { name: `chat ${randomUUID().slice(0, 6)}`, permissions, company_id: companyId },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.key;
}

beforeAll(async () => {
  openai = await startFakeOpenAI();
  company = (await createTestCompany()).id;
  admin = await signInAs("ADMIN");
  seller = await signInAs("VENDEDOR", { companyId: company });
  staffDocument = (await addText(admin.token, { title: "Aurora commission", content: STAFF_TEXT, company_id: company }))
    .id;
  clientsDocument = (
    await addText(admin.token, {
      title: "Aurora members' guide",
      content: CLIENTS_TEXT,
      audience: "CLIENTS",
      company_id: company,
    })
  ).id;
});

afterEach(() => {
  vi.unstubAllEnvs();
  openai.reset();
});

afterAll(async () => {
  await openai.close();
});

describe("ingesting: audience and company (both ingest routes)", () => {
  it("audience defaults to STAFF and may be CLIENTS; documents and their fragments carry it", async () => {
    const staff = await addText(admin.token, {
      title: "Staff note",
      content: "Staff note: quotes expire after 30 days.",
      company_id: company,
    });
    const clients = await addText(admin.token, {
      title: "Client note",
      content: "Client note: the assistance line answers at any hour.",
      company_id: company,
      audience: "CLIENTS",
    });
    expect([staff.audience, clients.audience]).toEqual(["STAFF", "CLIENTS"]);
    expect((await fragmentsOf(staff.id)).map((fragment) => fragment.audience)).toEqual(["STAFF"]);
    expect((await fragmentsOf(clients.id)).map((fragment) => fragment.audience)).toEqual(["CLIENTS"]);

    const pdf = await buildPdf(["Aurora plan members may choose cremation; the urn is included."]);
    const uploaded = await upload(
      admin.token,
      uploadForm({ bytes: pdf, name: "aurora.pdf" }, { audience: "CLIENTS", company_id: company }),
    );
    expect(uploaded.status, uploaded.text).toBe(200);
    expect(uploaded.body).toMatchObject({ audience: "CLIENTS", company_id: company, source: "PDF" });
    expect((await fragmentsOf(uploaded.body.id)).every((fragment) => fragment.audience === "CLIENTS")).toBe(true);
    const defaulted = await upload(
      admin.token,
      uploadForm({ bytes: pdf, name: "aurora-staff.pdf" }, { company_id: company }),
    );
    expect(defaulted.body.audience).toBe("STAFF");

    const listed = (await api("GET", "/api/v1/ai/knowledge", { token: seller.token })).body as Array<{
      id: string;
      audience: string;
    }>;
    expect(listed.find((document) => document.id === clients.id)?.audience).toBe("CLIENTS");
    expect(listed.find((document) => document.id === staff.id)?.audience).toBe("STAFF");
  });

  it("an audience other than STAFF or CLIENTS: 422 naming audience, on both routes, nothing stored", async () => {
    const before = await storedCounts();
    const text = await api("POST", "/api/v1/ai/knowledge", {
      token: admin.token,
      body: { title: "X", content: "Some text.", company_id: company, audience: "EVERYONE" },
    });
    expect(text.status).toBe(422);
    expect(text.body.errors).toEqual([expect.objectContaining({ path: "audience" })]);
    const pdf = await upload(
      admin.token,
      uploadForm(
        { bytes: await buildPdf(["Some text."]), name: "x.pdf" },
        { audience: "clients", company_id: company },
      ),
    );
    expect(pdf.status).toBe(422);
    expect(JSON.stringify(pdf.body)).toContain("audience");
    expect(await storedCounts()).toEqual(before);
  });

  it("regression: ADMIN without company_id is 422 naming company_id (text and PDF), nothing stored", async () => {
    const before = await storedCounts();
    const text = await api("POST", "/api/v1/ai/knowledge", {
      token: admin.token,
      body: { title: "Nowhere", content: "Repatriation by air is covered." },
    });
    expect(text.status, text.text).toBe(422);
    expect(text.body).toMatchObject({
      code: "validation_error",
      errors: [{ path: "company_id", message: expect.any(String) }],
    });
    const pdf = await upload(
      admin.token,
      uploadForm({ bytes: await buildPdf(["Repatriation by air is covered."]), name: "nowhere.pdf" }),
    );
    expect(pdf.status, pdf.text).toBe(422);
    expect(pdf.body.errors).toEqual([expect.objectContaining({ path: "company_id" })]);
    expect(await storedCounts()).toEqual(before);
  });

  it("an API key with knowledge:write may leave company_id out: its own company", async () => {
    const key = await keyWith(["knowledge:write"]);
    const res = await api("POST", "/api/v1/ai/knowledge", {
      apiKey: key,
      body: { title: "Key note", content: "Key note: burial plots are covered." },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ company_id: company, audience: "STAFF" });
  });
});

describe("who reads what: staff both audiences, a client only CLIENTS of its client record's company", () => {
  it("a seller of the company retrieves both audiences", async () => {
    withoutOpenAI();
    expect(sourcesOf(await ask(seller.token, STAFF_QUESTION, randomUUID()))).toContain(staffDocument);
    expect(sourcesOf(await ask(seller.token, CLIENTS_QUESTION, randomUUID()))).toContain(clientsDocument);
  });

  it.each(["/api/v1/ai/chat", "/api/v1/ai/chat/stream"])(
    "%s: a verified client retrieves its company's CLIENTS documents and never a STAFF one, even asked with its exact text",
    async (path) => {
      withoutOpenAI();
      const client = await clientUser({ verified: true });
      const call = (message: string) =>
        api("POST", path, { token: client.token, body: { message, session_id: randomUUID() } });
      const answered = await call(CLIENTS_QUESTION);
      expect(answered.status, answered.text).toBe(200);
      expect(sourcesOf(answered)).toContain(clientsDocument);
      for (const message of [STAFF_QUESTION, STAFF_TEXT]) {
        const refused = await call(message);
        expect(refused.status).toBe(200);
        expect(sourcesOf(refused)).not.toContain(staffDocument);
        expect(refused.text).not.toContain("18 percent");
      }
    },
  );

  it("a client of another company reads that company's CLIENTS documents, not these", async () => {
    withoutOpenAI();
    const otherCompany = (await createTestCompany()).id;
    const otherSeller = await signInAs("VENDEDOR", { companyId: otherCompany });
    const client = await clientUser({ verified: true, of: otherSeller });
    const res = await ask(client.token, CLIENTS_TEXT, randomUUID());
    expect(res.status).toBe(200);
    expect(sourcesOf(res)).toEqual([]);
  });

  it.each(["/api/v1/ai/chat", "/api/v1/ai/chat/stream"])(
    "%s: a client whose e-mail is not verified: 403 email_not_verified, no turn stored",
    async (path) => {
      const client = await clientUser({ verified: false });
      const sessionId = randomUUID();
      const res = await api("POST", path, {
        token: client.token,
        body: { message: CLIENTS_QUESTION, session_id: sessionId },
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: "verify your e-mail address first", code: "email_not_verified" });
      expect(await (await getDb()).select().from(chatMessages).where(eq(chatMessages.sessionId, sessionId))).toEqual(
        [],
      );
    },
  );

  it.each(["/api/v1/ai/chat", "/api/v1/ai/chat/stream"])(
    "%s regression: a self-registered, verified user with no client record gets 403 no_client, not the default company's documents",
    async (path) => {
      withoutOpenAI();
      // An administrator's document of the default company: where documents without company_id used to land.
      const defaultCompany = admin.user.company_id;
      const internal = await addText(admin.token, {
        title: "Default internal memo",
        content: "Internal memo: the Zephyr discount code is STAFF-ONLY-42.",
        company_id: defaultCompany,
      });
      const email = uniqueEmail("self");
      const password = `Registered-${randomUUID()}`;
      const registered = await api("POST", "/api/v1/auth/register", {
        body: { email, password },
        headers: { "x-forwarded-for": testAddress() },
      });
      expect(registered.status, registered.text).toBe(201);
      await (await getDb()).update(users).set({ isVerified: true }).where(eq(users.email, email));
      const login = await api("POST", "/api/v1/auth/login", { body: { email, password } });
      expect(login.status, login.text).toBe(200);
      const res = await api("POST", path, {
        token: login.body.access_token,
        body: { message: "What is the Zephyr discount code in the internal memo?", session_id: randomUUID() },
      });
      expect(res.status, res.text).toBe(403);
      expect(res.body).toEqual({ detail: expect.any(String), code: "no_client" });
      expect(res.text).not.toContain("STAFF-ONLY-42");
      await api("DELETE", `/api/v1/ai/knowledge/${internal.id}`, { token: admin.token });
    },
  );

  it("an API key with chat:use only reads its company's CLIENTS documents; with knowledge:read, both", async () => {
    withoutOpenAI();
    const site = await keyWith(["chat:use"]);
    const staffKey = await keyWith(["chat:use", "knowledge:read"]);
    const ask = (apiKey: string, message: string) =>
      api("POST", "/api/v1/ai/chat", { apiKey, body: { message, session_id: randomUUID() } });
    expect(sourcesOf(await ask(site, CLIENTS_QUESTION))).toContain(clientsDocument);
    expect(sourcesOf(await ask(site, STAFF_TEXT))).not.toContain(staffDocument);
    expect(sourcesOf(await ask(staffKey, STAFF_QUESTION))).toContain(staffDocument);
  });
});

describe("memory is per user, and per key for API keys", () => {
  /** The memory the model was given with the last question: the messages between the system prompt and the question. */
  function memoryOfLastCall(): string[] {
    const messages = openai.chatRequests().at(-1)!.body.messages as Array<{ role: string; content: string }>;
    return messages.slice(1, -1).map(messageText);
  }

  it("regression: someone else's session id starts a new conversation (turn 1) and never reads theirs", async () => {
    useFakeOpenAI(openai);
    openai.answerWith("Answered.");
    const owner = await signInAs("VENDEDOR", { companyId: company });
    const other = await signInAs("VENDEDOR", { companyId: company });
    const sessionId = randomUUID();
    const first = await ask(owner.token, `Owner's secret question: ${CLIENTS_QUESTION}`, sessionId);
    expect(first.body.turn).toBe(1);
    expect((await ask(owner.token, CLIENTS_QUESTION, sessionId)).body.turn).toBe(2);

    const intruder = await ask(other.token, CLIENTS_QUESTION, sessionId);
    expect(intruder.status).toBe(200);
    expect(intruder.body.turn).toBe(1);
    expect(memoryOfLastCall()).toEqual([]);

    expect((await ask(owner.token, CLIENTS_QUESTION, sessionId)).body.turn).toBe(3);
    expect(memoryOfLastCall()).toHaveLength(4);
    expect(memoryOfLastCall().join(" ")).toContain("Owner's secret question");
  });

  it("API keys: each key its own conversation, apart from users' (the stream's X-Chat-Turn too)", async () => {
    useFakeOpenAI(openai);
    openai.answerWith("Answered.");
    const [keyA, keyB] = [await keyWith(["chat:use", "knowledge:read"]), await keyWith(["chat:use", "knowledge:read"])];
    const sessionId = randomUUID();
    const byKey = (apiKey: string, message: string) =>
      api("POST", "/api/v1/ai/chat", { apiKey, body: { message, session_id: sessionId } });
    expect((await byKey(keyA, `Key A's first: ${CLIENTS_QUESTION}`)).body.turn).toBe(1);
    expect((await byKey(keyA, CLIENTS_QUESTION)).body.turn).toBe(2);
    expect(memoryOfLastCall().join(" ")).toContain("Key A's first");

    const fromB = await byKey(keyB, CLIENTS_QUESTION);
    expect(fromB.body.turn).toBe(1);
    expect(memoryOfLastCall()).toEqual([]);
    expect((await ask(seller.token, CLIENTS_QUESTION, sessionId)).body.turn).toBe(1);
    expect(memoryOfLastCall()).toEqual([]);

    const streamed = await askStream({ apiKey: keyA }, CLIENTS_QUESTION, sessionId);
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get("x-chat-turn")).toBe("3");
    expect(memoryOfLastCall()).toHaveLength(4);

    const db = await getDb();
    const rows = await db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.sessionId, sessionId), eq(chatMessages.role, "user")));
    expect(rows.filter((row) => row.apiKeyId !== null && row.userId === null)).toHaveLength(4);
  });
});

describe(`at most ${QUESTIONS_PER_MINUTE} questions a minute per user or key (both endpoints), then 429`, () => {
  // The limit counts in fixed one-minute windows. Each test starts its clock (Date only, ticking with real
  // time) at the start of the next minute, so its questions all fall in one window however slow the
  // machine is, without waiting for the minute to turn.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    vi.setSystemTime(Math.ceil(Date.now() / 60_000) * 60_000 + 50);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("the 21st question of a user within a minute is 429 with Retry-After; another user and the next minute are not limited", async () => {
    withoutOpenAI();
    const asker = await signInAs("VENDEDOR", { companyId: company });
    const statuses: number[] = [];
    for (let index = 0; index < QUESTIONS_PER_MINUTE; index++) {
      const res =
        index % 2 === 0
          ? await ask(asker.token, "Cremation?", randomUUID())
          : await askStream({ token: asker.token }, "Cremation?");
      statuses.push(res.status);
    }
    expect(statuses).toEqual(Array(QUESTIONS_PER_MINUTE).fill(200));
    for (const res of [
      await ask(asker.token, "Cremation?", randomUUID()),
      await askStream({ token: asker.token }, "Cremation?"),
    ]) {
      expect(res.status).toBe(429);
      expect(res.body.detail).toMatch(/too many questions/);
      const retryAfter = Number(res.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    expect((await ask(seller.token, "Cremation?", randomUUID())).status).toBe(200);
  });

  it("an API key likewise", async () => {
    withoutOpenAI();
    const key = await keyWith(["chat:use"]);
    const byKey = () =>
      api("POST", "/api/v1/ai/chat", { apiKey: key, body: { message: "Cremation?", session_id: randomUUID() } });
    for (let index = 0; index < QUESTIONS_PER_MINUTE; index++) expect((await byKey()).status).toBe(200);
    expect((await byKey()).status).toBe(429);
  });
});
