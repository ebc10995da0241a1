CREATE INDEX "offers_pub_aluguel_idx" ON "offers" USING btree ("aluguel","id") WHERE status = 'publicada';--> statement-breakpoint
CREATE INDEX "offers_pub_quartos_idx" ON "offers" USING btree ("quartos","id") WHERE status = 'publicada';--> statement-breakpoint
CREATE INDEX "offers_pub_area_idx" ON "offers" USING btree ("area_m2","id") WHERE status = 'publicada';