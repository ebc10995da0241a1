-- Trigram similarity for the place suggestions (a name typed with a slip). pg_trgm ships with
-- PostgreSQL's contrib (the embedded binaries included) and is a trusted extension since
-- PostgreSQL 13: the database's owner may create it without being a superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "offers_pub_cidade_trgm_idx" ON "offers" USING gin ("cidade_norm" gin_trgm_ops) WHERE status = 'publicada';--> statement-breakpoint
CREATE INDEX "offers_pub_bairro_trgm_idx" ON "offers" USING gin ("bairro_norm" gin_trgm_ops) WHERE status = 'publicada';