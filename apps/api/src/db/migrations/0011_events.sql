CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"location" text NOT NULL,
	"image" text NOT NULL,
	"category" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"price_cents" bigint NOT NULL,
	"capacity" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"organizer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_price_not_negative" CHECK ("events"."price_cents" >= 0),
	CONSTRAINT "events_sold_within_capacity" CHECK ("events"."sold" >= 0 and "events"."sold" <= "events"."capacity"),
	CONSTRAINT "events_category_known" CHECK (category in ('Concert', 'Conference', 'Workshop', 'Sports', 'Exhibition'))
);
--> statement-breakpoint
CREATE TABLE "seat_holds" (
	"reference" text PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"state" text DEFAULT 'held' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "seat_holds_quantity_range" CHECK ("seat_holds"."quantity" between 1 and 10),
	CONSTRAINT "seat_holds_state_known" CHECK ("seat_holds"."state" in ('held', 'sold', 'released'))
);
--> statement-breakpoint
CREATE TABLE "ticket_scans" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_scans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ticket_id" text NOT NULL,
	"event_id" uuid,
	"scanned_by" uuid NOT NULL,
	"result" text NOT NULL,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_scans_result_known" CHECK ("ticket_scans"."result" in ('checked_in', 'already_checked_in', 'not_found', 'not_organizer'))
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"status" text DEFAULT 'valid' NOT NULL,
	"checked_in_at" timestamp with time zone,
	"checked_in_by" uuid,
	"payment_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_payment_reference_unique" UNIQUE("payment_reference"),
	CONSTRAINT "tickets_quantity_range" CHECK ("tickets"."quantity" between 1 and 10),
	CONSTRAINT "tickets_status_known" CHECK ("tickets"."status" in ('valid'))
);
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organizer_id_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_holds" ADD CONSTRAINT "seat_holds_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_holds" ADD CONSTRAINT "seat_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_scans" ADD CONSTRAINT "ticket_scans_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_scans" ADD CONSTRAINT "ticket_scans_scanned_by_users_id_fk" FOREIGN KEY ("scanned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_starts" ON "events" USING btree ("starts_at","id");--> statement-breakpoint
CREATE INDEX "events_category_starts" ON "events" USING btree ("category","starts_at","id");--> statement-breakpoint
CREATE INDEX "events_organizer" ON "events" USING btree ("organizer_id","starts_at");--> statement-breakpoint
CREATE INDEX "events_text_trgm" ON "events" USING gin (lower("title" || E'\n' || "location" || E'\n' || "description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "seat_holds_active" ON "seat_holds" USING btree ("event_id","expires_at") WHERE "seat_holds"."state" = 'held';--> statement-breakpoint
CREATE INDEX "ticket_scans_event" ON "ticket_scans" USING btree ("event_id","scanned_at");--> statement-breakpoint
CREATE INDEX "tickets_user" ON "tickets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tickets_event" ON "tickets" USING btree ("event_id");