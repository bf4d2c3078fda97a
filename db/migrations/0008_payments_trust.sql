ALTER TABLE "companies" ADD COLUMN "processor_onboarding_completed_at" timestamp with time zone;--> statement-breakpoint
-- hand-written: trust.md section 3, the client role no longer starts a reseller's onboarding (the seed
-- only adds permissions, so existing databases lose it here).
DELETE FROM "role_permissions" WHERE "permission" = 'payments:onboard' AND "role_id" IN (SELECT "id" FROM "roles" WHERE "name" = 'CLIENTE');
