CREATE TABLE "product_daily_stats" (
	"product_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"units_sold" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_daily_stats_product_id_day_pk" PRIMARY KEY("product_id","day")
);
--> statement-breakpoint
CREATE TABLE "product_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_reviews_one_per_user" UNIQUE("product_id","user_id"),
	CONSTRAINT "product_reviews_rating_range" CHECK ("product_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"price_cents" bigint NOT NULL,
	"original_price_cents" bigint,
	"category" text NOT NULL,
	"condition" text NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"seller_id" uuid NOT NULL,
	"seller_contact" text NOT NULL,
	"shop_location" text DEFAULT '' NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"is_trending" boolean DEFAULT false NOT NULL,
	"trending_score" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_positive" CHECK ("products"."price_cents" > 0),
	CONSTRAINT "products_original_price_not_below_price" CHECK ("products"."original_price_cents" is null or "products"."original_price_cents" >= "products"."price_cents"),
	CONSTRAINT "products_category_known" CHECK (category in ('electronics', 'fashion', 'groceries-non-perishable', 'automotive', 'furniture', 'phones', 'books-media', 'home-improvement', 'toys-games', 'music-instruments', 'baby-products', 'sports-outdoors', 'photography', 'art-crafts', 'garden-patio', 'beverages', 'travel-accessories', 'pet-supplies', 'jewelry-watches', 'camping-hiking', 'office-supplies', 'health-beauty')),
	CONSTRAINT "products_condition_known" CHECK ("products"."condition" in ('New', 'Used', 'Refurbished')),
	CONSTRAINT "products_rating_consistent" CHECK ("products"."rating_sum" between "products"."review_count" and 5 * "products"."review_count")
);
--> statement-breakpoint
ALTER TABLE "product_daily_stats" ADD CONSTRAINT "product_daily_stats_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_daily_stats_day" ON "product_daily_stats" USING btree ("day");--> statement-breakpoint
CREATE INDEX "product_reviews_product_newest" ON "product_reviews" USING btree ("product_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_newest" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_category_newest" ON "products" USING btree ("category","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_price" ON "products" USING btree ("price_cents","id");--> statement-breakpoint
CREATE INDEX "products_category_price" ON "products" USING btree ("category","price_cents","id");--> statement-breakpoint
CREATE INDEX "products_seller" ON "products" USING btree ("seller_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_featured" ON "products" USING btree ("created_at" DESC NULLS FIRST) WHERE "products"."is_featured";--> statement-breakpoint
CREATE INDEX "products_trending" ON "products" USING btree ("trending_score" DESC NULLS FIRST) WHERE "products"."is_trending";--> statement-breakpoint
CREATE INDEX "products_title_trgm" ON "products" USING gin (lower("title") gin_trgm_ops);