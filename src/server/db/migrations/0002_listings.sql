CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"unit_id" uuid NOT NULL,
	"owner_id" text NOT NULL,
	"status" text DEFAULT 'rascunho' NOT NULL,
	"aluguel" bigint NOT NULL,
	"condominio" bigint DEFAULT 0 NOT NULL,
	"iptu" bigint DEFAULT 0 NOT NULL,
	"seguro_incendio" bigint DEFAULT 0 NOT NULL,
	"total" bigint NOT NULL,
	"garantias" text[] NOT NULL,
	"caucao_meses" integer,
	"prazo_meses" integer DEFAULT 30 NOT NULL,
	"reajuste" text DEFAULT 'IGP-M' NOT NULL,
	"disponivel_em" date NOT NULL,
	"descricao" text DEFAULT '' NOT NULL,
	"published_at" timestamp (6) with time zone,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"tipo" text NOT NULL,
	"uf" text NOT NULL,
	"cidade" text NOT NULL,
	"bairro" text NOT NULL,
	"cidade_norm" text NOT NULL,
	"bairro_norm" text NOT NULL,
	"quartos" integer NOT NULL,
	"banheiros" integer NOT NULL,
	"vagas" integer NOT NULL,
	"area_m2" integer NOT NULL,
	"mobiliado" boolean NOT NULL,
	"aceita_pets" boolean NOT NULL,
	"capa" uuid,
	"search_text" text NOT NULL,
	"search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, search_text)) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "units" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"tipo" text NOT NULL,
	"cep" text NOT NULL,
	"logradouro" text NOT NULL,
	"numero" text NOT NULL,
	"complemento" text DEFAULT '' NOT NULL,
	"bairro" text NOT NULL,
	"cidade" text NOT NULL,
	"uf" text NOT NULL,
	"area_m2" integer NOT NULL,
	"quartos" integer NOT NULL,
	"banheiros" integer NOT NULL,
	"vagas" integer NOT NULL,
	"mobiliado" boolean NOT NULL,
	"aceita_pets" boolean NOT NULL,
	"descricao" text DEFAULT '' NOT NULL,
	"matricula" text DEFAULT '' NOT NULL,
	"fotos" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offers_unit_idx" ON "offers" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "offers_owner_idx" ON "offers" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "offers_pub_total_idx" ON "offers" USING btree ("total","id") WHERE status = 'publicada';--> statement-breakpoint
CREATE INDEX "offers_pub_recent_idx" ON "offers" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'publicada';--> statement-breakpoint
CREATE INDEX "offers_pub_city_total_idx" ON "offers" USING btree ("uf","cidade_norm","total","id") WHERE status = 'publicada';--> statement-breakpoint
CREATE INDEX "offers_pub_city_recent_idx" ON "offers" USING btree ("uf","cidade_norm","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'publicada';--> statement-breakpoint
CREATE INDEX "offers_pub_bairro_total_idx" ON "offers" USING btree ("bairro_norm","total","id") WHERE status = 'publicada';--> statement-breakpoint
CREATE INDEX "offers_pub_bairro_recent_idx" ON "offers" USING btree ("bairro_norm","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'publicada';--> statement-breakpoint
CREATE INDEX "offers_pub_text_idx" ON "offers" USING gin ("search_tsv") WHERE status = 'publicada';--> statement-breakpoint
CREATE INDEX "units_owner_idx" ON "units" USING btree ("owner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "units_fotos_idx" ON "units" USING gin ("fotos");