ALTER TABLE "api_keys" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_company_idx" ON "products" USING btree ("company_id");--> statement-breakpoint
-- hand-written: an API key no longer holds a permission that reaches beyond its company (trust.md
-- section 3). The service also drops them when it resolves a key; this makes the stored lists say so.
UPDATE "api_keys" SET "permissions" = ARRAY(
  SELECT "permission" FROM unnest("permissions") WITH ORDINALITY AS "held"("permission", "position")
  WHERE "permission" NOT IN ('users:manage', 'organizations:manage', 'geography:manage', 'lifecycle:run')
  ORDER BY "position"
)
WHERE "permissions" && ARRAY['users:manage', 'organizations:manage', 'geography:manage', 'lifecycle:run']::text[];--> statement-breakpoint
-- hand-written: a product whose plans all belong to one company becomes that company's product (its
-- plans were visible to that company only, so no other company loses anything it could sell).
UPDATE "products" SET "company_id" = "owner"."company_id"
FROM (
  SELECT "product_id", (array_agg("company_id"))[1] AS "company_id"
  FROM "plans"
  GROUP BY "product_id"
  HAVING count(*) = count("company_id") AND count(DISTINCT "company_id") = 1
) AS "owner"
WHERE "owner"."product_id" = "products"."id" AND "products"."company_id" IS NULL;--> statement-breakpoint
-- hand-written: audit rows of the catalog and the geography carry the company they are about (null for
-- what every company shares) instead of the company of the administrator who wrote them, so that a
-- company's audit:read key does not read them as its own.
UPDATE "audit_logs" SET "company_id" = "products"."company_id"
FROM "products"
WHERE "audit_logs"."entity" = 'products' AND "audit_logs"."entity_id" = "products"."id";--> statement-breakpoint
UPDATE "audit_logs" SET "company_id" = "plans"."company_id"
FROM "plans"
WHERE "audit_logs"."entity" = 'plans' AND "audit_logs"."entity_id" = "plans"."id";--> statement-breakpoint
UPDATE "audit_logs" SET "company_id" = "plans"."company_id"
FROM "plan_versions" JOIN "plans" ON "plans"."id" = "plan_versions"."plan_id"
WHERE "audit_logs"."entity" = 'plan_versions' AND "audit_logs"."entity_id" = "plan_versions"."id";--> statement-breakpoint
UPDATE "audit_logs" SET "company_id" = NULL WHERE "entity" = 'zones';
