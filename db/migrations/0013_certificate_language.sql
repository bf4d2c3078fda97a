ALTER TABLE "policy_documents" DROP CONSTRAINT "policy_documents_policy_kind_uq";--> statement-breakpoint
-- The certificates kept so far were all rendered in English.
ALTER TABLE "policy_documents" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "policy_documents" ALTER COLUMN "language" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "policy_documents" ADD CONSTRAINT "policy_documents_policy_kind_language_uq" UNIQUE("policy_id","kind","language");
