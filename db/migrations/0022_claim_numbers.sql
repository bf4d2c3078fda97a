CREATE TABLE "claim_corrections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"expense_id" uuid,
	"payout_id" uuid,
	"previous_amount" numeric(12, 2) NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"reason" text NOT NULL,
	"corrected_by" text NOT NULL,
	"corrected_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_corrections_one_target_ck" CHECK (("claim_corrections"."expense_id" is null) <> ("claim_corrections"."payout_id" is null))
);
--> statement-breakpoint
CREATE TABLE "claim_number_counters" (
	"company_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "claim_number_counters_company_id_year_pk" PRIMARY KEY("company_id","year")
);
--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "claim_number" text;--> statement-breakpoint
-- Written by hand: the claims opened before this migration are numbered per company and year of creation
-- (UTC), oldest first, and each company's counter starts after the last number given.
UPDATE "claims" SET "claim_number" = numbered."claim_number"
FROM (
	SELECT "id", 'CLM-' || "year" || '-' || lpad(row_number() OVER (PARTITION BY "company_id", "year" ORDER BY "created_at", "id")::text, 6, '0') AS "claim_number"
	FROM (SELECT "id", "company_id", "created_at", extract(year FROM "created_at" AT TIME ZONE 'UTC')::integer AS "year" FROM "claims") dated
) numbered
WHERE "claims"."id" = numbered."id";--> statement-breakpoint
INSERT INTO "claim_number_counters" ("company_id", "year", "last_value")
SELECT "company_id", extract(year FROM "created_at" AT TIME ZONE 'UTC')::integer, count(*)
FROM "claims" GROUP BY 1, 2;--> statement-breakpoint
ALTER TABLE "claims" ALTER COLUMN "claim_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "claim_corrections" ADD CONSTRAINT "claim_corrections_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_corrections" ADD CONSTRAINT "claim_corrections_expense_id_claim_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."claim_expenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_corrections" ADD CONSTRAINT "claim_corrections_payout_id_claim_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."claim_payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_number_counters" ADD CONSTRAINT "claim_number_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_corrections_claim_idx" ON "claim_corrections" USING btree ("claim_id","corrected_at");--> statement-breakpoint
CREATE UNIQUE INDEX "claims_company_number_uq" ON "claims" USING btree ("company_id","claim_number");