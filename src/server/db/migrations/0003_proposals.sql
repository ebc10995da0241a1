CREATE TABLE "profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"nome_completo" text,
	"cpf" text,
	"rg" text,
	"data_nascimento" date,
	"estado_civil" text,
	"profissao" text,
	"nacionalidade" text,
	"telefone" text,
	"cep" text,
	"logradouro" text,
	"numero" text,
	"complemento" text,
	"bairro" text,
	"cidade" text,
	"uf" text,
	"renda_mensal" bigint,
	"ocupacao" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_cpf_unique" UNIQUE("cpf")
);
--> statement-breakpoint
CREATE TABLE "proposal_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"proposal_id" uuid NOT NULL,
	"actor" text NOT NULL,
	"type" text NOT NULL,
	"changes" jsonb,
	"detail" text,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"offer_id" uuid NOT NULL,
	"tenant_id" text NOT NULL,
	"landlord_id" text NOT NULL,
	"status" text NOT NULL,
	"turn" text,
	"deadline" timestamp with time zone,
	"aluguel" bigint NOT NULL,
	"data_entrada" date NOT NULL,
	"prazo_meses" integer NOT NULL,
	"garantia" text NOT NULL,
	"moradores" integer NOT NULL,
	"pets" boolean NOT NULL,
	"renda" bigint NOT NULL,
	"cotenants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"documentos" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"documentos_solicitados" text[] DEFAULT '{}'::text[] NOT NULL,
	"mensagem" text DEFAULT '' NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_events" ADD CONSTRAINT "proposal_events_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_tenant_id_users_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_landlord_id_users_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proposal_events_proposal_idx" ON "proposal_events" USING btree ("proposal_id","created_at");--> statement-breakpoint
CREATE INDEX "proposals_tenant_idx" ON "proposals" USING btree ("tenant_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "proposals_landlord_idx" ON "proposals" USING btree ("landlord_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "proposals_offer_idx" ON "proposals" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "proposals_deadline_idx" ON "proposals" USING btree ("deadline") WHERE status IN ('enviada', 'contraproposta', 'documentos_solicitados');--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_one_open_idx" ON "proposals" USING btree ("offer_id","tenant_id") WHERE status IN ('enviada', 'contraproposta', 'documentos_solicitados');--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_one_approved_idx" ON "proposals" USING btree ("offer_id") WHERE status = 'aprovada';