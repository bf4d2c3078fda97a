CREATE TABLE "portfolio_money" (
	"policy_id" uuid NOT NULL,
	"day" date NOT NULL,
	"measure" text NOT NULL,
	"company_id" uuid NOT NULL,
	"business_unit_id" uuid,
	"plan_id" uuid NOT NULL,
	"currency" char(3) NOT NULL,
	"amount" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portfolio_policies" (
	"policy_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"business_unit_id" uuid,
	"plan_id" uuid NOT NULL,
	"currency" char(3) NOT NULL,
	"premium" numeric(12, 2) NOT NULL,
	"start_date" date NOT NULL,
	"first_active" date,
	"imported" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portfolio_changes" DROP CONSTRAINT "portfolio_changes_key_uq";--> statement-breakpoint
ALTER TABLE "portfolio_changes" ADD COLUMN "measure" text DEFAULT 'book' NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_changes" ADD COLUMN "amount" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "portfolio_money_policy_idx" ON "portfolio_money" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "portfolio_policies_start_idx" ON "portfolio_policies" USING btree ("start_date");--> statement-breakpoint
ALTER TABLE "portfolio_changes" ADD CONSTRAINT "portfolio_changes_key_uq" UNIQUE NULLS NOT DISTINCT("grain","period","measure","company_id","business_unit_id","plan_id","currency","status","in_force");--> statement-breakpoint
-- The report's reads: a range of (measure, grain, period), every column from the index alone.
DROP INDEX "portfolio_changes_read_idx";--> statement-breakpoint
CREATE INDEX "portfolio_changes_read_idx" ON "portfolio_changes" ("measure", "grain", "period") INCLUDE ("company_id", "business_unit_id", "plan_id", "currency", "status", "in_force", "policies", "lives", "premium", "amount");--> statement-breakpoint
-- The report's lapses and reinstatements of a window, each from an index alone (policy_id for the count of
-- policies lapsed in the year).
CREATE INDEX "policy_status_history_lapses_idx" ON "policy_status_history" USING btree ("effective_date") INCLUDE ("policy_id") WHERE "to_status" = 'LAPSED';--> statement-breakpoint
CREATE INDEX "policy_status_history_reinstatements_idx" ON "policy_status_history" USING btree ("effective_date") INCLUDE ("policy_id") WHERE "from_status" = 'LAPSED' AND "to_status" = 'ACTIVE';--> statement-breakpoint
-- Money moves the figures too: a policy is queued when its transactions or its claims' payouts change.
CREATE TRIGGER "portfolio_transactions_inserted" AFTER INSERT ON "transactions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_mark_new_rows('policy_id');--> statement-breakpoint
CREATE TRIGGER "portfolio_transactions_updated" AFTER UPDATE ON "transactions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_mark_both_rows('policy_id');--> statement-breakpoint
CREATE TRIGGER "portfolio_transactions_deleted" AFTER DELETE ON "transactions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_mark_old_rows('policy_id');--> statement-breakpoint
CREATE FUNCTION "portfolio_mark_payout_policies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO portfolio_pending (policy_id)
  SELECT DISTINCT c.policy_id FROM claims c JOIN changed_rows r ON r.claim_id = c.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "portfolio_payouts_inserted" AFTER INSERT ON "claim_payouts" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_mark_payout_policies();--> statement-breakpoint
CREATE TRIGGER "portfolio_payouts_updated" AFTER UPDATE ON "claim_payouts" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_mark_payout_policies();--> statement-breakpoint
CREATE TRIGGER "portfolio_payouts_deleted" AFTER DELETE ON "claim_payouts" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_mark_payout_policies();--> statement-breakpoint
-- The book's policies take their facts and money in at the next fold.
INSERT INTO "portfolio_pending" ("policy_id") SELECT "id" FROM "policies";
