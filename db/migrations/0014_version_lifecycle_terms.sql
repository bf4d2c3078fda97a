ALTER TABLE "plan_versions" ADD COLUMN "wtime_natural" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_versions" ADD COLUMN "grace_period_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_versions" ADD COLUMN "not_taken_up_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_versions" ADD COLUMN "reinstatement_window_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_versions" ADD COLUMN "cooling_off_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_versions" ADD COLUMN "is_renewable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_versions" ADD COLUMN "renewal_notice_days" integer DEFAULT 30 NOT NULL;