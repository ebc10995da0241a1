DROP INDEX "live_events_user_idx";--> statement-breakpoint
ALTER TABLE "live_events" ADD COLUMN "xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "live_events" ADD COLUMN "horizon" "xid8" DEFAULT pg_snapshot_xmin(pg_current_snapshot()) NOT NULL;--> statement-breakpoint
CREATE INDEX "live_events_user_xid_idx" ON "live_events" USING btree ("user_id","xid");