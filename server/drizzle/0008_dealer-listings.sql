-- Dealers sell their trade-ins (decision 0018): a listing may have a seller (the dealer; null for
-- FieldLot's own), a private floor price, its review state and the admin's change request. The buyer's state
-- lets the seller see "A dealer in Iowa" before a sale.
ALTER TABLE "tractor_listings" ADD COLUMN "seller_user_id" uuid REFERENCES "users"("id") ON DELETE restrict;
--> statement-breakpoint
ALTER TABLE "tractor_listings" ADD COLUMN "floor_price_cents" bigint;
--> statement-breakpoint
ALTER TABLE "tractor_listings" ADD COLUMN "review_status" text;
--> statement-breakpoint
ALTER TABLE "tractor_listings" ADD COLUMN "change_request_reason" text;
--> statement-breakpoint
ALTER TABLE "tractor_listings" ADD COLUMN "submitted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "tractor_listings" ADD CONSTRAINT "tractor_listings_review_status_check" CHECK ("tractor_listings"."review_status" is null or "tractor_listings"."review_status" in ('draft','in_review','changes_requested','approved','withdrawn'));
--> statement-breakpoint
ALTER TABLE "tractor_listings" ADD CONSTRAINT "tractor_listings_seller_review_check" CHECK (("tractor_listings"."seller_user_id" is null) = ("tractor_listings"."review_status" is null));
--> statement-breakpoint
ALTER TABLE "tractor_listings" ADD CONSTRAINT "tractor_listings_floor_price_check" CHECK ("tractor_listings"."floor_price_cents" is null or "tractor_listings"."floor_price_cents" >= 0);
--> statement-breakpoint
ALTER TABLE "tractor_listings" ADD CONSTRAINT "tractor_listings_live_approved_check" CHECK ("tractor_listings"."review_status" is null or "tractor_listings"."status" <> 'active' or "tractor_listings"."review_status" = 'approved');
--> statement-breakpoint
CREATE INDEX "tractor_listings_seller_idx" ON "tractor_listings" USING btree ("seller_user_id","updated_at");
--> statement-breakpoint
CREATE INDEX "tractor_listings_review_idx" ON "tractor_listings" USING btree ("review_status") WHERE "review_status" = 'in_review';
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "state" text;
