CREATE TABLE "account_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "account_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_tokens_user_idx" ON "account_tokens" USING btree ("user_id","kind");--> statement-breakpoint
-- hand-written: users an administrator created (POST /auth/users, audited USER_CREATED) are verified,
-- the administrator having vouched for the address (trust.md section 1). Self-registered users stay
-- unverified until they open a verification link (POST /auth/verify-email/resend sends one); the seed's
-- users (demo logins, BOOTSTRAP_ADMIN_EMAIL) were always created verified.
UPDATE "users" SET "is_verified" = true
WHERE "is_verified" = false
  AND "id" IN (SELECT "entity_id" FROM "audit_logs" WHERE "action" = 'USER_CREATED' AND "entity" = 'users' AND "entity_id" IS NOT NULL);
