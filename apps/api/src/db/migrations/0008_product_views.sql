CREATE TABLE "product_views" (
	"product_id" uuid NOT NULL,
	"day" date NOT NULL,
	"viewer" text NOT NULL,
	CONSTRAINT "product_views_product_id_day_viewer_pk" PRIMARY KEY("product_id","day","viewer")
);
--> statement-breakpoint
ALTER TABLE "product_views" ADD CONSTRAINT "product_views_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_views_day" ON "product_views" USING btree ("day");