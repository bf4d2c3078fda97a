import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { IdParams } from "@/lib/schemas";
import { ChatInput, ChatResponse, CreateTextDocumentInput, KnowledgeDocumentResponse, MAX_PDF_BYTES, UploadDocumentForm } from "./schemas";

const tag = "Knowledge";

export const knowledgeOperations = {
  uploadPdf: defineOperation({
    method: "POST",
    path: "/ai/knowledge/upload",
    tag,
    summary: "Add a PDF to the company's knowledge",
    description:
      "Multipart `file` (a PDF of at most 20 MB), optional `title` (default: the file name) and `metadata_json` (a JSON object as text). The text is extracted here, cut into overlapping fragments of about 1,000 to 2,000 characters, and each fragment embedded (3,072 dimensions). 400 when the file is not a PDF or has no text; 500 when the embedding fails, and then nothing is stored.",
    access: "knowledge:write",
    multipart: { description: "The PDF and its fields", schema: UploadDocumentForm, maxBytes: MAX_PDF_BYTES },
    responses: {
      200: { description: "KnowledgeDocumentResponse", schema: KnowledgeDocumentResponse },
      400: { description: "Not a PDF, or no readable text" },
      413: { description: "Larger than 20 MB" },
      422: { description: "No file, or a bad field (metadata_json not a JSON object)" },
      500: { description: "The embedding failed; nothing stored" },
      503: { description: "The text was not extracted within the time limit (code job_timed_out), or the server is busy (code busy)" },
    },
  }),
  createText: defineOperation({
    method: "POST",
    path: "/ai/knowledge",
    tag,
    summary: "Add a text document to the company's knowledge",
    description: "Cut into overlapping fragments and embedded like a PDF. ADMIN may name `company_id`. 500 when the embedding fails, and then nothing is stored.",
    access: "knowledge:write",
    body: CreateTextDocumentInput,
    responses: { 201: { description: "KnowledgeDocumentResponse", schema: KnowledgeDocumentResponse }, 500: { description: "The embedding failed; nothing stored" } },
  }),
  listDocuments: defineOperation({
    method: "GET",
    path: "/ai/knowledge",
    tag,
    summary: "The company's knowledge documents, newest first (ADMIN: every company's)",
    access: "knowledge:read",
    responses: { 200: { description: "Documents", schema: z.array(KnowledgeDocumentResponse) } },
  }),
  deleteDocument: defineOperation({
    method: "DELETE",
    path: "/ai/knowledge/{id}",
    tag,
    summary: "Delete a document and its fragments",
    access: "knowledge:write",
    params: IdParams,
    responses: { 204: { description: "Deleted" }, 404: { description: "Unknown document, or another company's" } },
  }),
  chat: defineOperation({
    method: "POST",
    path: "/ai/chat",
    tag,
    summary: "Ask the assistant, which answers from the company's documents only",
    description:
      "The question is embedded; the 5 nearest fragments of the caller's company are retrieved (the company filter is inside the SQL) and those above a relevance floor are given to the model, which is told it is an expert in funeral insurance and must answer only from them and say when they do not hold the answer. The last 10 turns of `session_id` are its memory. Without OPENAI_API_KEY the answer quotes the best sentences of the fragments. 429 when the model provider reports its quota exceeded; 502 when it fails; 504 when it does not answer within OUTBOUND_TIMEOUT_MS.",
    access: "chat:use",
    body: ChatInput,
    responses: {
      200: { description: "The answer and its sources", schema: ChatResponse },
      429: { description: "The model provider's quota is exceeded" },
      502: { description: "The model provider failed" },
      504: { description: "The model provider did not answer in time" },
    },
  }),
  chatStream: defineOperation({
    method: "POST",
    path: "/ai/chat/stream",
    tag,
    summary: "Ask the assistant, with the answer streamed as it is written",
    description:
      "The same question, retrieval, memory and rules as POST /ai/chat, but the answer is streamed: the body is `text/plain; charset=utf-8`, the answer's text chunk by chunk as the model writes it (without OPENAI_API_KEY, the quoted sentences in a few chunks). The sources come first, in the `X-Chat-Sources` header: the JSON array of ChatSource (as in ChatResponse.sources) encoded as base64url, `W10` (`[]`) when nothing relevant was found. The session's two turns are stored when the answer has ended; a client that leaves mid-answer stops it and nothing is stored. 429, 502 and 504 (no first text within OUTBOUND_TIMEOUT_MS) come as JSON errors before any text; a failure after the first text cuts the stream.",
    access: "chat:use",
    body: ChatInput,
    responses: {
      200: { description: "The answer's text, streamed; its sources in X-Chat-Sources", schema: z.string(), contentType: "text/plain; charset=utf-8" },
      429: { description: "The model provider's quota is exceeded" },
      502: { description: "The model provider failed" },
      504: { description: "The model provider did not answer in time" },
    },
  }),
};
