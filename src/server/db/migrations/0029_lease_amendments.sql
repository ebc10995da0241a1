CREATE TABLE "lease_amendments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "lease_amendments_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lease_id" uuid NOT NULL,
	"proposed_by" text NOT NULL,
	"changes" jsonb NOT NULL,
	"before" jsonb NOT NULL,
	"effective" date NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'aberta' NOT NULL,
	"answer_by" timestamp with time zone NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"counters" uuid,
	"document_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lease_amendments" ADD CONSTRAINT "lease_amendments_lease_id_contracts_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_amendments" ADD CONSTRAINT "lease_amendments_document_id_contracts_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lease_amendments_lease_idx" ON "lease_amendments" USING btree ("lease_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lease_amendments_one_open" ON "lease_amendments" USING btree ("lease_id") WHERE status = 'aberta';