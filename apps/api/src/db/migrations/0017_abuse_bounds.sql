ALTER TABLE "users" ADD COLUMN "signup_network" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "network" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "open_key" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "authorization_url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "access_code" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "network" text;--> statement-breakpoint
ALTER TABLE "stay_bookings" ADD COLUMN "network" text;--> statement-breakpoint
-- What each payment was for, one payer's thing (a handler's subjectKey in payments.service.ts). Of several payments of one
-- subject still holding, the newest keeps the plain key and the older ones a key of their own, so
-- they keep their holds until they lapse as before.
UPDATE "payments" SET "open_key" = CASE
    WHEN "payment_type" IN ('event', 'course') THEN "payment_type" || ':' || "subject_id" || ':' || "user_id"
    ELSE "payment_type" || ':' || "subject_id"
  END,
  "network" = 'unknown';--> statement-breakpoint
UPDATE "payments" p SET "open_key" = p."open_key" || ':' || p."id"
  WHERE p."status" = 'pending' AND p."hold_ended_at" IS NULL AND EXISTS (
    SELECT 1 FROM "payments" q
    WHERE q."open_key" = p."open_key" AND q."status" = 'pending' AND q."hold_ended_at" IS NULL
      AND (q."created_at", q."id") > (p."created_at", p."id")
  );--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "open_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "network" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "users_signup_network" ON "users" USING btree ("signup_network","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_open_per_subject" ON "payments" USING btree ("open_key") WHERE "payments"."status" = 'pending' and "payments"."hold_ended_at" is null;--> statement-breakpoint
CREATE INDEX "payments_open_of_payer" ON "payments" USING btree ("user_id") WHERE "payments"."status" = 'pending' and "payments"."hold_ended_at" is null;--> statement-breakpoint
CREATE INDEX "payments_open_of_network" ON "payments" USING btree ("network") WHERE "payments"."status" = 'pending' and "payments"."hold_ended_at" is null;--> statement-breakpoint
CREATE INDEX "stay_bookings_held_network" ON "stay_bookings" USING btree ("network") WHERE "stay_bookings"."status" = 'held';--> statement-breakpoint
CREATE INDEX "uploads_created" ON "uploads" USING btree ("created_at");
