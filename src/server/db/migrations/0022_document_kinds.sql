DROP INDEX "contracts_proposal_idx";--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "kind" text DEFAULT 'locacao' NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_parent_id_contracts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contracts_parent_idx" ON "contracts" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_proposal_idx" ON "contracts" USING btree ("proposal_id") WHERE parent_id IS NULL;