import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { knowledgeFragments } from "@/db/schema";
import { api } from "@/test/api";
import { createTestCompany, expectAuditRow, signInAs, type SignedIn } from "@/test/fixtures";
import { addText, ask, fragmentsOf, repatriationWording } from "./helpers";

// GET /api/v1/ai/knowledge and DELETE /api/v1/ai/knowledge/{id}: scoped to the caller's company.

let adminA: SignedIn;
let adminB: SignedIn;
let companyB: string;

beforeAll(async () => {
  adminA = await signInAs("ADMIN");
  companyB = (await createTestCompany()).id;
  adminB = await signInAs("ADMIN", { companyId: companyB });
});

function list(token: string) {
  return api("GET", "/api/v1/ai/knowledge", { token });
}

function remove(token: string, id: string) {
  return api("DELETE", `/api/v1/ai/knowledge/${id}`, { token });
}

describe("GET /api/v1/ai/knowledge", () => {
  it("lists the company's documents, newest first; a seller may read them", async () => {
    const first = await addText(adminA.token, {
      title: `First ${randomUUID()}`,
      content: "Cremation is covered.",
      company_id: adminA.user.company_id,
    });
    const second = await addText(adminA.token, {
      title: `Second ${randomUUID()}`,
      content: "Burial is covered.",
      company_id: adminA.user.company_id,
    });
    const seller = await signInAs("VENDEDOR");
    const res = await list(seller.token);
    expect(res.status).toBe(200);
    const ids = res.body.map((document: { id: string }) => document.id);
    expect(ids.indexOf(second.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(res.body.find((document: { id: string }) => document.id === first.id)).toEqual({
      ...first,
      created_at: expect.any(String),
    });
  });

  it("does not list another company's documents", async () => {
    const ofB = await addText(adminB.token, {
      title: "B only",
      content: "Repatriation by sea is covered.",
      company_id: companyB,
    });
    const sellerB = await signInAs("VENDEDOR", { companyId: companyB });
    const fromB = (await list(sellerB.token)).body as Array<{ id: string; company_id: string }>;
    expect(fromB.map((document) => document.id)).toContain(ofB.id);
    expect(fromB.every((document) => document.company_id === companyB)).toBe(true);

    const sellerA = await signInAs("VENDEDOR");
    const fromA = (await list(sellerA.token)).body as Array<{ id: string; company_id: string }>;
    expect(fromA.map((document) => document.id)).not.toContain(ofB.id);
    expect(fromA.every((document) => document.company_id === adminA.user.company_id)).toBe(true);
  });

  it("is refused without credentials (401) or to a client (403)", async () => {
    expect((await api("GET", "/api/v1/ai/knowledge")).status).toBe(401);
    expect((await list((await signInAs("CLIENTE")).token)).status).toBe(403);
  });
});

describe("DELETE /api/v1/ai/knowledge/{id}", () => {
  it("deletes the document and its fragments (204); the chat no longer finds them; audited KNOWLEDGE_DELETED", async () => {
    const document = await addText(adminA.token, {
      title: "To delete",
      content: repatriationWording("Ephemeral", 6),
      company_id: adminA.user.company_id,
    });
    expect((await fragmentsOf(document.id)).length).toBe(document.chunk_count);
    const seller = await signInAs("VENDEDOR");
    const before = await ask(seller.token, "Ephemeral plan repatriation of remains", randomUUID());
    expect(before.body.sources.map((source: { document_id: string }) => source.document_id)).toContain(document.id);

    const res = await remove(adminA.token, document.id);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect(await fragmentsOf(document.id)).toEqual([]);
    expect((await list(adminA.token)).body.map((listed: { id: string }) => listed.id)).not.toContain(document.id);
    const after = await ask(seller.token, "Ephemeral plan repatriation of remains", randomUUID());
    expect(after.body.sources.map((source: { document_id: string }) => source.document_id)).not.toContain(document.id);
    await expectAuditRow("KNOWLEDGE_DELETED", document.id);

    expect((await remove(adminA.token, document.id)).status).toBe(404);
  });

  it("answers 404 for another company's document and keeps it", async () => {
    const ofB = await addText(adminB.token, {
      title: "B's",
      content: "Repatriation by road is covered.",
      company_id: companyB,
    });
    const keyRes = await api("POST", "/api/v1/auth/api-keys", {
      token: adminA.token,
      body: { name: `K ${randomUUID().slice(0, 6)}`, permissions: ["knowledge:write"] },
    });
    expect(keyRes.status).toBe(201);
    expect((await api("DELETE", `/api/v1/ai/knowledge/${ofB.id}`, { apiKey: keyRes.body.key })).status).toBe(404);
    const db = await getDb();
    expect(await db.select().from(knowledgeFragments).where(eq(knowledgeFragments.documentId, ofB.id))).toHaveLength(1);
  });

  it("answers 404 for an unknown id, 403 to a seller, 401 without credentials", async () => {
    const document = await addText(adminA.token, {
      title: "Kept",
      content: "Burial is covered.",
      company_id: adminA.user.company_id,
    });
    expect((await remove(adminA.token, randomUUID())).status).toBe(404);
    expect((await remove((await signInAs("VENDEDOR")).token, document.id)).status).toBe(403);
    expect((await api("DELETE", `/api/v1/ai/knowledge/${document.id}`)).status).toBe(401);
    expect(await fragmentsOf(document.id)).toHaveLength(1);
  });
});
