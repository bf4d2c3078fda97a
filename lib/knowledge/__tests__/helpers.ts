import { createRequire } from "node:module";
import { count, eq } from "drizzle-orm";
import { expect, vi } from "vitest";
import { getDb } from "@/db";
import { knowledgeDocuments, knowledgeFragments } from "@/db/schema";
import { api } from "@/test/api";
import type { FakeOpenAI } from "@/test/fakes/openai";

// pdfkit (a dependency of @react-pdf/renderer) ships no types: the little of it the tests use.
type PdfKitDocument = {
  on(event: "data", listener: (chunk: Buffer) => void): void;
  on(event: "end", listener: () => void): void;
  text(text: string, options?: Record<string, unknown>): PdfKitDocument;
  addPage(): PdfKitDocument;
  end(): void;
};
const PDFDocument = createRequire(import.meta.url)("pdfkit") as new (
  options?: Record<string, unknown>,
) => PdfKitDocument;

/** A real PDF whose pages hold these texts (an empty string: a page without text). */
export function buildPdf(pages: string[]): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ compress: false });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    pages.forEach((text, index) => {
      if (index > 0) doc.addPage();
      if (text) doc.text(text);
    });
    doc.end();
  });
}

/** The multipart body of an upload: the file (when given) and the other fields. */
export function uploadForm(
  file: { bytes: Uint8Array; name: string; type?: string } | null,
  fields: Record<string, string> = {},
): FormData {
  const form = new FormData();
  if (file)
    form.append("file", new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "application/pdf" }), file.name);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/** POST /api/v1/ai/knowledge/upload with a multipart form. */
export async function upload(token: string, form: FormData) {
  return api("POST", "/api/v1/ai/knowledge/upload", { token, rawBody: form });
}

/** A text document (201); an ADMIN must name company_id (trust.md section 5). */
export async function addText(
  token: string,
  body: { title: string; content: string; metadata_json?: unknown; audience?: string; company_id?: string },
) {
  const response = await api("POST", "/api/v1/ai/knowledge", { token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; title: string; company_id: string; chunk_count: number; audience: string };
}

export function ask(token: string, message: string, sessionId: string) {
  return api("POST", "/api/v1/ai/chat", { token, body: { message, session_id: sessionId } });
}

/** Documents and fragments stored (all companies). */
export async function storedCounts() {
  const db = await getDb();
  const [{ documents }] = await db.select({ documents: count() }).from(knowledgeDocuments);
  const [{ fragments }] = await db.select({ fragments: count() }).from(knowledgeFragments);
  return { documents, fragments };
}

export async function fragmentsOf(documentId: string) {
  const db = await getDb();
  return db
    .select()
    .from(knowledgeFragments)
    .where(eq(knowledgeFragments.documentId, documentId))
    .orderBy(knowledgeFragments.position);
}

/** The AI SDK talks to the fake OpenAI from here on (until vi.unstubAllEnvs). */
export function useFakeOpenAI(fake: FakeOpenAI) {
  vi.stubEnv("OPENAI_API_KEY", fake.apiKey);
  vi.stubEnv("OPENAI_BASE_URL", fake.url);
}

/** No provider: the local embedding and the extractive answer. */
export function withoutOpenAI() {
  vi.stubEnv("OPENAI_API_KEY", undefined);
  vi.stubEnv("OPENAI_BASE_URL", undefined);
}

/** A policy wording about repatriation, long enough for several fragments. */
export function repatriationWording(company: string, paragraphs = 8): string {
  return Array.from(
    { length: paragraphs },
    (_, i) =>
      `Clause ${i + 1} of the ${company} plan. Repatriation of remains to the country of origin is covered up to 5000 USD per insured person. ` +
      `The repatriation includes the transfer of the remains, the coffin suitable for international transport and the paperwork at the consulate. ` +
      `The waiting period for repatriation after an accident is zero days; after an illness it is 180 days from the start date of the policy. ` +
      `Family members may request the repatriation service by calling the assistance line at any hour, every day of the year, from any country. ` +
      `The insurer pays the funeral home directly, so the family never advances the cost of the repatriation of remains.`,
  ).join("\n\n");
}
