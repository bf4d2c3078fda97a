CREATE TABLE "portfolio_changes" (
	"grain" text NOT NULL,
	"period" date NOT NULL,
	"company_id" uuid NOT NULL,
	"business_unit_id" uuid,
	"plan_id" uuid NOT NULL,
	"currency" char(3) NOT NULL,
	"status" text,
	"in_force" boolean NOT NULL,
	"policies" integer NOT NULL,
	"lives" integer NOT NULL,
	"premium" numeric(18, 2) NOT NULL,
	CONSTRAINT "portfolio_changes_key_uq" UNIQUE NULLS NOT DISTINCT("grain","period","company_id","business_unit_id","plan_id","currency","status","in_force")
);
--> statement-breakpoint
CREATE TABLE "portfolio_pending" (
	"policy_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portfolio_segments" (
	"policy_id" uuid NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date,
	"company_id" uuid NOT NULL,
	"business_unit_id" uuid,
	"plan_id" uuid NOT NULL,
	"currency" char(3) NOT NULL,
	"status" text,
	"in_force" boolean NOT NULL,
	"lives" integer NOT NULL,
	"premium" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE INDEX "portfolio_pending_policy_idx" ON "portfolio_pending" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "portfolio_segments_policy_idx" ON "portfolio_segments" USING btree ("policy_id");--> statement-breakpoint
-- The report's reads: a range of (grain, period), every column from the index alone.
CREATE INDEX "portfolio_changes_read_idx" ON "portfolio_changes" ("grain", "period") INCLUDE ("company_id", "business_unit_id", "plan_id", "currency", "status", "in_force", "policies", "lives", "premium");
--> statement-breakpoint
-- Triggers mark the policies whose report figures may have changed (db/schema/reports.ts); statement-level,
-- so a set-based write (the lifecycle run, a book import) marks its policies in one insert.
CREATE FUNCTION "portfolio_mark_new_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('INSERT INTO portfolio_pending (policy_id) SELECT DISTINCT %I FROM new_rows', TG_ARGV[0]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "portfolio_mark_old_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('INSERT INTO portfolio_pending (policy_id) SELECT DISTINCT %I FROM old_rows', TG_ARGV[0]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "portfolio_mark_both_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('INSERT INTO portfolio_pending (policy_id) SELECT %1$I FROM new_rows UNION SELECT %1$I FROM old_rows', TG_ARGV[0]);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A policy counts again when a column the figures read changes, not at every write (updated_at, credit).
CREATE FUNCTION "portfolio_mark_updated_policies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO portfolio_pending (policy_id)
  SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE (n.start_date, n.paid_to_date, n.final_price, n.company_id, n.business_unit_id, n.plan_version_id, n.currency)
    IS DISTINCT FROM (o.start_date, o.paid_to_date, o.final_price, o.company_id, o.business_unit_id, o.plan_version_id, o.currency)
 ;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "portfolio_mark_version_policies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO portfolio_pending (policy_id)
  SELECT p.id FROM policies p JOIN new_rows n ON n.id = p.plan_version_id JOIN old_rows o ON o.id = n.id
  WHERE n.grace_period_days IS DISTINCT FROM o.grace_period_days
 ;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "portfolio_policies_inserted" AFTER INSERT ON "policies" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_mark_new_rows('id');
--> statement-breakpoint
CREATE TRIGGER "portfolio_policies_updated" AFTER UPDATE ON "policies" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_mark_updated_policies();
--> statement-breakpoint
CREATE TRIGGER "portfolio_policies_deleted" AFTER DELETE ON "policies" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_mark_old_rows('id');
--> statement-breakpoint
CREATE TRIGGER "portfolio_history_inserted" AFTER INSERT ON "policy_status_history" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_mark_new_rows('policy_id');
--> statement-breakpoint
CREATE TRIGGER "portfolio_history_updated" AFTER UPDATE ON "policy_status_history" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_mark_both_rows('policy_id');
--> statement-breakpoint
CREATE TRIGGER "portfolio_history_deleted" AFTER DELETE ON "policy_status_history" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_mark_old_rows('policy_id');
--> statement-breakpoint
CREATE TRIGGER "portfolio_lives_inserted" AFTER INSERT ON "beneficiaries" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_mark_new_rows('policy_id');
--> statement-breakpoint
CREATE TRIGGER "portfolio_lives_updated" AFTER UPDATE ON "beneficiaries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_mark_both_rows('policy_id');
--> statement-breakpoint
CREATE TRIGGER "portfolio_lives_deleted" AFTER DELETE ON "beneficiaries" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_mark_old_rows('policy_id');
--> statement-breakpoint
CREATE TRIGGER "portfolio_versions_updated" AFTER UPDATE ON "plan_versions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_mark_version_policies();
--> statement-breakpoint
-- A queue: rows come and go all day, so it is vacuumed after every 10,000 dead rows, not after a share of
-- a table that is nearly always empty.
ALTER TABLE "portfolio_pending" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 10000);
--> statement-breakpoint
-- The book as it stands: every policy is taken in by the first fold.
INSERT INTO "portfolio_pending" ("policy_id") SELECT "id" FROM "policies";
