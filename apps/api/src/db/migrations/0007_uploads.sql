CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid,
	"url" text NOT NULL,
	"thumbnail_url" text,
	"kind" text NOT NULL,
	"bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "uploads_url_unique" UNIQUE("url"),
	CONSTRAINT "uploads_kind_known" CHECK ("uploads"."kind" in ('image', 'video')),
	CONSTRAINT "uploads_bytes_positive" CHECK ("uploads"."bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_owner" ON "uploads" USING btree ("owner_id","used_at");--> statement-breakpoint
CREATE INDEX "uploads_unused" ON "uploads" USING btree ("created_at") WHERE "uploads"."used_at" is null;--> statement-breakpoint
-- Files uploaded before this table existed, found where listings and posts use them. Their size on
-- disk is not known here; they count as one byte against their owner's quota.
INSERT INTO "uploads" ("owner_id", "url", "kind", "bytes", "used_at")
SELECT DISTINCT ON ("url") "owner", "url", "kind", 1, now()
FROM (
  SELECT "seller_id" AS "owner", unnest("images") AS "url", 'image' AS "kind" FROM "products"
  UNION ALL SELECT "author_id", "image", 'image' FROM "threads" WHERE "image" IS NOT NULL
  UNION ALL SELECT "author_id", "video", 'video' FROM "threads" WHERE "video" IS NOT NULL
  UNION ALL SELECT "author_id", "image", 'image' FROM "replies" WHERE "image" IS NOT NULL
  UNION ALL SELECT "author_id", "video", 'video' FROM "replies" WHERE "video" IS NOT NULL
) AS "used"
WHERE "url" LIKE '/api/uploads/%' AND "url" NOT LIKE '/api/uploads/sample/%'
ON CONFLICT ("url") DO NOTHING;
