CREATE TABLE "sign_in_throttle" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Sign-in now needs a confirmed e-mail (decision 015): every account made before that is taken as confirmed, so nobody is locked out.
UPDATE "users" SET "email_verified" = true WHERE "email_verified" = false;
