CREATE TABLE "inspection_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"inspection_id" uuid NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"detail" text,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"contract_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"entry_id" uuid,
	"status" text DEFAULT 'rascunho' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"content" jsonb NOT NULL,
	"reviews" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"review_ends_at" timestamp with time zone,
	"tacit" boolean DEFAULT false NOT NULL,
	"document_contract_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inspection_events" ADD CONSTRAINT "inspection_events_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_events" ADD CONSTRAINT "inspection_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_entry_id_inspections_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."inspections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_document_contract_id_contracts_id_fk" FOREIGN KEY ("document_contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspection_events_inspection_idx" ON "inspection_events" USING btree ("inspection_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "inspections_contract_kind_idx" ON "inspections" USING btree ("contract_id","kind");--> statement-breakpoint
CREATE INDEX "inspections_review_ends_idx" ON "inspections" USING btree ("review_ends_at") WHERE status = 'revisao';