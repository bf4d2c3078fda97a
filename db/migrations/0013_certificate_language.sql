ALTER TABLE "policy_documents" DROP CONSTRAINT "policy_documents_policy_kind_uq";--> statement-breakpoint
-- The certificates kept so far were rendered in English, in Helvetica: their empty state matches no
-- policy's, so each is rendered again, in Noto Sans, on its next download.
ALTER TABLE "policy_documents" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "policy_documents" ALTER COLUMN "language" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "policy_documents" ADD COLUMN "state" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "policy_documents" ALTER COLUMN "state" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "policy_documents" ADD CONSTRAINT "policy_documents_policy_kind_language_uq" UNIQUE("policy_id","kind","language");
