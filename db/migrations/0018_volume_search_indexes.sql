ALTER TABLE "clients" ADD COLUMN "search_name" text GENERATED ALWAYS AS (lower(translate("first_name" || ' ' || "last_name", 'ÁÀÂÄÃÅáàâäãåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇçÝýÿ', 'aaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuunnccyyy'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "search_last_name" text GENERATED ALWAYS AS (lower(translate("last_name", 'ÁÀÂÄÃÅáàâäãåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇçÝýÿ', 'aaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuunnccyyy'))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "clients_search_name_idx" ON "clients" USING btree ("search_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "clients_search_last_name_idx" ON "clients" USING btree ("search_last_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "clients_email_prefix_idx" ON "clients" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "policies_scope_status_created_idx" ON "policies" USING btree ("company_id","business_unit_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "policies_number_prefix_idx" ON "policies" USING btree (lower("policy_number") text_pattern_ops);