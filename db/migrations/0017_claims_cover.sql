CREATE TABLE "claim_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"requirement_code" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" char(64) NOT NULL,
	"content" "bytea" NOT NULL,
	"uploaded_by" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"payee_type" text NOT NULL,
	"payee_name" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" char(3) NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_requirement_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"country" char(2),
	"items" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_requirement_lists_company_country_uq" UNIQUE NULLS NOT DISTINCT("company_id","country")
);
--> statement-breakpoint
CREATE TABLE "claim_requirements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"mandatory" boolean NOT NULL,
	"status" text DEFAULT 'MISSING' NOT NULL,
	"document_id" uuid,
	"note" text,
	"position" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_requirements_claim_code_uq" UNIQUE("claim_id","code")
);
--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "date_of_death" date;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "cause_of_death" text DEFAULT 'UNDETERMINED' NOT NULL;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "place_of_death_country" char(2);--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "repatriation_to_country" char(2);--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "settle_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "claim_documents" ADD CONSTRAINT "claim_documents_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_payouts" ADD CONSTRAINT "claim_payouts_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_requirement_lists" ADD CONSTRAINT "claim_requirement_lists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_requirements" ADD CONSTRAINT "claim_requirements_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_documents_claim_idx" ON "claim_documents" USING btree ("claim_id","uploaded_at");--> statement-breakpoint
CREATE INDEX "claim_payouts_claim_idx" ON "claim_payouts" USING btree ("claim_id");--> statement-breakpoint
-- Claims opened before this release: a claim opened by mark-deceased is dated the day the death was marked,
-- and every claim still being worked on gets the built-in base checklist (lib/claims/requirements).
UPDATE "claims" SET "date_of_death" = ("beneficiaries"."deceased_at" AT TIME ZONE 'UTC')::date
FROM "beneficiaries"
WHERE "beneficiaries"."id" = "claims"."beneficiary_id" AND "beneficiaries"."deceased_at" IS NOT NULL
  AND "claims"."reported_at" >= "beneficiaries"."deceased_at";--> statement-breakpoint
INSERT INTO "claim_requirements" ("claim_id", "code", "label", "mandatory", "position")
SELECT "claims"."id", "item"."code", "item"."label", true, "item"."position"
FROM "claims"
CROSS JOIN (VALUES
  ('DEATH_CERTIFICATE', 'Death certificate', 1),
  ('ID_OF_DECEASED', 'Identity document of the deceased', 2),
  ('CLAIM_FORM', 'Signed claim form', 3),
  ('FUNERAL_HOME_INVOICE', 'Funeral home invoice', 4)
) AS "item"("code", "label", "position")
WHERE "claims"."status" NOT IN ('CLOSED', 'REJECTED');
