export type { ChatSource, KnowledgeDocumentResponse as KnowledgeDocument } from "@/lib/knowledge/schemas";
