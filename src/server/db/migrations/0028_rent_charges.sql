CREATE TABLE "rent_adjustments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"contract_id" uuid NOT NULL,
	"anniversary" date NOT NULL,
	"indice" text NOT NULL,
	"months" jsonb NOT NULL,
	"percentual" text NOT NULL,
	"rent_before" integer NOT NULL,
	"rent_after" integer NOT NULL,
	"applied" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rent_charges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"contract_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"competencia" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"due_date" date NOT NULL,
	"lines" jsonb NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'aberta' NOT NULL,
	"pix_mode" text NOT NULL,
	"txid" text NOT NULL,
	"psp_location" text,
	"psp_registered_at" timestamp with time zone,
	"proof_document_id" uuid,
	"proof_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"receipt_contract_id" uuid,
	"reminders" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rent_charges_txid_unique" UNIQUE("txid")
);
--> statement-breakpoint
CREATE TABLE "rent_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"charge_id" uuid NOT NULL,
	"contract_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"paid_on" date NOT NULL,
	"dias_atraso" integer DEFAULT 0 NOT NULL,
	"multa" integer DEFAULT 0 NOT NULL,
	"juros" integer DEFAULT 0 NOT NULL,
	"waived" boolean DEFAULT false NOT NULL,
	"method" text NOT NULL,
	"end_to_end_id" text,
	"confirmed_by" text,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rent_payments_end_to_end_id_unique" UNIQUE("end_to_end_id")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "pix_key" text;--> statement-breakpoint
ALTER TABLE "rent_adjustments" ADD CONSTRAINT "rent_adjustments_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_charges" ADD CONSTRAINT "rent_charges_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_charges" ADD CONSTRAINT "rent_charges_proof_document_id_documents_id_fk" FOREIGN KEY ("proof_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_charges" ADD CONSTRAINT "rent_charges_receipt_contract_id_contracts_id_fk" FOREIGN KEY ("receipt_contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payments" ADD CONSTRAINT "rent_payments_charge_id_rent_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."rent_charges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payments" ADD CONSTRAINT "rent_payments_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payments" ADD CONSTRAINT "rent_payments_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rent_adjustments_lease_idx" ON "rent_adjustments" USING btree ("contract_id","anniversary");--> statement-breakpoint
CREATE UNIQUE INDEX "rent_charges_month_idx" ON "rent_charges" USING btree ("contract_id","competencia");--> statement-breakpoint
CREATE INDEX "rent_charges_open_due_idx" ON "rent_charges" USING btree ("due_date") WHERE status = 'aberta';--> statement-breakpoint
CREATE INDEX "rent_payments_contract_idx" ON "rent_payments" USING btree ("contract_id","paid_on");