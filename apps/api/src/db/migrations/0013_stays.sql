CREATE TABLE "stay_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stay_id" uuid NOT NULL,
	"guest_id" uuid,
	"status" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"nights" integer NOT NULL,
	"price_per_night_cents" bigint DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"payment_reference" text,
	"confirmed_at" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stay_bookings_payment_reference_unique" UNIQUE("payment_reference"),
	CONSTRAINT "stay_bookings_status_known" CHECK ("stay_bookings"."status" in ('held', 'confirmed', 'expired', 'cancelled', 'blocked')),
	CONSTRAINT "stay_bookings_guest" CHECK (("stay_bookings"."guest_id" is null) = ("stay_bookings"."status" = 'blocked')),
	CONSTRAINT "stay_bookings_nights" CHECK ("stay_bookings"."nights" >= 1 and "stay_bookings"."nights" = greatest(1, "stay_bookings"."end_date" - "stay_bookings"."start_date")),
	CONSTRAINT "stay_bookings_amount" CHECK ("stay_bookings"."status" = 'blocked' or ("stay_bookings"."price_per_night_cents" > 0 and "stay_bookings"."amount_cents" = "stay_bookings"."nights" * "stay_bookings"."price_per_night_cents")),
	CONSTRAINT "stay_bookings_held_until" CHECK ("stay_bookings"."status" <> 'held' or "stay_bookings"."hold_expires_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "stay_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stay_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stay_reviews_booking_id_unique" UNIQUE("booking_id"),
	CONSTRAINT "stay_reviews_rating_range" CHECK ("stay_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "stays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"location" text NOT NULL,
	"price_per_night_cents" bigint NOT NULL,
	"bedrooms" integer NOT NULL,
	"bathrooms" integer NOT NULL,
	"guests" integer NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"amenities" text[] DEFAULT '{}'::text[] NOT NULL,
	"host_id" uuid NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"calendar_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stays_calendar_token_unique" UNIQUE("calendar_token"),
	CONSTRAINT "stays_price_positive" CHECK ("stays"."price_per_night_cents" > 0),
	CONSTRAINT "stays_rooms" CHECK ("stays"."bedrooms" >= 1 and "stays"."bathrooms" >= 0 and "stays"."guests" >= 1),
	CONSTRAINT "stays_amenities_known" CHECK (amenities <@ array['Wi-Fi', 'Hot Shower', 'Kitchen', 'Fireplace', 'Pool', 'Air Conditioning', 'Balcony', 'Elevator', 'Private Beach']::text[]),
	CONSTRAINT "stays_rating_consistent" CHECK ("stays"."rating_sum" between "stays"."review_count" and 5 * "stays"."review_count")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_status" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stay_bookings" ADD CONSTRAINT "stay_bookings_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_bookings" ADD CONSTRAINT "stay_bookings_guest_id_users_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_reviews" ADD CONSTRAINT "stay_reviews_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_reviews" ADD CONSTRAINT "stay_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_reviews" ADD CONSTRAINT "stay_reviews_booking_id_stay_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."stay_bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stay_bookings_guest" ON "stay_bookings" USING btree ("guest_id","start_date");--> statement-breakpoint
CREATE INDEX "stay_bookings_stay" ON "stay_bookings" USING btree ("stay_id","start_date");--> statement-breakpoint
CREATE INDEX "stay_reviews_stay" ON "stay_reviews" USING btree ("stay_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stays_newest" ON "stays" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stays_price" ON "stays" USING btree ("price_per_night_cents","id");--> statement-breakpoint
CREATE INDEX "stays_host" ON "stays" USING btree ("host_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stays_amenities" ON "stays" USING gin ("amenities");--> statement-breakpoint
CREATE INDEX "stays_text_trgm" ON "stays" USING gin (lower("title" || E'\n' || "location") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payments_refunds_pending" ON "payments" USING btree ("updated_at") WHERE "payments"."refund_status" = 'pending';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_status_known" CHECK ("payments"."refund_status" in ('pending', 'refunded'));--> statement-breakpoint
-- No two held, confirmed or blocked rows of one stay occupy the same night, whoever writes them and
-- however many at once: the database refuses the second (23P01). Nights are [start, start + nights).
ALTER TABLE "stay_bookings" ADD CONSTRAINT "stay_bookings_no_overlap" EXCLUDE USING gist ("stay_id" WITH =, daterange("start_date", "start_date" + "nights", '[)') WITH &&) WHERE ("status" in ('held', 'confirmed', 'blocked'));
--> statement-breakpoint
-- The list's "free on these dates" filter looks for taken nights across every stay at once: the
-- constraint's index leads with the stay, this one with the nights alone (docs/PERFORMANCE.md).
CREATE INDEX "stay_bookings_taken_nights" ON "stay_bookings" USING gist (daterange("start_date", "start_date" + "nights", '[)')) WHERE "status" in ('held', 'confirmed', 'blocked');
