DROP INDEX "beneficiaries_policy_idx";--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "beneficiaries_policy_idx" ON "beneficiaries" USING btree ("policy_id","position");