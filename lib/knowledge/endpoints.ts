import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { IdParams } from "@/lib/schemas";
import {
  ChatInput,
  ChatResponse,
  CreateTextDocumentInput,
  KnowledgeDocumentResponse,
  MAX_PDF_BYTES,
  UploadDocumentForm,
} from "./schemas";

const tag = "Knowledge";

export const knowledgeEndpoints = {
  uploadPdf: defineOperation({
    method: "POST",
    path: "/ai/knowledge/upload",
    tag,
    summary: "Add a PDF to the company's knowledge",
    description:
      "Multipart `file` (a PDF of at most 20 MB), optional `title` (default: the file name), `metadata_json` (a JSON object as text), `audience` (STAFF, the default, or CLIENTS) and `company_id` (required for ADMIN: 422 without it; others may name only their own company: 403). The text is extracted here, cut into overlapping fragments of about 1,000 to 2,000 characters, and each fragment embedded (3,072 dimensions). 400 when the file is not a PDF or has no text; 500 when the embedding fails, and then nothing is stored.",
    access: "knowledge:write",
    multipart: { description: "The PDF and its fields", schema: UploadDocumentForm, maxBytes: MAX_PDF_BYTES },
    responses: {
      200: { description: "KnowledgeDocumentResponse", schema: KnowledgeDocumentResponse },
      400: { description: "Not a PDF, or no readable text" },
      403: { description: "company_id names another company and the caller is not ADMIN" },
      404: { description: "Unknown company_id" },
      413: { description: "Larger than 20 MB" },
      422: {
        description:
          "No file, a bad field (metadata_json not a JSON object, an unknown audience), or ADMIN without company_id",
      },
      500: { description: "The embedding failed; nothing stored" },
      503: {
        description:
          "The text was not extracted within the time limit (code job_timed_out), or the server is busy (code busy)",
      },
    },
  }),
  createText: defineOperation({
    method: "POST",
    path: "/ai/knowledge",
    tag,
    summary: "Add a text document to the company's knowledge",
    description:
      "Cut into overlapping fragments and embedded like a PDF. `audience`: STAFF (the default; the company's staff only) or CLIENTS (also the company's clients, in the assistant). ADMIN must name `company_id` (422 without it); others may leave it out or name their own company (another: 403). 500 when the embedding fails, and then nothing is stored.",
    access: "knowledge:write",
    body: CreateTextDocumentInput,
    responses: {
      201: { description: "KnowledgeDocumentResponse", schema: KnowledgeDocumentResponse },
      403: { description: "company_id names another company and the caller is not ADMIN" },
      404: { description: "Unknown company_id" },
      422: { description: "A bad field (an unknown audience), or ADMIN without company_id" },
      500: { description: "The embedding failed; nothing stored" },
    },
  }),
  listDocuments: defineOperation({
    method: "GET",
    path: "/ai/knowledge",
    tag,
    summary: "The company's knowledge documents (both audiences), newest first (ADMIN: every company's)",
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
    description: [
      "At most 20 questions a minute per user or API key (both chat endpoints together), then 429 with Retry-After.",
      'Which documents: staff (a caller with knowledge:read) read both audiences of their own company. A signed-in client (no knowledge:read) reads only the CLIENTS documents of the company of its client record (the client whose e-mail is its own): 403 `{code: "email_not_verified"}` until its e-mail is verified, 403 `{code: "no_client"}` when no client has its e-mail. An API key without knowledge:read reads its company\'s CLIENTS documents.',
      "The question is embedded; the 5 nearest fragments of those documents are retrieved (the company and audience filter is inside the SQL) and those above a relevance floor are given to the model, which is told it is an expert in funeral insurance and must answer only from them and say when they do not hold the answer.",
      "The answer is written in the question's language (`language` in the response): the one its words say plainly, else the `language` sent (the chat page sends its own), else English; the sentence saying the documents do not cover the question is in that language too. Each source carries `passage`, the part of its fragment the question matched (the sentences sharing the most words with it), beside `snippet`, the fragment's opening.",
      "Memory is per user, and per key for API keys: the caller's own last 10 turns of `session_id`; a session id someone else used starts a new conversation and never reads theirs. `turn` is the question's place in the caller's conversation, 1 for a new one.",
      "Without OPENAI_API_KEY the answer quotes the best sentences of the fragments. 429 also when the model provider reports its quota exceeded; 502 when it fails; 504 when it does not answer within OUTBOUND_TIMEOUT_MS.",
    ].join("\n\n"),
    access: "chat:use",
    body: ChatInput,
    responses: {
      200: { description: "The answer, its turn and its sources", schema: ChatResponse },
      403: {
        description:
          "A client whose e-mail is not verified (code email_not_verified) or with no client record (code no_client)",
      },
      429: {
        description:
          "More than 20 questions in a minute by this user or key, or the model provider's quota is exceeded",
      },
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
      "The same question, limit (20 a minute per user or key, counted with POST /ai/chat), documents, retrieval, memory and rules as POST /ai/chat, but the answer is streamed: the body is `text/plain; charset=utf-8`, the answer's text chunk by chunk as the model writes it (without OPENAI_API_KEY, the quoted sentences in a few chunks). The sources come first, in the `X-Chat-Sources` header: the JSON array of ChatSource (as in ChatResponse.sources) encoded as base64url, `W10` (`[]`) when nothing relevant was found; the `X-Chat-Turn` header is the question's turn (ChatResponse.turn: 1 for a new conversation), the `X-Chat-Language` header the answer's language (ChatResponse.language). The session's two turns are stored when the answer has ended; a client that leaves mid-answer stops it and nothing is stored. 403, 429, 502 and 504 (no first text within OUTBOUND_TIMEOUT_MS) come as JSON errors before any text; a failure after the first text cuts the stream.",
    access: "chat:use",
    body: ChatInput,
    responses: {
      200: {
        description:
          "The answer's text, streamed; its sources in X-Chat-Sources, its turn in X-Chat-Turn, its language in X-Chat-Language",
        schema: z.string(),
        contentType: "text/plain; charset=utf-8",
        headers: {
          "X-Chat-Sources": { description: "The JSON array of ChatSource, base64url" },
          "X-Chat-Turn": { description: "The question's turn in the caller's conversation" },
          "X-Chat-Language": { description: "The language the answer is written in: es or en" },
        },
      },
      403: {
        description:
          "A client whose e-mail is not verified (code email_not_verified) or with no client record (code no_client)",
      },
      429: {
        description:
          "More than 20 questions in a minute by this user or key, or the model provider's quota is exceeded",
      },
      502: { description: "The model provider failed" },
      504: { description: "The model provider did not answer in time" },
    },
  }),
};
