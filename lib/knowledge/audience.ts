// Who a knowledge document is for (trust.md section 5): STAFF (the default) is read by the company's
// staff only; CLIENTS also by the company's own clients, through the assistant.
export const KNOWLEDGE_AUDIENCES = ["STAFF", "CLIENTS"] as const;
export type KnowledgeAudience = (typeof KNOWLEDGE_AUDIENCES)[number];
