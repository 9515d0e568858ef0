-- Integration of issues 13, 14 and 17 (docs/decisions/0019-purchases-and-documents.md#amended):
-- a purchase on a dealer's listing names that dealer as its seller (they read it, read-only); a purchase belongs
-- to the offer's dealership (buyer_user_id stays the member who acted); a cancelled sale's accepted offer
-- becomes 'returned' so the tractor can be sold again (tractor_offers_one_accepted_key counts only 'accepted').
UPDATE "purchases" p SET "seller_user_id" = l."seller_user_id"
FROM "tractor_listings" l
WHERE l."id" = p."listing_id" AND l."seller_user_id" IS NOT NULL AND p."seller_user_id" <> l."seller_user_id";
--> statement-breakpoint
CREATE INDEX "purchases_seller_idx" ON "purchases" USING btree ("seller_user_id","created_at" DESC);
--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "dealership_id" uuid REFERENCES "dealerships"("id") ON DELETE restrict;
--> statement-breakpoint
UPDATE "purchases" p SET "dealership_id" = o."dealership_id"
FROM "tractor_offers" o WHERE o."id" = p."offer_id" AND o."dealership_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "purchases_dealership_idx" ON "purchases" USING btree ("dealership_id","created_at" DESC);
--> statement-breakpoint
ALTER TABLE "tractor_offers" DROP CONSTRAINT "tractor_offers_status_check";
--> statement-breakpoint
ALTER TABLE "tractor_offers" ADD CONSTRAINT "tractor_offers_status_check" CHECK ("tractor_offers"."status" in ('pending','countered','accepted','rejected','withdrawn','replaced','expired','returned'));
--> statement-breakpoint
UPDATE "tractor_offers" o SET "status" = 'returned'
FROM "purchases" p WHERE p."offer_id" = o."id" AND p."status" = 'cancelled' AND o."status" = 'accepted';
