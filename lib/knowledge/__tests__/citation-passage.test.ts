import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "@/test/api";
import { createTestCompany, signInAs, type SignedIn } from "@/test/fixtures";
import { PASSAGE_MAX, passageOf } from "../conversation";
import { addText, ask, withoutOpenAI } from "./helpers";

// A citation shows the passage of its fragment the question matched (ChatSource.passage), not the
// fragment's opening (ChatSource.snippet, kept as it was).

const FILLER = [
  "General conditions. This plan is offered by the insurer to families in every country where it operates.",
  "The policyholder signs the application and answers the health questions truthfully.",
  "Premiums are paid monthly by card or bank transfer, and a receipt is sent by e-mail after each payment.",
  "The insurer may review the premium once a year, with thirty days of notice to the policyholder.",
  "Disputes are settled by the courts of the policyholder's place of residence.",
  "Personal data are kept for the life of the policy and five years after it ends.",
  "The policyholder may cancel within thirty days of the start and receive every premium paid.",
  "A change of address is notified to the insurer in writing within fifteen days.",
];
const CREMATION = "Cremation is covered after a waiting period of 90 days, urn included.";
const AFTER = "The family chooses the crematorium from the insurer's network.";

describe("passageOf", () => {
  const content = [...FILLER, CREMATION, AFTER].join(" ");

  it("is the sentence sharing the most words with the question, with '...' where the fragment goes on before", () => {
    const passage = passageOf(content, "What is the waiting period for cremation?");
    expect(passage).toContain(CREMATION);
    expect(passage.startsWith("...")).toBe(true);
    expect(passage).not.toContain(FILLER[0]);
  });

  it("widens to the sentences around it, up to PASSAGE_MAX characters in all", () => {
    const passage = passageOf(content, "What is the waiting period for cremation?");
    expect(passage).toContain(AFTER);
    expect(passage).toContain(FILLER.at(-1));
    expect(passage.length).toBeLessThanOrEqual(PASSAGE_MAX);
    expect(passage.length).toBeGreaterThan(PASSAGE_MAX - 120);
  });

  it("ends with '...' when the fragment goes on after it", () => {
    const passage = passageOf(content, "Who settles disputes between the policyholder and the insurer?");
    expect(passage).toContain(FILLER[4]);
    expect(passage.endsWith("...")).toBe(true);
  });

  it("is the fragment's start when no sentence shares a word with the question", () => {
    const passage = passageOf(content, "zebra quantum saxophone");
    expect(passage.startsWith(FILLER[0])).toBe(true);
    expect(passage.endsWith("...")).toBe(true);
  });

  it("is the whole fragment when it is short, without '...'", () => {
    expect(passageOf(CREMATION, "cremation waiting period")).toBe(CREMATION);
  });

  it("keeps the fragment's line breaks", () => {
    const list = "Covered services:\n- the coffin\n- the hearse\n- the paperwork at the consulate";
    expect(passageOf(list, "Is the hearse covered?")).toBe(list);
  });

  it("cuts a sentence longer than a passage at a word, with '...'", () => {
    const long = `Cremation ${"and the transfer of the remains ".repeat(30)}is covered.`;
    const passage = passageOf(long, "cremation");
    expect(passage.length).toBeLessThanOrEqual(PASSAGE_MAX);
    expect(passage.endsWith("...")).toBe(true);
    const kept = passage.slice(0, -3);
    expect(long.startsWith(kept)).toBe(true);
    expect(long[kept.length]).toBe(" ");
  });
});

describe("POST /api/v1/ai/chat: the citation's passage", () => {
  let seller: SignedIn;
  let documentId: string;

  beforeAll(async () => {
    // A company of its own, so that other files' documents never answer here.
    const company = await createTestCompany();
    const admin = await signInAs("ADMIN", { companyId: company.id });
    seller = await signInAs("VENDEDOR", { companyId: company.id });
    const document = await addText(admin.token, {
      title: "Cremation rider",
      content: [...FILLER, CREMATION, AFTER].join(" "),
      company_id: company.id,
    });
    expect(document.chunk_count).toBe(1);
    documentId = document.id;
  });

  it("carries the matched passage of the fragment and its document's title; the snippet stays the fragment's opening", async () => {
    withoutOpenAI();
    const res = await ask(seller.token, "What is the waiting period for cremation?", randomUUID());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [source] = res.body.sources as Array<{
      document_id: string;
      title: string;
      snippet: string;
      passage: string;
    }>;
    expect(source.document_id).toBe(documentId);
    expect(source.title).toBe("Cremation rider");
    expect(source.passage).toContain(CREMATION);
    expect(source.passage).not.toContain(FILLER[0]);
    expect(source.snippet.startsWith(FILLER[0])).toBe(true);
    expect(source.snippet).not.toContain(CREMATION);
  });

  it("gives the same passage in the streamed answer's X-Chat-Sources", async () => {
    withoutOpenAI();
    const res = await api("POST", "/api/v1/ai/chat/stream", {
      token: seller.token,
      body: { message: "What is the waiting period for cremation?", session_id: randomUUID() },
    });
    expect(res.status).toBe(200);
    const sources = JSON.parse(Buffer.from(res.headers.get("x-chat-sources")!, "base64url").toString("utf8"));
    expect(sources[0].passage).toContain(CREMATION);
  });
});
