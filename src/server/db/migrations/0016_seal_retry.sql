ALTER TABLE "contracts" ADD COLUMN "seal_retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "seal_failures" integer DEFAULT 0 NOT NULL;