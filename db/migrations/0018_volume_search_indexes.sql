ALTER TABLE "clients" ADD COLUMN "search_name" text GENERATED ALWAYS AS (lower(translate("first_name" || ' ' || "last_name", 'ÁÀÂÄÃÅáàâäãåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇçÝýÿ', 'aaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuunnccyyy'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "search_last_name" text GENERATED ALWAYS AS (lower(translate("last_name", 'ÁÀÂÄÃÅáàâäãåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇçÝýÿ', 'aaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuunnccyyy'))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "clients_search_name_idx" ON "clients" USING btree ("search_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "clients_search_last_name_idx" ON "clients" USING btree ("search_last_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "clients_email_prefix_idx" ON "clients" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "policies_scope_status_created_idx" ON "policies" USING btree ("company_id","business_unit_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "policies_number_prefix_idx" ON "policies" USING btree (lower("policy_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "policy_status_history_to_status_idx" ON "policy_status_history" USING btree ("to_status","effective_date");--> statement-breakpoint
CREATE INDEX "policy_status_history_imported_idx" ON "policy_status_history" USING btree ("policy_id") WHERE "policy_status_history"."from_status" is null and "policy_status_history"."reason" = 'imported';--> statement-breakpoint
-- The portfolio report's status of every policy (and claim) on a day: DISTINCT ON over the history in
-- this order, as an index-only scan with no sort (docs/reports.md section 1). INCLUDE is written by hand:
-- drizzle-kit cannot say it, and the schema files mention these two indexes in comments.
CREATE INDEX "policy_status_history_effective_idx" ON "policy_status_history" USING btree ("policy_id", "effective_date" DESC, "changed_at" DESC, "id" DESC) INCLUDE ("to_status");--> statement-breakpoint
CREATE INDEX "claim_status_history_changed_idx" ON "claim_status_history" USING btree ("claim_id", "changed_at" DESC, "id" DESC) INCLUDE ("to_status");
