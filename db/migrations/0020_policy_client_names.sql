ALTER TABLE "policies" ADD COLUMN "client_search_name" text;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "client_search_last_name" text;--> statement-breakpoint
-- The book's policies take their client's names before the indexes are built.
UPDATE "policies" p SET "client_search_name" = c."search_name", "client_search_last_name" = c."search_last_name"
FROM "clients" c WHERE c."id" = p."client_id";--> statement-breakpoint
CREATE INDEX "policies_unit_client_name_idx" ON "policies" USING btree ("business_unit_id","client_search_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "policies_unit_client_last_name_idx" ON "policies" USING btree ("business_unit_id","client_search_last_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "policies_client_name_idx" ON "policies" USING btree ("client_search_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "policies_client_last_name_idx" ON "policies" USING btree ("client_search_last_name" text_pattern_ops);--> statement-breakpoint
-- A policy takes its client's names when it is written or moved to another client ...
CREATE FUNCTION "policies_copy_client_names"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c.search_name, c.search_last_name INTO NEW.client_search_name, NEW.client_search_last_name
  FROM clients c WHERE c.id = NEW.client_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "policies_client_names" BEFORE INSERT OR UPDATE OF "client_id" ON "policies" FOR EACH ROW EXECUTE FUNCTION policies_copy_client_names();
--> statement-breakpoint
-- ... and again when the client's name changes.
CREATE FUNCTION "clients_names_to_policies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE policies p SET client_search_name = n.search_name, client_search_last_name = n.search_last_name
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE p.client_id = n.id
    AND (n.search_name, n.search_last_name) IS DISTINCT FROM (o.search_name, o.search_last_name);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "clients_names_to_policies" AFTER UPDATE ON "clients" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_names_to_policies();
