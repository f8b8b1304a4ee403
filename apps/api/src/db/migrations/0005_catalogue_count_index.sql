DROP INDEX "products_category_price";--> statement-breakpoint
CREATE INDEX "products_category_price" ON "products" USING btree ("category","price_cents","id","condition");