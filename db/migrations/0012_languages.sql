ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "preferred_language" text DEFAULT 'es' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "body" text;