DROP INDEX "knowledge_fragments_company_idx";--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "knowledge_documents" ADD COLUMN "audience" text DEFAULT 'STAFF' NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_fragments" ADD COLUMN "audience" text DEFAULT 'STAFF' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_fragments_company_idx" ON "knowledge_fragments" USING btree ("company_id","audience");