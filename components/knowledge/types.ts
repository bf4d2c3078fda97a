import type { z } from "zod";
import type { CompanyResponse } from "@/lib/operations/schemas";

export type { ChatSource, KnowledgeDocumentResponse as KnowledgeDocument } from "@/lib/knowledge/schemas";

/** A company an administrator may file a document under. */
export type Company = z.infer<typeof CompanyResponse>;
