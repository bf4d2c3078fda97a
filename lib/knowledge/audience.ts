// Who a knowledge document is for: the list lives with the table (db/schema/knowledge.ts); re-exported
// here for the pages, which do not import the database.
export { KNOWLEDGE_AUDIENCES, type KnowledgeAudience } from "@/db/enums";
