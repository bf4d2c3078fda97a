import { z } from "zod";
import { ROW_COUNT_MAX, RowCount, Uuid } from "@/lib/schemas";
import { KNOWLEDGE_AUDIENCES, LANGUAGES } from "@/db/enums";

/** metadata_json: free keys and values (a tag, a version); at most 8 KB once written as JSON. */
export const MetadataJson = z
  .record(z.string().max(100), z.unknown())
  .refine((value) => JSON.stringify(value).length <= 8192, {
    message: "must be at most 8 KB of JSON",
    params: { code: "too_long" },
  });

/** Who may read a document through the assistant: the company's staff only (the default), or its clients too. */
export const KnowledgeAudienceInput = z
  .enum(KNOWLEDGE_AUDIENCES, { message: `must be one of ${KNOWLEDGE_AUDIENCES.join(", ")}` })
  .default("STAFF")
  .describe("STAFF (default): the company's staff only. CLIENTS: also the company's own clients, in the assistant");

export const CreateTextDocumentInput = z.object({
  title: z.string().trim().min(1, { message: "is required" }).max(255),
  content: z.string().trim().min(1, { message: "is required" }).max(500_000),
  metadata_json: MetadataJson.default({}),
  audience: KnowledgeAudienceInput,
  company_id: Uuid.optional().describe(
    "The company whose knowledge this is: required for ADMIN (422 without); others may leave it out or name their own (another: 403)",
  ),
});
export type CreateTextDocumentInput = z.infer<typeof CreateTextDocumentInput>;

/** The PDF upload's form fields beside the file. */
export const UploadDocumentForm = z.object({
  file: z.any().describe("The PDF, at most 20 MB"),
  title: z.string().trim().min(1).max(255).optional().describe("Defaults to the file name"),
  metadata_json: z.string().optional().describe("A JSON object, as text"),
  audience: KnowledgeAudienceInput,
  company_id: Uuid.optional().describe(
    "The company whose knowledge this is: required for ADMIN (422 without); others may leave it out or name their own (another: 403)",
  ),
});

export const MAX_PDF_BYTES = 20 * 1024 * 1024;

export const KnowledgeDocumentResponse = z.object({
  id: Uuid,
  title: z.string(),
  company_id: Uuid,
  metadata_json: z.record(z.string(), z.unknown()),
  chunk_count: RowCount(),
  source: z.enum(["TEXT", "PDF"]),
  audience: z.enum(KNOWLEDGE_AUDIENCES),
  created_at: z.string(),
});
export type KnowledgeDocumentResponse = z.infer<typeof KnowledgeDocumentResponse>;
KnowledgeDocumentResponse.register(z.globalRegistry, { id: "KnowledgeDocument" });

export const ChatInput = z.object({
  message: z.string().trim().min(1, { message: "is required" }).max(4000),
  session_id: Uuid.describe(
    "Keeps the conversation: its last 10 turns are the assistant's memory. A conversation is the caller's own (per user, per API key): another caller's session id starts a new one",
  ),
  language: z
    .enum(LANGUAGES)
    .optional()
    .describe(
      "The caller's language (the chat page sends its own): the answer is in the question's language when its words say it plainly, else in this one, else in English",
    ),
});
export type ChatInput = z.infer<typeof ChatInput>;

export const ChatSource = z.object({
  document_id: Uuid,
  title: z.string(),
  fragment_id: Uuid,
  snippet: z.string().describe("The fragment's opening, at most 300 characters"),
  passage: z
    .string()
    .describe(
      'The part of the fragment the question matched: the sentence sharing the most words with it and those around it, at most 400 characters (with "..." where the fragment goes on); line breaks kept',
    ),
  score: z.number().min(-1).max(1).describe("Cosine similarity, -1 to 1; 1 = same direction"),
});
export type ChatSource = z.infer<typeof ChatSource>;

export const ChatResponse = z.object({
  session_id: Uuid,
  turn: z
    .number()
    .int()
    .min(1)
    .max(ROW_COUNT_MAX)
    .describe(
      "This question's place in the caller's conversation: 1 for a new conversation (also for a session id someone else used)",
    ),
  answer: z.string(),
  language: z
    .enum(LANGUAGES)
    .describe("The language the answer is written in: the question's, else the `language` sent, else English"),
  sources: z.array(ChatSource),
});
export type ChatResponse = z.infer<typeof ChatResponse>;
