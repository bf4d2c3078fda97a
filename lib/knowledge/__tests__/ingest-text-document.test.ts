import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { knowledgeDocuments } from "@/db/schema";
import { api } from "@/test/api";
import { createTestCompany, expectAuditRow, signInAs, type SignedIn } from "@/test/fixtures";
import { fragmentsOf, repatriationWording, storedCounts } from "./helpers";

// POST /api/v1/ai/knowledge (contract section 10): a text document, cut into fragments and embedded.

let admin: SignedIn;

beforeAll(async () => {
  admin = await signInAs("ADMIN");
});

function post(body: unknown, auth: { token?: string; apiKey?: string }) {
  return api("POST", "/api/v1/ai/knowledge", { ...auth, body });
}

describe("POST /api/v1/ai/knowledge", () => {
  it("stores the document (201) with its fragments, each with a 3,072-dimension embedding; audited KNOWLEDGE_INGESTED", async () => {
    const content = repatriationWording("Serenity", 12);
    const res = await post(
      {
        title: "Serenity wording",
        content,
        metadata_json: { version: "2026-01", tags: ["repatriation"] },
        company_id: admin.user.company_id,
      },
      { token: admin.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      title: "Serenity wording",
      company_id: admin.user.company_id,
      metadata_json: { version: "2026-01", tags: ["repatriation"] },
      chunk_count: expect.any(Number),
      source: "TEXT",
      audience: "STAFF",
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(content.length).toBeGreaterThan(5000);
    expect(res.body.chunk_count).toBeGreaterThanOrEqual(Math.floor(content.length / 2000));

    const fragments = await fragmentsOf(res.body.id);
    expect(fragments).toHaveLength(res.body.chunk_count);
    expect(fragments.map((fragment) => fragment.position)).toEqual(fragments.map((_, i) => i));
    for (const fragment of fragments) {
      expect(fragment.companyId).toBe(admin.user.company_id);
      expect(fragment.embedding).toHaveLength(3072);
      expect(fragment.content.length).toBeLessThanOrEqual(2000);
    }
    // Overlapping: the second fragment starts with text of the first.
    expect(fragments[0].content).toContain(fragments[1].content.slice(0, 80));

    const audit = await expectAuditRow("KNOWLEDGE_INGESTED", res.body.id);
    expect(audit.companyId).toBe(admin.user.company_id);
  });

  it("defaults metadata_json to {}", async () => {
    const res = await post(
      { title: "Short note", content: "Cremation is covered up to 1500 USD.", company_id: admin.user.company_id },
      { token: admin.token },
    );
    expect(res.status).toBe(201);
    expect(res.body.metadata_json).toEqual({});
    expect(res.body.chunk_count).toBe(1);
  });

  it.each([
    ["a list", [1, 2]],
    ["a text", "version 2"],
    ["a number", 7],
    ["null", null],
  ])("refuses metadata_json that is %s (422), storing nothing", async (_, metadata) => {
    const before = await storedCounts();
    const res = await post(
      { title: "Bad metadata", content: "Some text.", metadata_json: metadata },
      { token: admin.token },
    );
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toContain("metadata_json");
    expect(await storedCounts()).toEqual(before);
  });

  it("refuses a missing title or blank content (422)", async () => {
    expect((await post({ content: "Some text." }, { token: admin.token })).status).toBe(422);
    expect((await post({ title: "Blank", content: "   " }, { token: admin.token })).status).toBe(422);
  });

  it("is ADMIN's: a seller gets 403, no credentials 401", async () => {
    const seller = await signInAs("VENDEDOR");
    const before = await storedCounts();
    expect((await post({ title: "Seller's", content: "Some text." }, { token: seller.token })).status).toBe(403);
    expect((await post({ title: "Anonymous", content: "Some text." }, {})).status).toBe(401);
    expect(await storedCounts()).toEqual(before);
  });

  it("lets ADMIN store a document for another company (company_id)", async () => {
    const other = await createTestCompany();
    const res = await post(
      { title: "For the other company", content: "Repatriation by air is covered.", company_id: other.id },
      { token: admin.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.company_id).toBe(other.id);
    const [fragment] = await fragmentsOf(res.body.id);
    expect(fragment.companyId).toBe(other.id);
  });

  it("answers 404 when ADMIN names a company that does not exist, storing nothing", async () => {
    const before = await storedCounts();
    const res = await post(
      { title: "Nowhere", content: "Repatriation by air is covered.", company_id: randomUUID() },
      { token: admin.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(404);
    expect(res.body.detail).toBe("company not found");
    expect(await storedCounts()).toEqual(before);
  });

  it("refuses a non-admin caller naming another company (403), but takes its own", async () => {
    const keyRes = await api("POST", "/api/v1/auth/api-keys", {
      token: admin.token,
      body: { name: `Knowledge ${randomUUID().slice(0, 6)}`, permissions: ["knowledge:write", "knowledge:read"] },
    });
    expect(keyRes.status, JSON.stringify(keyRes.body)).toBe(201);
    const other = await createTestCompany();
    const refused = await post(
      { title: "Elsewhere", content: "Some text.", company_id: other.id },
      { apiKey: keyRes.body.key },
    );
    expect(refused.status).toBe(403);
    const db = await getDb();
    expect(await db.select().from(knowledgeDocuments).where(eq(knowledgeDocuments.companyId, other.id))).toEqual([]);

    const own = await post(
      { title: "Own", content: "Some text.", company_id: admin.user.company_id },
      { apiKey: keyRes.body.key },
    );
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expect(own.body.company_id).toBe(admin.user.company_id);
  });
});
