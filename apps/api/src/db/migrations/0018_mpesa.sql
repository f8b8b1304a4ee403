ALTER TABLE "payments" ADD COLUMN "method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "prompt_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "quantity" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_known" CHECK ("payments"."method" in ('mpesa', 'card'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_mpesa_has_phone" CHECK ("payments"."method" <> 'mpesa' or "payments"."phone" is not null);--> statement-breakpoint
UPDATE "payments" SET "quantity" = "seat_holds"."quantity" FROM "seat_holds" WHERE "seat_holds"."reference" = "payments"."reference" AND "payments"."payment_type" = 'event';
