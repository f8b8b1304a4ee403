-- Failed sign-ins are evidence for an hour at most; rows keyed by "email|ip" are dropped, not split.
TRUNCATE "login_failures";--> statement-breakpoint
DROP INDEX "login_failures_key_time";--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "email" text NOT NULL;--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "ip" text NOT NULL;--> statement-breakpoint
CREATE INDEX "login_failures_email_time" ON "login_failures" USING btree ("email","failed_at");--> statement-breakpoint
CREATE INDEX "login_failures_ip_time" ON "login_failures" USING btree ("ip","failed_at");--> statement-breakpoint
ALTER TABLE "login_failures" DROP COLUMN "throttle_key";