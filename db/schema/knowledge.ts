import { halfvec, index, integer, jsonb, pgTable, real, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { apiKeys, users } from "./identity";
import { companies } from "./operations";
import { KNOWLEDGE_AUDIENCES } from "../enums";

// Who a knowledge document is for (trust.md section 5): STAFF (the default) is read by the company's
// staff only; CLIENTS also by the company's own clients, through the assistant.

export const EMBEDDING_DIMENSIONS = 3072;

export const knowledgeDocuments = pgTable(
  "knowledge_documents",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id),
    title: text("title").notNull(),
    content: text("content").notNull(),
    metadataJson: jsonb("metadata_json").$type<Record<string, unknown>>().notNull().default({}),
    source: text("source", { enum: ["TEXT", "PDF"] }).notNull(),
    // STAFF documents are read by the company's staff only; CLIENTS ones by its clients too.
    audience: text("audience", { enum: KNOWLEDGE_AUDIENCES }).notNull().default("STAFF"),
    chunkCount: integer("chunk_count").notNull().default(0),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("knowledge_documents_company_idx").on(t.companyId, t.createdAt)],
);

// Fragments carry company_id themselves so the vector search filters inside one SQL statement.
export const knowledgeFragments = pgTable(
  "knowledge_fragments",
  {
    id: id(),
    documentId: uuid("document_id")
      .notNull()
      .references(() => knowledgeDocuments.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id),
    position: integer("position").notNull(),
    content: text("content").notNull(),
    // The document's audience, copied like company_id so the search filters inside one statement.
    audience: text("audience", { enum: KNOWLEDGE_AUDIENCES }).notNull().default("STAFF"),
    // halfvec: plain vector indexes stop at 2,000 dimensions.
    embedding: halfvec("embedding", { dimensions: EMBEDDING_DIMENSIONS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("knowledge_fragments_company_idx").on(t.companyId, t.audience),
    index("knowledge_fragments_document_idx").on(t.documentId),
    // m and ef_construction above pgvector's defaults (16, 64): at the defaults, recall@5 of a company's
    // filtered search on 20,000 fragments stays near 0.92 even at ef_search 1,000 (bench/knowledge-retrieval.ts).
    index("knowledge_fragments_embedding_idx")
      .using("hnsw", t.embedding.op("halfvec_cosine_ops"))
      .with({ m: 32, ef_construction: 128 }),
  ],
);

// The conversation memory of the chat: the last turns of a session_id, of one user or one API key.
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: id(),
    sessionId: uuid("session_id").notNull(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    // The API key that asked, for a key's conversation (user_id null): memory is per user or per key.
    apiKeyId: uuid("api_key_id").references(() => apiKeys.id, { onDelete: "set null" }),
    role: text("role", { enum: ["user", "assistant"] }).notNull(),
    content: text("content").notNull(),
    sources: jsonb("sources").$type<unknown[]>().notNull().default([]),
    topScore: real("top_score"),
    createdAt: createdAt(),
  },
  (t) => [index("chat_messages_session_idx").on(t.sessionId, t.createdAt)],
);

export type KnowledgeDocument = typeof knowledgeDocuments.$inferSelect;
export type KnowledgeFragment = typeof knowledgeFragments.$inferSelect;
