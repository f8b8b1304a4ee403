CREATE TABLE "moderation_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "moderation_cases_subject" UNIQUE("subject","subject_id"),
	CONSTRAINT "moderation_cases_subject_known" CHECK (subject in ('product', 'stay', 'event', 'course', 'thread', 'reply', 'product_review', 'stay_review')),
	CONSTRAINT "moderation_cases_state_known" CHECK (state in ('open', 'hidden', 'restored'))
);
--> statement-breakpoint
CREATE TABLE "moderation_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid,
	"user_id" uuid,
	"action" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_decisions_action_known" CHECK (action in ('auto_hide', 'hide', 'restore', 'suspend')),
	CONSTRAINT "moderation_decisions_names_one" CHECK (("moderation_decisions"."case_id" is null) <> ("moderation_decisions"."user_id" is null))
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_once_per_reporter" UNIQUE("case_id","reporter_id"),
	CONSTRAINT "reports_reason_known" CHECK (reason in ('scam', 'prohibited', 'misleading', 'offensive', 'spam', 'other'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
ALTER TABLE "replies" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "replies" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "threads" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "threads" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
-- A course that has a lesson was on sale before drafts existed: it counts as published since it was made.
UPDATE "courses" SET "published_at" = "created_at"
WHERE EXISTS (SELECT 1 FROM "course_lessons" WHERE "course_lessons"."course_id" = "courses"."id");--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "short_code" text;--> statement-breakpoint
-- Tickets issued before #28 get a code of 8 characters from TICKET_CODE_ALPHABET (contracts' events-rules).
UPDATE "tickets" SET "short_code" = (
  SELECT string_agg(substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + floor(random() * 31)::int, 1), '')
  FROM generate_series(1, 8 + 0 * length("tickets"."id"))
);--> statement-breakpoint
ALTER TABLE "tickets" ALTER COLUMN "short_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "stay_reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stay_reviews" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_case_id_moderation_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."moderation_cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_case_id_moderation_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."moderation_cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_cases_queue" ON "moderation_cases" USING btree ("opened_at","id") WHERE "moderation_cases"."decided_at" is null;--> statement-breakpoint
CREATE INDEX "moderation_decisions_case" ON "moderation_decisions" USING btree ("case_id","decided_at");--> statement-breakpoint
CREATE INDEX "reports_reporter" ON "reports" USING btree ("reporter_id","created_at");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_short_code_unique" UNIQUE("short_code");