CREATE TABLE "stock_holds" (
	"reference" text NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"state" text DEFAULT 'held' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stock_holds_reference_product_id_pk" PRIMARY KEY("reference","product_id"),
	CONSTRAINT "stock_holds_quantity_positive" CHECK ("stock_holds"."quantity" > 0),
	CONSTRAINT "stock_holds_state_known" CHECK ("stock_holds"."state" in ('held', 'sold', 'released'))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "hold_ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stock_holds" ADD CONSTRAINT "stock_holds_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_holds_active" ON "stock_holds" USING btree ("product_id","expires_at") WHERE "stock_holds"."state" = 'held';--> statement-breakpoint
CREATE INDEX "payments_holds_open" ON "payments" USING btree ("hold_expires_at") WHERE "payments"."status" = 'pending' and "payments"."hold_ended_at" is null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_stock_not_negative" CHECK ("products"."stock" >= 0);