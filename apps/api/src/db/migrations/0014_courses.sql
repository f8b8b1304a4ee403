CREATE TABLE "course_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"verification_code" text NOT NULL,
	"learner_name" text NOT NULL,
	"course_title" text NOT NULL,
	"instructor_name" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_certificates_verification_code_unique" UNIQUE("verification_code"),
	CONSTRAINT "course_certificates_course_user" UNIQUE("course_id","user_id"),
	CONSTRAINT "course_certificates_code_shape" CHECK (verification_code ~ '^SKN(-[0-9A-HJKMNP-TV-Z]{4}){3}$')
);
--> statement-breakpoint
CREATE TABLE "course_enrollments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"enrolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"price_paid_cents" bigint DEFAULT 0 NOT NULL,
	"payment_reference" text,
	CONSTRAINT "course_enrollments_payment_reference_unique" UNIQUE("payment_reference"),
	CONSTRAINT "course_enrollments_course_user" UNIQUE("course_id","user_id"),
	CONSTRAINT "course_enrollments_price_paid" CHECK ("course_enrollments"."price_paid_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "course_lessons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"content_type" text NOT NULL,
	"content_url" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"release_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_lessons_position" CHECK ("course_lessons"."position" >= 1),
	CONSTRAINT "course_lessons_content_type_known" CHECK (content_type in ('video', 'pdf', 'text')),
	CONSTRAINT "course_lessons_duration" CHECK (duration_minutes between 1 and 600)
);
--> statement-breakpoint
CREATE TABLE "course_ratings" (
	"course_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_ratings_course_id_user_id_pk" PRIMARY KEY("course_id","user_id"),
	CONSTRAINT "course_ratings_range" CHECK ("course_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"price_cents" bigint NOT NULL,
	"image" text NOT NULL,
	"category" text,
	"level" text NOT NULL,
	"language" text NOT NULL,
	"objectives" text[] DEFAULT '{}'::text[] NOT NULL,
	"instructor_id" uuid NOT NULL,
	"instructor_name" text NOT NULL,
	"instructor_title" text,
	"instructor_bio" text,
	"instructor_avatar" text,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"enrolled_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_price_not_negative" CHECK ("courses"."price_cents" >= 0),
	CONSTRAINT "courses_level_known" CHECK (level in ('Beginner', 'Intermediate', 'Advanced', 'All Levels')),
	CONSTRAINT "courses_rating_consistent" CHECK ("courses"."rating_sum" between "courses"."rating_count" and 5 * "courses"."rating_count"),
	CONSTRAINT "courses_enrolled_not_negative" CHECK ("courses"."enrolled_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lesson_completions" (
	"course_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_completions_course_id_user_id_lesson_id_pk" PRIMARY KEY("course_id","user_id","lesson_id")
);
--> statement-breakpoint
ALTER TABLE "course_certificates" ADD CONSTRAINT "course_certificates_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_certificates" ADD CONSTRAINT "course_certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_enrollments" ADD CONSTRAINT "course_enrollments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_enrollments" ADD CONSTRAINT "course_enrollments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD CONSTRAINT "course_lessons_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_ratings" ADD CONSTRAINT "course_ratings_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_ratings" ADD CONSTRAINT "course_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_instructor_id_users_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_completions" ADD CONSTRAINT "lesson_completions_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_completions" ADD CONSTRAINT "lesson_completions_enrollment_fk" FOREIGN KEY ("course_id","user_id") REFERENCES "public"."course_enrollments"("course_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_certificates_user" ON "course_certificates" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "course_enrollments_user" ON "course_enrollments" USING btree ("user_id","enrolled_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "courses_newest" ON "courses" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "courses_category_newest" ON "courses" USING btree ("category","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "courses_instructor" ON "courses" USING btree ("instructor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "courses_text_trgm" ON "courses" USING gin (lower("title" || E'\n' || "instructor_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lesson_completions_lesson" ON "lesson_completions" USING btree ("lesson_id");--> statement-breakpoint
-- A course's lessons hold positions 1..n, each once. Checked at commit, not per row: moving a lesson
-- shifts its neighbours one by one, and they pass through a taken position on the way.
ALTER TABLE "course_lessons" ADD CONSTRAINT "course_lessons_position_unique" UNIQUE ("course_id", "position") DEFERRABLE INITIALLY DEFERRED;
