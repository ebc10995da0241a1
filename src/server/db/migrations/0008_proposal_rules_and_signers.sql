ALTER TABLE "contract_signers" ADD COLUMN "code_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_signers" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "caucao_meses" integer;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "fiador" jsonb;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "fiadores_recusados" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Proposals made before 0008 with caução took the offer's months: say so on the proposal.
UPDATE "proposals" p SET "caucao_meses" = coalesce(o."caucao_meses", 1) FROM "offers" o WHERE o."id" = p."offer_id" AND p."garantia" = 'caucao';
