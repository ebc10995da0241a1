CREATE TABLE "lease_settlements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"lease_id" uuid NOT NULL,
	"damages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contests" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"agreed_landlord" text,
	"agreed_tenant" text,
	"document_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lease_settlements_lease_id_unique" UNIQUE("lease_id")
);
--> statement-breakpoint
ALTER TABLE "lease_settlements" ADD CONSTRAINT "lease_settlements_lease_id_contracts_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_settlements" ADD CONSTRAINT "lease_settlements_document_id_contracts_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;