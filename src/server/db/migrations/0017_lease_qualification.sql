ALTER TABLE "profiles" ADD COLUMN "rg_orgao_emissor" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "genero" text;