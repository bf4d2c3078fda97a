CREATE TABLE "lifecycle_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"as_of" date NOT NULL,
	"started_by" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"moved" jsonb,
	"notices" integer
);
--> statement-breakpoint
CREATE TABLE "policy_account_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"policy_id" uuid NOT NULL,
	"entry_date" date NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"reference" text,
	"transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_endorsements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"policy_id" uuid NOT NULL,
	"effective_date" date NOT NULL,
	"reason" text NOT NULL,
	"premium_before" numeric(12, 2) NOT NULL,
	"premium_after" numeric(12, 2) NOT NULL,
	"added" jsonb NOT NULL,
	"removed" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"policy_id" uuid NOT NULL,
	"term_number" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"plan_version_id" uuid NOT NULL,
	"premium" numeric(12, 2) NOT NULL,
	"lives" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_terms_policy_term_uq" UNIQUE("policy_id","term_number")
);
--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "age_at_term_start" integer;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "cover_start_date" date;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "cover_end_date" date;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "term_number" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "term_start_date" date;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "paid_to_date" date;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "credit" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "lapsed_on" date;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "reinstated_on" date;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "auto_renew" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "cancel_at" date;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "cancellation_reason_code" text;--> statement-breakpoint
ALTER TABLE "policy_status_history" ADD COLUMN "effective_date" date;--> statement-breakpoint
-- Existing policies are in their first term; their lives were covered from the start, at the age priced.
UPDATE "policies" SET "term_start_date" = "start_date";--> statement-breakpoint
ALTER TABLE "policies" ALTER COLUMN "term_start_date" SET NOT NULL;--> statement-breakpoint
UPDATE "beneficiaries" SET "age_at_term_start" = "age_at_start",
  "cover_start_date" = (SELECT "start_date" FROM "policies" WHERE "policies"."id" = "beneficiaries"."policy_id");--> statement-breakpoint
ALTER TABLE "beneficiaries" ALTER COLUMN "age_at_term_start" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "beneficiaries" ALTER COLUMN "cover_start_date" SET NOT NULL;--> statement-breakpoint
UPDATE "policy_status_history" SET "effective_date" = ("changed_at" AT TIME ZONE 'UTC')::date;--> statement-breakpoint
ALTER TABLE "policy_status_history" ALTER COLUMN "effective_date" SET NOT NULL;--> statement-breakpoint
-- Before the lifecycle a policy became ACTIVE on its first premium: it is paid to the end of its first
-- month (interval arithmetic clamps to the month's length, as add_months does).
UPDATE "policies" SET "paid_to_date" = ("start_date" + interval '1 month')::date - 1
  WHERE "status" IN ('ACTIVE', 'IN_ARREARS');--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancel_requested" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "refund_of" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "processor_refund_id" text;--> statement-breakpoint
ALTER TABLE "policy_account_entries" ADD CONSTRAINT "policy_account_entries_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_endorsements" ADD CONSTRAINT "policy_endorsements_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_terms" ADD CONSTRAINT "policy_terms_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_terms" ADD CONSTRAINT "policy_terms_plan_version_id_plan_versions_id_fk" FOREIGN KEY ("plan_version_id") REFERENCES "public"."plan_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lifecycle_runs_started_idx" ON "lifecycle_runs" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "policy_account_entries_policy_idx" ON "policy_account_entries" USING btree ("policy_id","entry_date","created_at");--> statement-breakpoint
CREATE INDEX "policy_endorsements_policy_idx" ON "policy_endorsements" USING btree ("policy_id","created_at");--> statement-breakpoint
CREATE INDEX "policies_status_paid_to_idx" ON "policies" USING btree ("status","paid_to_date");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_processor_refund_id_unique" UNIQUE("processor_refund_id");--> statement-breakpoint
INSERT INTO "policy_terms" ("policy_id", "term_number", "start_date", "end_date", "plan_version_id", "premium", "lives")
  SELECT p."id", 1, p."start_date", p."end_date", p."plan_version_id", p."final_price",
    coalesce((SELECT jsonb_agg(jsonb_build_object('beneficiary_id', b."id", 'age', b."age_at_start", 'price', b."price"::text) ORDER BY b."position")
      FROM "beneficiaries" b WHERE b."policy_id" = p."id"), '[]'::jsonb)
  FROM "policies" p;